import type { ReactNode } from 'react';
import { STATION_MSG, type StationVerdict } from '../lib/contracts';

/** A failed item as the verdict lists it: what, the value measured (or why it failed), the standard. */
export interface FailureRow {
  key: string;
  name: string;
  value: string;
  standard: string;
}

interface VerdictProps {
  pass: boolean;
  /** which unit, where: one line under the verdict */
  meta: ReactNode;
  failures: FailureRow[];
  onDismiss: () => void;
  /** more lines under the failures (a sample: its batch's progress) */
  children?: ReactNode;
}

/**
 * The server's verdict over the whole screen, readable from a step away: green
 * 合格, or red 不合格 with what failed. A tap or the next scan dismisses it (the
 * scan field keeps the focus underneath). The overall check and the parts check show it alike.
 */
export function Verdict({ pass, meta, failures, onDismiss, children }: VerdictProps) {
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
        <div className="verdict__meta">{meta}</div>
        {!pass && failures.length > 0 && (
          <table className="verdict__failures">
            <thead>
              <tr>
                <th>不合格项</th>
                <th>实测值</th>
                <th>标准</th>
              </tr>
            </thead>
            <tbody>
              {failures.map((row) => (
                <tr key={row.key}>
                  <td>{row.name}</td>
                  <td>{row.value}</td>
                  <td>{row.standard}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {children}
        <div className="verdict__hint">点击屏幕或扫描下一台设备继续</div>
      </div>
    </div>
  );
}

interface VerdictScreenProps {
  verdict: StationVerdict;
  flowName: string;
  onDismiss: () => void;
}

/** The overall check's verdict of one flow, with each failing item, manual check, value and standard. */
export function VerdictScreen({ verdict, flowName, onDismiss }: VerdictScreenProps) {
  const failures: FailureRow[] = [
    ...verdict.items
      .filter((item) => item.result !== 1)
      .map((item) => ({ key: `item-${item.itemId}`, name: item.name, value: item.value ?? '未录入', standard: item.standard })),
    ...verdict.manual
      .filter((item) => !item.pass)
      .map((item) => ({ key: `manual-${item.itemId}`, name: item.name, value: '人工判定不合格', standard: '合格' })),
  ];
  return (
    <Verdict
      pass={verdict.status === 'TEST_SUCCESS'}
      meta={`生产码 ${verdict.productionCode} · ${flowName}`}
      failures={failures}
      onDismiss={onDismiss}
    />
  );
}
