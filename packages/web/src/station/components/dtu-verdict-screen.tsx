import type { StationDtuResultAnswer, StationDtuUnit } from '../lib/contracts';
import type { DtuAssignment } from '../lib/dtu-api';
import { type FailureRow, Verdict } from './verdict-screen';

/** The verdict goes by itself after this, for the next unit; a tap or the next scan is sooner. */
export const DTU_VERDICT_MS = 5_000;

/** A unit's verdict as the server answered it, with what failed as the operator saw it. */
export interface DtuVerdict {
  code: string;
  taskName: string;
  answer: StationDtuResultAnswer;
  failures: FailureRow[];
}

/**
 * The failures the server named, each with the value the unit last reported and
 * the standard (a key test: the operator's 不合格 or no confirmation).
 */
export function failureRowsOf(assignment: DtuAssignment, unit: StationDtuUnit, keyChecks: Record<string, boolean>, failures: string[]): FailureRow[] {
  return failures.map((name, index) => {
    const key = `${index}-${name}`;
    const item = assignment.items.find((candidate) => candidate.name === name);
    if (item) {
      const value = unit.values.find((candidate) => candidate.kind === item.kind && candidate.code === item.code)?.value;
      return { key, name, value: value ?? '未上报', standard: item.standard };
    }
    const keyTest = assignment.keyTests.find((candidate) => candidate.name === name);
    if (keyTest) return { key, name, value: keyChecks[keyTest.code] === false ? '人工判定不合格' : '未确认', standard: '合格' };
    return { key, name, value: '—', standard: '—' };
  });
}

interface DtuVerdictScreenProps {
  verdict: DtuVerdict;
  onDismiss: () => void;
}

/** The parts check's full-screen 合格 / 不合格 of one unit. */
export function DtuVerdictScreen({ verdict, onDismiss }: DtuVerdictScreenProps) {
  const { code, taskName, answer, failures } = verdict;
  return (
    <Verdict
      pass={answer.testStatus === 'PASS'}
      meta={answer.replayed ? `设备 ${code} · ${taskName} · 此前已提交的结果` : `设备 ${code} · ${taskName}`}
      failures={failures}
      onDismiss={onDismiss}
    />
  );
}
