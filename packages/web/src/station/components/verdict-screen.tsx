import { STATION_MSG, type StationVerdict } from '../lib/contracts';

interface VerdictScreenProps {
  verdict: StationVerdict;
  flowName: string;
  onDismiss: () => void;
}

/**
 * The server's verdict over the whole screen, readable from a step away: green
 * 合格, or red 不合格 with what failed. A tap or the next scan dismisses it (the
 * scan field keeps the focus underneath).
 */
export function VerdictScreen({ verdict, flowName, onDismiss }: VerdictScreenProps) {
  const pass = verdict.status === 'TEST_SUCCESS';
  const failedItems = verdict.items.filter((item) => item.result !== 1);
  const failedManual = verdict.manual.filter((item) => !item.pass);
  return (
    <div
      className={`verdict ${pass ? 'verdict--pass' : 'verdict--fail'}`}
      role="alertdialog"
      aria-label="检测结果"
      onClick={onDismiss}
    >
      <div className="verdict__body">
        <div className="verdict__icon" aria-hidden>
          {pass ? '✓' : '✗'}
        </div>
        <div className="verdict__title">{pass ? STATION_MSG.pass : STATION_MSG.fail}</div>
        <div className="verdict__meta">
          生产码 {verdict.productionCode} · {flowName}
        </div>
        {!pass && (failedItems.length > 0 || failedManual.length > 0) && (
          <table className="verdict__failures">
            <thead>
              <tr>
                <th>不合格项</th>
                <th>实测值</th>
                <th>标准</th>
              </tr>
            </thead>
            <tbody>
              {failedItems.map((item) => (
                <tr key={`item-${item.itemId}`}>
                  <td>{item.name}</td>
                  <td>{item.value ?? '未录入'}</td>
                  <td>{item.standard}</td>
                </tr>
              ))}
              {failedManual.map((item) => (
                <tr key={`manual-${item.itemId}`}>
                  <td>{item.name}</td>
                  <td>人工判定不合格</td>
                  <td>合格</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <div className="verdict__hint">点击屏幕或扫描下一台设备继续</div>
      </div>
    </div>
  );
}
