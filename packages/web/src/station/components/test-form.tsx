import { useRef, useState } from 'react';
import { STATION_MSG, type StationDevice, type StationVerdict } from '../lib/contracts';
import { newClientResultId } from '../lib/client-result-id';
import { type Assignment, type Draft, draftKey, emptyDraft, loadDraft, missingInput, type ResultBody, resultBody, saveDraft } from '../lib/draft';
import { checkDevice, StationError, submitResult } from '../lib/station-api';
import { useScanFocus } from '../hooks/use-scan-focus';
import { ItemRow } from './item-row';
import { ManualChecks } from './manual-checks';
import { ScanBox } from './scan-box';

interface TestFormProps {
  token: string;
  terminalId: number;
  assignment: Assignment;
  /** results wait in the queue: a new one joins it, so the server sees them in the order they were made */
  queueWaiting: boolean;
  /** a scan started: the verdict of the last device goes away */
  onScanStart: () => void;
  onVerdict: (verdict: StationVerdict) => void;
  onQueue: (body: ResultBody) => void;
  onExpired: (message: string) => void;
}

type Notice = { tone: 'warn' | 'error' | 'info'; text: string } | null;

/** Where the unit keeps each code after the production code (scanCodesOf). */
const BOUND_FIELDS: Record<string, 'sn' | 'mac' | 'imei'> = { SN码: 'sn', MAC: 'mac', IMEI: 'imei' };

/**
 * One test of one device at this flow: scan its codes, enter each value with
 * the standard and a live mark beside it, tick the manual checks, submit. What is
 * scanned and entered is saved as a draft on every change (lib/draft).
 */
export function TestForm({ token, terminalId, assignment, queueWaiting, onScanStart, onVerdict, onQueue, onExpired }: TestFormProps) {
  const key = draftKey(terminalId, assignment);
  const [draft, setDraft] = useState<Draft>(() => loadDraft(key));
  const [notice, setNotice] = useState<Notice>(null);
  const [submitting, setSubmitting] = useState(false);
  /** the production code being checked with the server: further scans wait, so none lands in the SN slot */
  const [checking, setChecking] = useState<string | null>(null);
  /** the unit of the scanned production code, as the server answered (null: unchecked, e.g. offline or after a reload) */
  const [unit, setUnit] = useState<StationDevice | null>(null);
  /** a unit that passed this flow already: taken only when the worker asks for a retest */
  const [passedUnit, setPassedUnit] = useState<StationDevice | null>(null);
  const scanRef = useRef<HTMLInputElement>(null);

  const update = (change: (current: Draft) => Draft) => {
    setDraft((current) => {
      const next = change(current);
      saveDraft(next);
      return next;
    });
  };
  const reset = () => {
    setUnit(null);
    setPassedUnit(null);
    update(() => emptyDraft(key));
  };
  /** Back to the scan field, in view: the next device starts there, and a refusal shows just below it. */
  const backToScan = () => {
    scanRef.current?.focus({ preventScroll: true });
    scanRef.current?.closest('.scan-box')?.scrollIntoView?.({ block: 'nearest' });
  };

  useScanFocus(scanRef);

  /** The production code taken: a new device and a new result. */
  const takeProductionCode = (code: string, checked: StationDevice | null) => {
    setUnit(checked);
    setPassedUnit(null);
    update((current) => ({ ...current, codes: [code], clientResultId: newClientResultId(), startTime: Date.now() }));
  };

  /**
   * The production code is checked the moment it is scanned, with the checks a
   * result of it meets on the server: a code it would refuse is refused now, with
   * the same message, and the focus stays on the scan field for the right code.
   */
  const checkProductionCode = async (code: string) => {
    setChecking(code);
    setNotice({ tone: 'info', text: `正在校验生产码${code}…` });
    try {
      const checked = await checkDevice(token, code);
      if (checked.latestStatus === 'TEST_SUCCESS') {
        setPassedUnit(checked);
        setNotice({ tone: 'warn', text: STATION_MSG.passedHere(checked.productionCode, assignment.flowName) });
        return;
      }
      takeProductionCode(checked.productionCode, checked);
      setNotice(
        checked.latestStatus === 'TEST_ERROR'
          ? { tone: 'info', text: `生产码${checked.productionCode}在本流程上次检测不合格，本次为第${checked.attempts + 1}次检测` }
          : null,
      );
    } catch (failure) {
      if (failure instanceof StationError && failure.kind === 'refused') {
        setPassedUnit(null);
        // The field is empty again: the reason names the code refused when the server's message does not.
        setNotice({ tone: 'error', text: failure.message.includes(code) ? failure.message : `${failure.message}（生产码${code}）` });
      } else if (failure instanceof StationError && failure.kind === 'session') {
        onExpired(failure.message);
      } else {
        // Offline the terminal keeps working (results queue up): the server checks the code when the result arrives.
        takeProductionCode(code, null);
        setNotice({ tone: 'warn', text: `无法连接服务器：生产码${code}暂未校验，提交时由服务器校验` });
      }
    } finally {
      setChecking(null);
      backToScan();
    }
  };

  const onScan = (text: string) => {
    onScanStart();
    const labels = assignment.scanCodes;
    if (checking !== null) {
      setNotice({ tone: 'warn', text: `正在校验生产码${checking}，请稍后再扫描` });
      return;
    }
    if (draft.codes.length >= labels.length) {
      setNotice({ tone: 'warn', text: '扫码已完成：请提交本台设备，或点击生产码的重扫更换设备' });
      return;
    }
    if (draft.codes.includes(text)) {
      setNotice({ tone: 'warn', text: `${text}已扫描，请扫描${labels[draft.codes.length]}` });
      return;
    }
    if (draft.codes.length === 0) {
      void checkProductionCode(text);
      return;
    }
    // A code the unit carries already must be scanned as it is (the server would refuse another at submit).
    const label = labels[draft.codes.length]!;
    const field = BOUND_FIELDS[label];
    const bound = field && unit ? unit[field] : null;
    if (bound && bound !== text) {
      setNotice({ tone: 'error', text: STATION_MSG.scanMismatch(label, bound) });
      return;
    }
    setNotice(null);
    update((current) => ({ ...current, codes: [...current.codes, text] }));
  };

  const onRedo = (index: number) => {
    setNotice(null);
    if (index === 0) {
      setUnit(null);
      setPassedUnit(null);
    }
    // Another production code is another device and another result.
    update((current) => ({
      ...current,
      codes: current.codes.slice(0, index),
      ...(index === 0 ? { clientResultId: null, startTime: null } : {}),
    }));
    scanRef.current?.focus({ preventScroll: true });
  };

  const submit = async () => {
    const missing = missingInput(draft, assignment);
    if (missing) {
      setNotice({ tone: 'warn', text: missing });
      return;
    }
    const body = resultBody(draft, assignment, Date.now());
    if (queueWaiting) {
      onQueue(body);
      reset();
      setNotice({ tone: 'info', text: `生产码${body.productionCode}的结果已加入待上传队列` });
      backToScan();
      return;
    }
    setSubmitting(true);
    try {
      const verdict = await submitResult(token, body);
      reset();
      setNotice(null);
      onVerdict(verdict);
    } catch (failure) {
      if (failure instanceof StationError && failure.kind === 'refused') {
        setNotice({ tone: 'error', text: failure.message });
      } else if (failure instanceof StationError && failure.kind === 'session') {
        onExpired(failure.message);
      } else {
        onQueue(body);
        reset();
        setNotice({ tone: 'info', text: `网络异常：生产码${body.productionCode}的结果已暂存，恢复后自动上传` });
      }
    } finally {
      setSubmitting(false);
      backToScan();
    }
  };

  const scanned = draft.codes.length > 0;
  return (
    <div className="test-form">
      <ScanBox labels={assignment.scanCodes} codes={draft.codes} checking={checking} inputRef={scanRef} onScan={onScan} onRedo={onRedo} />
      {notice && (
        <div className={`notice notice--${notice.tone}`} role={notice.tone === 'info' ? 'status' : 'alert'}>
          <span>{notice.text}</span>
          {passedUnit && (
            <button
              type="button"
              className="notice__action"
              onClick={() => {
                takeProductionCode(passedUnit.productionCode, passedUnit);
                setNotice({ tone: 'info', text: `复测生产码${passedUnit.productionCode}` });
                backToScan();
              }}
            >
              仍要复测
            </button>
          )}
        </div>
      )}
      {assignment.items.length > 0 && (
        <section className="form-section">
          <h2 className="form-section__title">自动检测项</h2>
          {assignment.items.map((item) => (
            <ItemRow
              key={item.id}
              item={item}
              value={draft.values[item.id] ?? ''}
              onChange={(value) => update((current) => ({ ...current, values: { ...current.values, [item.id]: value } }))}
            />
          ))}
        </section>
      )}
      {assignment.manualItems.length > 0 && (
        <section className="form-section">
          <h2 className="form-section__title">人工检查项</h2>
          <ManualChecks
            items={assignment.manualItems}
            checks={draft.manual}
            onChange={(itemId, pass) =>
              update((current) => {
                const manual = { ...current.manual };
                if (pass === undefined) delete manual[itemId];
                else manual[itemId] = pass;
                return { ...current, manual };
              })
            }
          />
        </section>
      )}
      <div className="test-form__actions">
        <button type="button" className="button button--ghost" disabled={submitting} onClick={() => { reset(); setNotice(null); }}>
          清空
        </button>
        <button type="button" className="button button--primary button--submit" disabled={submitting || !scanned} onClick={() => void submit()}>
          {submitting ? '提交中…' : '提交'}
        </button>
      </div>
    </div>
  );
}
