import { useRef, useState } from 'react';
import { DTU_TASK_MSG, type StationDtuUnit, UNIT_CODE_PATTERN } from '../lib/contracts';
import { newClientResultId } from '../lib/client-result-id';
import type { DtuIdentity } from '../lib/dtu-api';
import { StationError } from '../lib/station-api';
import { useScanFocus } from './use-scan-focus';
import { useUnitPoll } from './use-unit-poll';

/** A line under the scan field: what happened to the last scan or result, with an action where one helps. */
export type DtuNotice = { tone: 'warn' | 'error' | 'info'; text: string; action?: { label: string; run: () => void } } | null;

/** What an IMEI or MAC may be (the server says the same with a 400). */
const UNIT_MAX = 64;

interface UnitUnderTestOptions {
  token: string;
  identity: DtuIdentity;
  /** starts or resumes the unit on the server: a production unit, or a sample of the chosen batch */
  start: (code: string) => Promise<StationDtuUnit>;
  /** a result is being sent: the unit is not asked for meanwhile and scans wait */
  submitting: boolean;
  /** the unit changed (scanned, or gone: null): the form's own checks start over from it */
  onUnitChange: (unit: StationDtuUnit | null) => void;
  /** a scan started: the verdict of the last unit goes away */
  onScanStart: () => void;
  /** the server refused a scan or result: the task may have stopped meanwhile */
  onRefused: () => void;
  onExpired: (message: string) => void;
}

/**
 * One unit at a time, scanner first, as both the production PAD and the sampling
 * terminal test it: scan its IMEI or MAC (the server starts or resumes its test),
 * watch its values arrive, and hear of refusals. The form built on it adds its
 * own checks and sends the result; `clear` and `refused` end the unit.
 */
export function useUnitUnderTest({ token, identity, start, submitting, onUnitChange, onScanStart, onRefused, onExpired }: UnitUnderTestOptions) {
  const [scanning, setScanning] = useState<string | null>(null);
  const [unit, setUnit] = useState<StationDtuUnit | null>(null);
  const [clientResultId, setClientResultId] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [notice, setNotice] = useState<DtuNotice>(null);
  const scanRef = useRef<HTMLInputElement>(null);

  useScanFocus(scanRef);

  const clear = () => {
    setUnit(null);
    setClientResultId(null);
    onUnitChange(null);
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
      const scanned = await start(code);
      setUnit(scanned);
      setClientResultId(newClientResultId());
      onUnitChange(scanned);
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

  return { unit, clientResultId, stale, scanning, notice, setNotice, scanRef, clear, backToScan, refused, onScan };
}

export type UnitUnderTest = ReturnType<typeof useUnitUnderTest>;
