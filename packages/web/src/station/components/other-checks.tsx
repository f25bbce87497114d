import type { DtuOtherProp } from '../lib/dtu-api';

/** What the inspector entered for one other property: the measured value and, once chosen, 合格 or 不合格. */
export interface OtherCheck {
  actValue: string;
  pass?: boolean;
}

/** What the server takes as a measured value (DTU_SUBMISSION_MSG.actValueRule). */
export const ACT_VALUE_MAX = 64;

/** A property still missing its value or its verdict. */
export const isUnfilled = (check: OtherCheck | undefined) => !check || check.actValue.trim() === '' || check.pass === undefined;

interface OtherChecksProps {
  props: DtuOtherProp[];
  checks: Record<number, OtherCheck>;
  /** after a refused 提交: the rows still missing something are marked */
  showMissing: boolean;
  onChange: (propertyId: number, check: OtherCheck) => void;
}

/**
 * 其他检测: the DTU's other (manual) properties a sample is judged on, each with
 * its category, standard and tool, the value the inspector measured and the
 * inspector's 合格 / 不合格 (a second tap on the chosen one clears it).
 */
export function OtherChecks({ props, checks, showMissing, onChange }: OtherChecksProps) {
  if (props.length === 0) return null;
  return (
    <section className="form-section other-checks" aria-label="其他检测">
      <h2 className="form-section__title">其他检测</h2>
      {props.map((prop) => {
        const check = checks[prop.id] ?? { actValue: '' };
        const missing = showMissing && isUnfilled(check);
        return (
          <div key={prop.id} className={`other-check${missing ? ' other-check--missing' : ''}`} role="group" aria-label={`其他检测 ${prop.property}`}>
            <div className="other-check__head">
              <span className="other-check__name">
                {prop.category && <span className="other-check__category">{prop.category}</span>}
                {prop.property}
              </span>
              <span className="other-check__standard">标准：{prop.checkStandard || '—'}</span>
              <span className="other-check__tool">工具：{prop.checkTool || '—'}</span>
            </div>
            <input
              className="value-field other-check__value"
              aria-label={`${prop.property} 实测值`}
              placeholder="实测值"
              autoComplete="off"
              maxLength={ACT_VALUE_MAX}
              value={check.actValue}
              onChange={(event) => onChange(prop.id, { ...check, actValue: event.target.value })}
            />
            <div className="toggle-pair">
              <button
                type="button"
                className="toggle toggle--pass"
                aria-pressed={check.pass === true}
                onClick={() => onChange(prop.id, { ...check, pass: check.pass === true ? undefined : true })}
              >
                合格
              </button>
              <button
                type="button"
                className="toggle toggle--fail"
                aria-pressed={check.pass === false}
                onClick={() => onChange(prop.id, { ...check, pass: check.pass === false ? undefined : false })}
              >
                不合格
              </button>
            </div>
          </div>
        );
      })}
    </section>
  );
}
