import { useRef, useState } from 'react';
import { DTU_TASK_MSG, type StationDtuUnit, UNIT_CODE_PATTERN } from '../lib/contracts';
import { newClientResultId } from '../lib/client-result-id';
import { type DtuAssignment, type DtuResultBody, scanDtuUnit, unitOf } from '../lib/dtu-api';
import { StationError } from '../lib/station-api';
import type { DtuResults } from '../hooks/use-dtu-results';
import { useScanFocus } from '../hooks/use-scan-focus';
import { useUnitPoll } from '../hooks/use-unit-poll';
import { type DtuVerdict, failureRowsOf } from './dtu-verdict-screen';
import { DtuUnitPanel } from './dtu-unit-panel';
import { ManualChecks } from './manual-checks';
import { ScanField } from './scan-field';

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

type Notice = { tone: 'warn' | 'error' | 'info'; text: string; action?: { label: string; run: () => void } } | null;

/** What an IMEI or MAC may be (the server says the same with a 400). */
const UNIT_MAX = 64;

/**
 * One unit at a time, scanner first: scan its IMEI or MAC (the server starts or
 * resumes its test), watch its values and verdicts arrive, confirm the key tests,
 * submit. The server judges; a result that cannot be sent waits in the offline
 * queue with its clientResultId. A unit not submitted stays open on the server:
 * scanning it again resumes it.
 */
export function PartsCheckForm({ token, assignment, results, onScanStart, onVerdict, onRefused, onExpired }: PartsCheckFormProps) {
  const { identity } = assignment.dtu;
  const [scanning, setScanning] = useState<string | null>(null);
  const [unit, setUnit] = useState<StationDtuUnit | null>(null);
  const [clientResultId, setClientResultId] = useState<string | null>(null);
  const [keyChecks, setKeyChecks] = useState<Record<string, boolean>>({});
  const [stale, setStale] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const scanRef = useRef<HTMLInputElement>(null);

  useScanFocus(scanRef);

  const clear = () => {
    setUnit(null);
    setClientResultId(null);
    setKeyChecks({});
    setStale(false);
  };
  /** Back to the scan field, in view: the next unit starts there, and a refusal shows just below it. */
  const backToScan = () => {
    scanRef.current?.focus({ preventScroll: true });
    scanRef.current?.closest('.scan-box')?.scrollIntoView?.({ block: 'nearest' });
  };
  const refused = (message: string) => {
    clear();
    setNotice({ tone: 'error', text: message });
    onRefused();
  };

  useUnitPoll(token, identity, unit !== null && unit.testStatus === null && !submitting ? unit.code : null, {
    onUnit: (next) => {
      setStale(false);
      if (next.testStatus === null) {
        setUnit(next);
        return;
      }
      // Another PAD of the task submitted it meanwhile.
      clear();
      setNotice({ tone: 'info', text: `设备${next.code}已在其他终端提交结果` });
    },
    onFailure: (failure) => {
      if (failure instanceof StationError && failure.kind === 'refused') refused(failure.message);
      else if (failure instanceof StationError && failure.kind === 'session') onExpired(failure.message);
      else setStale(true);
    },
  });

  const scan = async (code: string) => {
    setScanning(code);
    setNotice({ tone: 'info', text: `正在读取设备${code}…` });
    try {
      const scanned = await scanDtuUnit(token, identity, code);
      setUnit(scanned);
      setClientResultId(newClientResultId());
      setKeyChecks({});
      setStale(false);
      setNotice(null);
    } catch (failure) {
      if (failure instanceof StationError && failure.kind === 'refused') {
        // The field is empty again: the reason names the unit refused when the server's message does not.
        refused(failure.message.toUpperCase().includes(code.toUpperCase()) ? failure.message : `${failure.message}（设备${code}）`);
      } else if (failure instanceof StationError && failure.kind === 'session') {
        onExpired(failure.message);
      } else {
        // The values come through the server: without it there is nothing to test.
        setNotice({ tone: 'error', text: `无法连接服务器：设备${code}未能开始检测，请检查网络后重新扫描` });
      }
    } finally {
      setScanning(null);
      backToScan();
    }
  };

  const onScan = (text: string) => {
    onScanStart();
    if (scanning !== null) {
      setNotice({ tone: 'warn', text: `正在读取设备${scanning}，请稍后再扫描` });
      return;
    }
    if (submitting) {
      setNotice({ tone: 'warn', text: '正在提交，请稍后再扫描' });
      return;
    }
    if (text.length > UNIT_MAX || !UNIT_CODE_PATTERN.test(text)) {
      setNotice({ tone: 'error', text: `${DTU_TASK_MSG.unitRule}（${text.slice(0, UNIT_MAX)}）` });
      return;
    }
    if (unit && unit.code === text.toUpperCase()) {
      setNotice({ tone: 'info', text: `设备${unit.code}正在检测` });
      return;
    }
    if (unit) {
      setNotice({
        tone: 'warn',
        text: `设备${unit.code}尚未提交：请先提交，或更换为${text}`,
        action: {
          label: '更换设备',
          run: () => {
            clear();
            void scan(text);
          },
        },
      });
      return;
    }
    void scan(text);
  };

  const submit = async () => {
    if (!unit || !clientResultId) return;
    const unconfirmed = assignment.keyTests.filter((test) => keyChecks[test.code] === undefined);
    if (unconfirmed.length > 0) {
      setNotice({ tone: 'warn', text: `请确认按键检测：${unconfirmed.map((test) => test.name).join('、')}` });
      return;
    }
    const tested = unit;
    const checks = keyChecks;
    const body: DtuResultBody = {
      ...unitOf(identity, tested.code),
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
      onVerdict({ code: tested.code, taskName: assignment.taskName, answer, failures: failureRowsOf(assignment, tested, checks, answer.failures) });
    } else if (outcome.status === 'refused') {
      refused(outcome.message);
    } else if (outcome.status === 'queued') {
      clear();
      setNotice({ tone: 'info', text: `网络异常：设备${tested.code}的结果已暂存，恢复后自动上传` });
    }
    backToScan();
  };

  return (
    <div className="test-form parts-check">
      <section className="scan-box">
        <ScanField
          prompt={scanning !== null ? `正在读取设备${scanning}…` : unit ? `正在检测 ${unit.code}` : `请扫描设备${identity}`}
          placeholder={unit ? '提交后扫描下一台设备' : `扫描或输入${identity}`}
          busy={scanning !== null}
          inputRef={scanRef}
          onScan={onScan}
        />
      </section>
      {notice && (
        <div className={`notice notice--${notice.tone}`} role={notice.tone === 'info' ? 'status' : 'alert'}>
          <span>{notice.text}</span>
          {notice.action && (
            <button type="button" className="notice__action" onClick={notice.action.run}>
              {notice.action.label}
            </button>
          )}
        </div>
      )}
      {unit ? (
        <>
          <DtuUnitPanel assignment={assignment} unit={unit} stale={stale} />
          {assignment.keyTests.length > 0 && (
            <section className="form-section">
              <h2 className="form-section__title">按键检测</h2>
              <ManualChecks
                kind="按键检测"
                items={assignment.keyTests.map((test) => ({ id: test.code, name: test.name, hint: test.checkCmd }))}
                checks={keyChecks}
                onChange={(code, pass) =>
                  setKeyChecks((current) => {
                    const next = { ...current };
                    if (pass === undefined) delete next[code];
                    else next[code] = pass;
                    return next;
                  })
                }
              />
            </section>
          )}
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
      <div className="test-form__actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={submitting || !unit}
          onClick={() => {
            clear();
            setNotice(null);
            backToScan();
          }}
        >
          清空
        </button>
        <button type="button" className="button button--primary button--submit" disabled={submitting || !unit} onClick={() => void submit()}>
          {submitting ? '提交中…' : '提交'}
        </button>
      </div>
    </div>
  );
}
