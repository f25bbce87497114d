import type { Dispatch, SetStateAction } from 'react';
import type { DtuAssignment } from '../lib/dtu-api';
import { ManualChecks } from './manual-checks';

/** What the operator still has to confirm before a unit is submitted, as a notice; null when every key test is. */
export function unconfirmedKeyTests(assignment: DtuAssignment, checks: Record<string, boolean>): string | null {
  const unconfirmed = assignment.keyTests.filter((test) => checks[test.code] === undefined);
  return unconfirmed.length > 0 ? `请确认按键检测：${unconfirmed.map((test) => test.name).join('、')}` : null;
}

interface KeyChecksProps {
  assignment: DtuAssignment;
  checks: Record<string, boolean>;
  onChange: Dispatch<SetStateAction<Record<string, boolean>>>;
}

/** The DTU's key (button) tests, each confirmed 合格 or 不合格 by the operator. */
export function KeyChecks({ assignment, checks, onChange }: KeyChecksProps) {
  if (assignment.keyTests.length === 0) return null;
  return (
    <section className="form-section">
      <h2 className="form-section__title">按键检测</h2>
      <ManualChecks
        kind="按键检测"
        items={assignment.keyTests.map((test) => ({ id: test.code, name: test.name, hint: test.checkCmd }))}
        checks={checks}
        onChange={(code, pass) =>
          onChange((current) => {
            const next = { ...current };
            if (pass === undefined) delete next[code];
            else next[code] = pass;
            return next;
          })
        }
      />
    </section>
  );
}
