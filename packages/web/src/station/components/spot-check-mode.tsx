import { useCallback, useEffect, useRef, useState } from 'react';
import { type SpotCheckAnswer, type StationBatch, type StationBatchDetail, STOCK_LIMITS, STOCK_MSG } from '../lib/contracts';
import { newClientResultId } from '../lib/client-result-id';
import { fetchSpotCheckBatch, fetchSpotCheckBatches } from '../lib/stock-api';
import { SERVER_UNREACHABLE, StationError } from '../lib/station-api';
import type { SentWrite, StockWrites } from '../hooks/use-stock-writes';
import { useScanFocus } from '../hooks/use-scan-focus';
import { useSerialScans } from '../hooks/use-serial-scans';
import { useServerList } from '../hooks/use-server-list';
import { BatchVerdictScreen } from './batch-verdict-screen';
import { CheckProgress, PlanFacts, VerdictTag } from './batch-plan';
import { CodeScanBox } from './code-scan-box';
import { signalRefusal } from './scan-outcome';
import { clock } from './today-panel';

interface SpotCheckModeProps {
  token: string;
  writes: StockWrites;
  /** the latest write the offline queue got answered */
  lastSent: SentWrite | null;
  onExpired: (message: string) => void;
}

type Notice = { tone: 'error' | 'warn' | 'info'; text: string } | null;

/** Defects named most often, one tap each; anything else is typed. */
export const DEFECT_CHIPS = ['外观不良', '功能异常', '标签错误', '包装破损', '配件缺失'] as const;
const SEPARATOR = '；';

/**
 * 抽检: a closed batch is picked from the list (or opened by scanning any unit of
 * it); its plan (n, Ac, Re) and progress show; each sampled unit is scanned and
 * marked 合格 or 不合格 with a defect note. The batch's verdict shows over the whole
 * screen the moment it is decided, and a decided batch takes no more checks.
 */
export function SpotCheckMode({ token, writes, lastSent, onExpired }: SpotCheckModeProps) {
  const [batch, setBatchState] = useState<StationBatchDetail | null>(null);
  /** the batch as scans see it: scans run one after another, faster than the screen redraws */
  const batchRef = useRef<StationBatchDetail | null>(null);
  const [unit, setUnit] = useState<string | null>(null);
  /** the defect note being written for 不合格; null while 不合格 was not chosen */
  const [defect, setDefect] = useState<string | null>(null);
  const [defectMissing, setDefectMissing] = useState(false);
  const [marking, setMarking] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [verdict, setVerdict] = useState<StationBatch | null>(null);
  const scanRef = useRef<HTMLInputElement>(null);
  useScanFocus(scanRef);

  const setBatch = (next: StationBatchDetail | null) => {
    batchRef.current = next;
    setBatchState(next);
  };
  const clearUnit = () => {
    setUnit(null);
    setDefect(null);
    setDefectMissing(false);
  };
  const refused = (text: string) => {
    signalRefusal();
    setNotice({ tone: 'error', text });
  };
  const failed = (failure: unknown, otherwise: () => void) => {
    if (failure instanceof StationError && failure.kind === 'refused') refused(failure.message);
    else if (failure instanceof StationError && failure.kind === 'session') onExpired(failure.message);
    else otherwise();
  };

  const { rows: batches, reload: reloadBatches } = useServerList(fetchSpotCheckBatches, token, onExpired);

  /** A check answered: the batch's progress and verdict after it, and the unit among its checks. */
  const applyAnswer = useCallback(
    (answer: SpotCheckAnswer) => {
      const { unit: check, ...plan } = answer;
      const current = batchRef.current;
      if (current?.batchNo === answer.batchNo) {
        const checks = [check, ...current.checks.filter((earlier) => earlier.produceCode !== check.produceCode)];
        batchRef.current = { ...current, ...plan, checks };
        setBatchState(batchRef.current);
      }
      if (answer.verdict !== 'PENDING') setVerdict(answer);
      void reloadBatches();
    },
    [reloadBatches],
  );

  // A check sent later from the offline queue: its answer counts as if it came now (once, and not one of before this screen).
  const seen = useRef(lastSent?.seq ?? 0);
  useEffect(() => {
    if (!lastSent || lastSent.seq <= seen.current) return;
    seen.current = lastSent.seq;
    if (lastSent.write.kind === 'check') applyAnswer(lastSent.answer as SpotCheckAnswer);
  }, [lastSent, applyAnswer]);

  const openBatch = async (query: { batchNo: string } | { code: string }): Promise<StationBatchDetail | null> => {
    try {
      const detail = await fetchSpotCheckBatch(token, query);
      setBatch(detail);
      clearUnit();
      setNotice(detail.status === 'OPEN' ? { tone: 'warn', text: STOCK_MSG.batchStillOpen(detail.batchNo) } : null);
      return detail;
    } catch (failure) {
      failed(failure, () => setNotice({ tone: 'error', text: `${SERVER_UNREACHABLE}，无法打开批次` }));
      return null;
    }
  };

  /** The scanned unit as the next sample of its batch, unless it was checked already. */
  const offerUnit = (of: StationBatchDetail, code: string) => {
    const done = of.checks.find((check) => check.produceCode === code || check.sn === code);
    if (done) {
      setNotice({ tone: 'warn', text: `设备 ${code} 已抽检（${done.checkPass ? '合格' : '不合格'}），请扫描下一台样本` });
      return;
    }
    setUnit(code);
    setNotice(null);
  };

  /** A scanned unit of the batch being checked: it must be of this batch and not checked yet. */
  const takeUnit = async (current: StationBatchDetail, code: string) => {
    clearUnit();
    try {
      const of = await fetchSpotCheckBatch(token, { code });
      if (of.batchNo !== current.batchNo) {
        refused(`${STOCK_MSG.unitNotInBatch(code, current.batchNo)}（属于批次 ${of.batchNo}）`);
        return;
      }
      setBatch(of);
      offerUnit(of, code);
    } catch (failure) {
      failed(failure, () => {
        // Offline the check still goes on (it queues): the server checks the unit when it arrives.
        setUnit(code);
        setNotice({ tone: 'warn', text: `无法连接服务器：设备 ${code} 暂未校验，提交时由服务器校验` });
      });
    }
  };

  const onScan = async (code: string) => {
    setVerdict(null);
    const current = batchRef.current;
    // No batch yet, or one that takes no more checks: the unit opens its own batch and, when that
    // batch awaits its checks, is its next sample at once (a scan is never only a way to open a batch).
    if (!current || current.verdict !== 'PENDING' || current.status === 'OPEN') {
      const opened = await openBatch({ code });
      if (opened && opened.status === 'CLOSED' && opened.verdict === 'PENDING') offerUnit(opened, code);
    } else await takeUnit(current, code);
  };
  const scans = useSerialScans(onScan);

  const mark = async (pass: boolean) => {
    const current = batchRef.current;
    if (!current || !unit) return;
    const note = (defect ?? '').trim();
    if (!pass && !note) {
      setDefectMissing(true);
      return;
    }
    setMarking(true);
    try {
      const outcome = await writes.submit('check', { clientId: newClientResultId(), batchNo: current.batchNo, code: unit, pass, defect: pass ? null : note });
      if (outcome.status === 'done') {
        applyAnswer(outcome.answer);
        setNotice({ tone: 'info', text: pass ? `设备 ${unit} 已记为合格` : `设备 ${unit} 已记为不合格：${note}` });
      } else if (outcome.status === 'refused') {
        refused(outcome.message);
        // e.g. decided meanwhile at another PDA: show the batch as it is now.
        void fetchSpotCheckBatch(token, { batchNo: current.batchNo }).then((detail) => {
          if (batchRef.current?.batchNo === detail.batchNo) setBatch(detail);
        }, () => undefined);
      } else if (outcome.status === 'queued') {
        setNotice({ tone: 'warn', text: `设备 ${unit} 的抽检结果已暂存，网络恢复后自动上传` });
      }
      if (outcome.status !== 'expired') clearUnit();
    } finally {
      setMarking(false);
      scanRef.current?.focus({ preventScroll: true });
    }
  };

  const toggleChip = (chip: string) => {
    setDefectMissing(false);
    setDefect((text) => {
      const parts = (text ?? '').split(SEPARATOR).map((part) => part.trim()).filter(Boolean);
      const next = parts.includes(chip) ? parts.filter((part) => part !== chip) : [...parts, chip];
      return next.join(SEPARATOR);
    });
  };

  const back = () => {
    setBatch(null);
    clearUnit();
    setNotice(null);
    void reloadBatches();
  };

  const noticeBlock = notice && (
    <div className={`notice notice--${notice.tone}${notice.tone === 'error' ? ' notice--loud' : ''}`} role={notice.tone === 'info' ? 'status' : 'alert'}>
      {notice.text}
    </div>
  );

  if (!batch) {
    return (
      <div className="pda-mode">
        <CodeScanBox prompt="扫描设备打开其批次" placeholder="扫描任一设备或点选下方批次" busy={scans.busy} inputRef={scanRef} onScan={scans.onScan} />
        {noticeBlock}
        <section className="pda-section" aria-label="待抽检批次">
          <h2 className="pda-section__title">待抽检批次</h2>
          {batches === null ? (
            <p className="pda-section__empty">正在读取…</p>
          ) : batches.length === 0 ? (
            <p className="pda-section__empty">没有待抽检的批次</p>
          ) : (
            <ul className="batch-list">
              {batches.map((item) => (
                <li key={item.batchNo}>
                  <button type="button" className="batch-card batch-card--pick" aria-label={`批次 ${item.batchNo}`} onClick={() => void openBatch({ batchNo: item.batchNo })}>
                    <span className="batch-card__main">
                      <span className="batch-card__no">{item.batchNo}</span>
                      <span className="batch-card__product">
                        {item.productNumber} · {item.count} 台
                      </span>
                    </span>
                    <VerdictTag verdict={item.verdict} />
                    <span className="batch-card__plan">
                      n {item.sampleSize ?? '—'} · Ac {item.acceptNumber ?? '—'} · Re {item.rejectNumber ?? '—'}
                    </span>
                    <span className="batch-card__progress">
                      已检 {item.checkedCount}/{item.sampleSize ?? '—'} · 不合格 {item.defectCount}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        {verdict && <BatchVerdictScreen batch={verdict} onDismiss={() => setVerdict(null)} />}
      </div>
    );
  }

  const decided = batch.verdict !== 'PENDING';
  const checkable = !decided && batch.status !== 'OPEN';
  const waiting = writes.pending.filter((entry) => entry.write.kind === 'check' && entry.write.body.batchNo === batch.batchNo).length;
  return (
    <div className="pda-mode">
      <section className="batch-head" aria-label={`批次 ${batch.batchNo}`}>
        <button type="button" className="button button--ghost batch-head__back" onClick={back}>
          ‹ 批次列表
        </button>
        <div className="batch-head__title">
          <span className="batch-head__no">{batch.batchNo}</span>
          <VerdictTag verdict={batch.verdict} />
        </div>
        <div className="batch-head__meta">
          {batch.productNumber} · {batch.lineName} · 共 {batch.count} 台
        </div>
        <PlanFacts batch={batch} />
        <CheckProgress batch={batch} />
        {waiting > 0 && <div className="batch-head__waiting">另有 {waiting} 条抽检结果待上传</div>}
      </section>
      {decided && (
        <div className={`batch-verdict batch-verdict--${batch.verdict === 'ACCEPT' ? 'pass' : 'fail'}`} role="status">
          {batch.verdict === 'ACCEPT' ? '批次合格 · 可以出库' : '批次不合格 · 不能出库'}
        </div>
      )}
      <CodeScanBox
        prompt={checkable ? (unit ? `样本 ${unit}：请判定` : '扫描样本设备') : '本批次不再抽检：扫描设备打开其批次'}
        placeholder={checkable ? '扫描本批次设备后按回车' : '扫描其他批次的设备'}
        busy={scans.busy}
        inputRef={scanRef}
        onScan={scans.onScan}
      />
      {noticeBlock}
      {checkable && unit && (
        <section className="judge" aria-label="判定">
          <div className="judge__unit">
            <span className="judge__label">样本设备</span>
            <span className="judge__code">{unit}</span>
          </div>
          <div className="judge__buttons">
            <button type="button" className="judge__button judge__button--pass" disabled={marking} onClick={() => void mark(true)}>
              合格
            </button>
            <button
              type="button"
              className="judge__button judge__button--fail"
              aria-pressed={defect !== null}
              disabled={marking}
              onClick={() => (defect === null ? setDefect('') : void mark(false))}
            >
              不合格
            </button>
          </div>
          {defect !== null && (
            <div className="defect-panel" role="group" aria-label="不合格原因" data-own-focus>
              <div className="defect-panel__title">不合格说明（必填）</div>
              <div className="defect-chips">
                {DEFECT_CHIPS.map((chip) => (
                  <button key={chip} type="button" className="chip" aria-pressed={defect.split(SEPARATOR).includes(chip)} onClick={() => toggleChip(chip)}>
                    {chip}
                  </button>
                ))}
              </div>
              <input
                className="value-field"
                aria-label="不合格说明"
                maxLength={STOCK_LIMITS.defectMax}
                value={defect}
                placeholder="选择上方原因或输入说明"
                onChange={(event) => {
                  setDefectMissing(false);
                  setDefect(event.target.value);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    void mark(false);
                  }
                }}
              />
              {defectMissing && (
                <div className="notice notice--error" role="alert">
                  {STOCK_MSG.defectRequired}
                </div>
              )}
              <div className="defect-panel__actions">
                <button type="button" className="button button--ghost" disabled={marking} onClick={() => setDefect(null)}>
                  取消
                </button>
                <button type="button" className="button button--danger" disabled={marking} onClick={() => void mark(false)}>
                  {marking ? '提交中…' : '确认不合格'}
                </button>
              </div>
            </div>
          )}
        </section>
      )}
      <section className="pda-section" aria-label="已检设备">
        <h2 className="pda-section__title">已检设备</h2>
        {batch.checks.length === 0 ? (
          <p className="pda-section__empty">还没有抽检记录</p>
        ) : (
          <ul className="check-list">
            {batch.checks.map((check) => (
              <li key={check.produceCode} className="check-row">
                <span className="check-row__code">{check.produceCode}</span>
                {check.checkPass ? <span className="tag tag--pass">合格</span> : <span className="tag tag--fail">不合格</span>}
                <span className="check-row__meta">
                  {clock(check.checkTime)} · {check.operator}
                  {check.defect ? ` · ${check.defect}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {verdict && <BatchVerdictScreen batch={verdict} onDismiss={() => setVerdict(null)} />}
    </div>
  );
}
