import { useState } from 'react';
import { type DtuAssignment, type DtuResultBody, scanDtuUnit, unitOf } from '../lib/dtu-api';
import type { DtuResults } from '../hooks/use-dtu-results';
import { useUnitUnderTest } from '../hooks/use-unit-under-test';
import { DtuScanBox } from './dtu-scan-box';
import { type DtuVerdict, failureRowsOf } from './dtu-verdict-screen';
import { DtuUnitPanel } from './dtu-unit-panel';
import { KeyChecks, unconfirmedKeyTests } from './key-checks';
import { TestFormActions } from './test-form-actions';

interface PartsCheckFormProps {
  token: string;
  assignment: DtuAssignment;
  results: DtuResults;
  /** a scan started: the verdict of the last unit goes away */
  onScanStart: () => void;
  onVerdict: (verdict: DtuVerdict) => void;
  /** the server refused a scan or result: the task may have stopped meanwhile */
  onRefused: () => void;
  onExpired: (message: string) => void;
}

/**
 * One unit at a time, scanner first: scan its IMEI or MAC (the server starts or
 * resumes its test), watch its values and verdicts arrive, confirm the key tests,
 * submit. The server judges; a result that cannot be sent waits in the offline
 * queue with its clientResultId. A unit not submitted stays open on the server:
 * scanning it again resumes it.
 */
export function PartsCheckForm({ token, assignment, results, onScanStart, onVerdict, onRefused, onExpired }: PartsCheckFormProps) {
  const { identity } = assignment.dtu;
  const [keyChecks, setKeyChecks] = useState<Record<string, boolean>>({});
  const [submitting, setSubmitting] = useState(false);
  const tested = useUnitUnderTest({
    token,
    identity,
    start: (code) => scanDtuUnit(token, identity, code),
    submitting,
    onUnitChange: () => setKeyChecks({}),
    onScanStart,
    onRefused,
    onExpired,
  });
  const { unit, clientResultId, stale, setNotice, clear, backToScan, refused } = tested;

  const submit = async () => {
    if (!unit || !clientResultId) return;
    const unconfirmed = unconfirmedKeyTests(assignment, keyChecks);
    if (unconfirmed) {
      setNotice({ tone: 'warn', text: unconfirmed });
      return;
    }
    const under = unit;
    const checks = keyChecks;
    const body: DtuResultBody = {
      ...unitOf(identity, under.code),
      clientResultId,
      keyResults: assignment.keyTests.map((test) => ({ code: test.code, pass: checks[test.code]! })),
    };
    setSubmitting(true);
    const outcome = await results.submit(body, assignment.taskName);
    setSubmitting(false);
    if (outcome.status === 'done') {
      clear();
      setNotice(null);
      const { answer } = outcome;
      onVerdict({ code: under.code, taskName: assignment.taskName, answer, failures: failureRowsOf(assignment, under, checks, answer.failures) });
    } else if (outcome.status === 'refused') {
      refused(outcome.message);
    } else if (outcome.status === 'queued') {
      clear();
      setNotice({ tone: 'info', text: `网络异常：设备${under.code}的结果已暂存，恢复后自动上传` });
    }
    backToScan();
  };

  return (
    <div className="test-form parts-check">
      <DtuScanBox tested={tested} prompt={`请扫描设备${identity}`} identity={identity} />
      {unit ? (
        <>
          <DtuUnitPanel assignment={assignment} unit={unit} stale={stale} />
          <KeyChecks assignment={assignment} checks={keyChecks} onChange={setKeyChecks} />
        </>
      ) : (
        <section className="form-section parts-check__waiting">
          <h2 className="form-section__title">检测项</h2>
          <p className="parts-check__hint">
            设备接上工装并上电后，扫描设备的{identity}开始检测：共 {assignment.items.length} 项自动检测
            {assignment.keyTests.length > 0 ? `、${assignment.keyTests.length} 项按键检测` : ''}。
          </p>
        </section>
      )}
      <TestFormActions
        submitting={submitting}
        hasUnit={!!unit}
        onClear={() => {
          clear();
          setNotice(null);
          backToScan();
        }}
        onSubmit={() => void submit()}
      />
    </div>
  );
}
