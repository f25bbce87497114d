import type { StationDtuUnit } from '../lib/contracts';
import type { DtuAssignment } from '../lib/dtu-api';

type UnitValue = StationDtuUnit['values'][number];
type Item = DtuAssignment['items'][number];

interface DtuUnitPanelProps {
  assignment: DtuAssignment;
  unit: StationDtuUnit;
  /** the last questions for the unit got no answer: what shows may be behind */
  stale: boolean;
}

const valueOf = (unit: StationDtuUnit, item: Item): UnitValue | undefined =>
  unit.values.find((value) => value.kind === item.kind && value.code === item.code);

/** The server's verdict of a value: judged as it arrived. */
function Mark({ value }: { value: UnitValue | undefined }) {
  if (!value || value.pass === null) return <span className="mark mark--empty">等待上报</span>;
  return value.pass ? <span className="mark mark--pass">✓ 合格</span> : <span className="mark mark--fail">✗ 不合格</span>;
}

/**
 * The unit on the fixture, live: each item under test with its standard, the
 * latest value the DTU (or a serial terminal) reported and the server's verdict;
 * the major/minor to write to it; whether its own report reached the server; the
 * other values it reported, small, below.
 */
export function DtuUnitPanel({ assignment, unit, stale }: DtuUnitPanelProps) {
  const reported = assignment.items.filter((item) => valueOf(unit, item)?.value != null).length;
  const base = unit.values.filter((value) => value.kind === 'BASE');
  return (
    <section className="form-section dtu-unit" aria-label="待测设备">
      <header className="dtu-unit__head">
        <span className="dtu-unit__code">{unit.code}</span>
        <span className="dtu-unit__meta">
          开始 {unit.startTime.slice(11, 19) || unit.startTime} · 已上报 {reported}/{assignment.items.length}
        </span>
        <span className={`dtu-unit__verify ${unit.serverVerified ? 'dtu-unit__verify--ok' : ''}`} aria-label="服务器校验">
          {unit.serverVerified ? '服务器校验：已收到设备上报' : '服务器校验：等待设备上报…'}
        </span>
      </header>
      {stale && (
        <div className="notice notice--warn" role="status">
          连接中断，数值暂未更新，正在重试…
        </div>
      )}
      {unit.majorMinor && (
        <div className="dtu-unit__delivery" role="group" aria-label="数据下发">
          <span className="dtu-unit__delivery-label">请写入设备</span>
          <span className="dtu-unit__delivery-value">
            major <strong>{unit.majorMinor.major}</strong>
          </span>
          <span className="dtu-unit__delivery-value">
            minor <strong>{unit.majorMinor.minor}</strong>
          </span>
        </div>
      )}
      {assignment.items.map((item) => {
        const value = valueOf(unit, item);
        return (
          <div key={`${item.kind}-${item.code}`} className="item-row dtu-item" role="group" aria-label={`检测项 ${item.name}`}>
            <div className="item-row__head">
              <span className="item-row__name">
                {item.name}
                {item.kind === 'SERIAL' && <span className="dtu-item__kind">串口</span>}
              </span>
              <span className="item-row__standard">标准：{item.standard}</span>
            </div>
            <div className="dtu-item__value">
              {value?.value ?? <span className="dtu-item__none">—</span>}
              {value?.duplicate && <span className="dtu-item__duplicate">已被其他设备使用</span>}
            </div>
            <div className="item-row__mark">
              <Mark value={value} />
            </div>
          </div>
        );
      })}
      {base.length > 0 && (
        <dl className="dtu-unit__base" aria-label="其他上报值">
          {base.map((value) => (
            <div key={value.code} className="dtu-unit__base-entry">
              <dt>{value.name}</dt>
              <dd>{value.value ?? '—'}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
