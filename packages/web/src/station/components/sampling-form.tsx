import { useState } from 'react';
import { DTU_SUBMISSION_MSG, type StationDtuResultAnswer, type StationDtuUnit } from '../lib/contracts';
import { type DtuAssignment, type DtuResultBody, type DtuSamplingBatch, scanDtuUnit, submitDtuSample, unitOf } from '../lib/dtu-api';
import { StationError } from '../lib/station-api';
import type { DtuResults } from '../hooks/use-dtu-results';
import { useUnitUnderTest } from '../hooks/use-unit-under-test';
import { DtuScanBox } from './dtu-scan-box';
import { failureRowsOf } from './dtu-verdict-screen';
import { DtuUnitPanel } from './dtu-unit-panel';
import { KeyChecks, unconfirmedKeyTests } from './key-checks';
import { isUnfilled, type OtherCheck, OtherChecks } from './other-checks';
import type { SampleVerdict } from './sample-verdict-screen';
import type { FailureRow } from './verdict-screen';
import { TestFormActions } from './test-form-actions';

interface SamplingFormProps {
  token: string;
  assignment: DtuAssignment;
  /** the batch being sampled (PENDING) */
  batch: DtuSamplingBatch;
  results: DtuResults;
  onScanStart: () => void;
  onVerdict: (verdict: SampleVerdict) => void;
  /** the batch as an answer left it: its progress, and whether this sample decided it */
  onBatch: (batch: DtuSamplingBatch) => void;
  onRefused: () => void;
  onExpired: (message: string) => void;
}

/** A resumed sample's other checks as the server holds them (sent before, its result not yet). */
function checksOf(assignment: DtuAssignment, unit: StationDtuUnit | null): Record<number, OtherCheck> {
  const known = new Set(assignment.otherProps.map((prop) => prop.id));
  return Object.fromEntries(
    (unit?.otherResults ?? []).filter((result) => known.has(result.propertyId)).map((result) => [result.propertyId, { actValue: result.actValue, pass: result.result }]),
  );
}

/** The other checks judged 不合格, as the verdict lists them (unless the server named them among its failures already). */
function otherFailureRows(assignment: DtuAssignment, checks: Record<number, OtherCheck>, named: string[]): FailureRow[] {
  return assignment.otherProps
    .filter((prop) => checks[prop.id]?.pass === false && !named.includes(prop.property))
    .map((prop) => ({ key: `other-${prop.id}`, name: prop.property, value: checks[prop.id]!.actValue, standard: prop.checkStandard || '—' }));
}

/**
 * One sample of the chosen batch at a time, as production tests a unit: scan it
 * (in this batch), watch its values, confirm its key tests, and judge each other
 * property with its measured value. 提交 sends the other checks first, online (the
 * sample exists since its scan; a failure keeps the form), then the result through
 * the result queue as in production.
 */
export function SamplingForm({ token, assignment, batch, results, onScanStart, onVerdict, onBatch, onRefused, onExpired }: SamplingFormProps) {
  const { identity } = assignment.dtu;
  const [keyChecks, setKeyChecks] = useState<Record<string, boolean>>({});
  const [otherChecks, setOtherChecks] = useState<Record<number, OtherCheck>>({});
  const [showMissing, setShowMissing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const tested = useUnitUnderTest({
    token,
    identity,
    start: (code) => scanDtuUnit(token, identity, code, batch.id),
    submitting,
    onUnitChange: (unit) => {
      setKeyChecks({});
      setOtherChecks(checksOf(assignment, unit));
      setShowMissing(false);
    },
    onScanStart,
    onRefused,
    onExpired,
  });
  const { unit, clientResultId, stale, setNotice, clear, backToScan, refused } = tested;

  /** The other checks, online: the batch after them, or null when they could not be sent (the form stays as it is). */
  const sendOtherChecks = async (code: string, checks: Record<number, OtherCheck>): Promise<{ batch: DtuSamplingBatch | null } | null> => {
    // A DTU without other properties has nothing to send (the server takes at least one).
    if (assignment.otherProps.length === 0) return { batch: null };
    try {
      const answer = await submitDtuSample(token, {
        ...unitOf(identity, code),
        batchId: batch.id,
        otherResults: assignment.otherProps.map((prop) => ({ propertyId: prop.id, actValue: checks[prop.id]!.actValue.trim(), pass: checks[prop.id]!.pass! })),
      });
      return { batch: answer.batch };
    } catch (failure) {
      if (failure instanceof StationError && failure.kind === 'refused') {
        setNotice({ tone: 'error', text: failure.message });
        onRefused();
      } else if (failure instanceof StationError && failure.kind === 'session') {
        onExpired(failure.message);
      } else {
        setNotice({ tone: 'error', text: `无法连接服务器：设备${code}的其他检测结果未能提交，请检查网络后重新提交` });
      }
      return null;
    }
  };

  const verdictOf = (code: string, under: StationDtuUnit, answer: StationDtuResultAnswer, checks: Record<number, OtherCheck>, sampled: DtuSamplingBatch | null): SampleVerdict => {
    const othersPass = assignment.otherProps.every((prop) => checks[prop.id]?.pass === true);
    return {
      code,
      pass: answer.testStatus === 'PASS' && othersPass,
      failures: [...failureRowsOf(assignment, under, keyChecks, answer.failures), ...otherFailureRows(assignment, checks, answer.failures)],
      replayed: answer.replayed,
      batch: answer.batch ?? sampled,
    };
  };

  const submit = async () => {
    if (!unit || !clientResultId) return;
    const unconfirmed = unconfirmedKeyTests(assignment, keyChecks);
    if (unconfirmed) {
      setNotice({ tone: 'warn', text: unconfirmed });
      return;
    }
    const unfilled = assignment.otherProps.filter((prop) => isUnfilled(otherChecks[prop.id]));
    if (unfilled.length > 0) {
      setShowMissing(true);
      setNotice({ tone: 'warn', text: `${DTU_SUBMISSION_MSG.sampleResultsRequired}：${unfilled.map((prop) => prop.property).join('、')}` });
      return;
    }
    const under = unit;
    const checks = otherChecks;
    setSubmitting(true);
    const sampled = await sendOtherChecks(under.code, checks);
    if (!sampled) {
      setSubmitting(false);
      backToScan();
      return;
    }
    const body: DtuResultBody = {
      ...unitOf(identity, under.code),
      clientResultId,
      keyResults: assignment.keyTests.map((test) => ({ code: test.code, pass: keyChecks[test.code]! })),
    };
    const outcome = await results.submit(body, `${assignment.taskName} · 抽检 ${batch.batchId}`);
    setSubmitting(false);
    if (outcome.status === 'done') {
      clear();
      setNotice(null);
      const verdict = verdictOf(under.code, under, outcome.answer, checks, sampled.batch);
      onVerdict(verdict);
      // Told only now: a batch the other checks decided sends the page back to the list, which must not cut the result off.
      if (verdict.batch) onBatch(verdict.batch);
    } else if (outcome.status === 'refused') {
      refused(outcome.message);
    } else if (outcome.status === 'queued') {
      clear();
      setNotice({ tone: 'info', text: `网络异常：设备${under.code}的结果已暂存，恢复后自动上传` });
      if (sampled.batch) onBatch(sampled.batch);
    }
    backToScan();
  };

  return (
    <div className="test-form parts-check sampling-form">
      <DtuScanBox tested={tested} prompt={`请扫描批次${batch.batchId}的样本${identity}`} identity={identity} />
      {unit ? (
        <>
          <DtuUnitPanel assignment={assignment} unit={unit} stale={stale} />
          <KeyChecks assignment={assignment} checks={keyChecks} onChange={setKeyChecks} />
          <OtherChecks
            props={assignment.otherProps}
            checks={otherChecks}
            showMissing={showMissing}
            onChange={(propertyId, check) => setOtherChecks((current) => ({ ...current, [propertyId]: check }))}
          />
        </>
      ) : (
        <section className="form-section parts-check__waiting">
          <h2 className="form-section__title">检测项</h2>
          <p className="parts-check__hint">
            从批次 {batch.batchId} 中抽取样本，接上工装并上电后扫描设备的{identity}开始检测：共 {assignment.items.length} 项自动检测
            {assignment.keyTests.length > 0 ? `、${assignment.keyTests.length} 项按键检测` : ''}
            {assignment.otherProps.length > 0 ? `、${assignment.otherProps.length} 项其他检测` : ''}。
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
