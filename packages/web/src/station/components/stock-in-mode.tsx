import { useEffect, useRef, useState } from 'react';
import type { StationBatch } from '../lib/contracts';
import { newClientResultId } from '../lib/client-result-id';
import { fetchOpenBatches } from '../lib/stock-api';
import type { SentWrite, StockWrites } from '../hooks/use-stock-writes';
import { useScanFocus } from '../hooks/use-scan-focus';
import { useSerialScans } from '../hooks/use-serial-scans';
import { useServerList } from '../hooks/use-server-list';
import { PlanFacts } from './batch-plan';
import { CodeScanBox } from './code-scan-box';
import { type ScanOutcome, ScanOutcomes, signalRefusal, withOutcome } from './scan-outcome';

interface StockInModeProps {
  token: string;
  writes: StockWrites;
  /** the latest write the offline queue got answered */
  lastSent: SentWrite | null;
  onExpired: (message: string) => void;
}

type Notice = { tone: 'error' | 'warn'; text: string } | null;

const unitText = (unit: { produceCode: string; sn: string | null; productNumber: string }) =>
  `设备 ${unit.produceCode}${unit.sn ? ` · SN ${unit.sn}` : ''} · ${unit.productNumber}`;

/**
 * 入库: each scanned unit goes into the open batch of its product at this line; the
 * answer names the batch and its count. The open batches are listed below, each
 * closed with 结束入库 (after a confirm step), which fixes and shows its sampling plan.
 */
export function StockInMode({ token, writes, lastSent, onExpired }: StockInModeProps) {
  const [outcomes, setOutcomes] = useState<ScanOutcome[]>([]);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [closing, setClosing] = useState<string | null>(null);
  const [closed, setClosed] = useState<StationBatch | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const scanRef = useRef<HTMLInputElement>(null);
  useScanFocus(scanRef);

  const { rows: batches, setRows: setBatches, reload: reloadBatches } = useServerList(fetchOpenBatches, token, onExpired);

  // A queued stock-in or close answered later: the counts changed, and a close brings its plan.
  const seen = useRef(lastSent?.seq ?? 0);
  useEffect(() => {
    if (!lastSent || lastSent.seq <= seen.current) return;
    seen.current = lastSent.seq;
    if (lastSent.write.kind === 'close') setClosed(lastSent.answer as StationBatch);
    if (lastSent.write.kind === 'in' || lastSent.write.kind === 'close') void reloadBatches();
  }, [lastSent, reloadBatches]);

  const stockIn = async (code: string) => {
    const outcome = await writes.submit('in', { clientId: newClientResultId(), code });
    if (outcome.status === 'done') {
      const { answer } = outcome;
      setOutcomes((list) => withOutcome(list, { tone: 'pass', title: `批次 ${answer.batchNo} · 已入库 ${answer.count} 台`, detail: unitText(answer.unit) }));
      setBatches((list) => list?.map((batch) => (batch.batchNo === answer.batchNo ? { ...batch, count: answer.count } : batch)) ?? list);
      void reloadBatches();
    } else if (outcome.status === 'refused') {
      signalRefusal();
      setOutcomes((list) => withOutcome(list, { tone: 'fail', title: outcome.message, detail: `请将设备 ${code} 放到一边` }));
    } else if (outcome.status === 'queued') {
      setOutcomes((list) => withOutcome(list, { tone: 'queued', title: `设备 ${code} 已暂存`, detail: '网络恢复后自动入库' }));
    }
  };
  const scans = useSerialScans(stockIn);

  const close = async (batch: StationBatch) => {
    setConfirming(null);
    setClosing(batch.batchNo);
    setNotice(null);
    try {
      const outcome = await writes.submit('close', { clientId: newClientResultId(), batchNo: batch.batchNo });
      if (outcome.status === 'done') {
        setClosed(outcome.answer);
        void reloadBatches();
      } else if (outcome.status === 'refused') {
        setNotice({ tone: 'error', text: outcome.message });
      } else if (outcome.status === 'queued') {
        setNotice({ tone: 'warn', text: `批次 ${batch.batchNo} 结束入库已暂存，网络恢复后自动提交` });
      }
    } finally {
      setClosing(null);
      scanRef.current?.focus({ preventScroll: true });
    }
  };

  return (
    <div className="pda-mode">
      <CodeScanBox prompt="扫描设备入库" placeholder="扫描或输入条码后按回车" busy={scans.busy} inputRef={scanRef} onScan={scans.onScan} />
      <ScanOutcomes outcomes={outcomes} />
      {closed && (
        <section className="closed-batch" aria-label="已结束入库">
          <div className="closed-batch__head">
            <strong>
              批次 <span className="nowrap">{closed.batchNo}</span> 已结束入库
            </strong>
            <button type="button" className="closed-batch__dismiss" onClick={() => setClosed(null)}>
              知道了
            </button>
          </div>
          <div className="closed-batch__meta">
            {closed.productNumber} · 共 {closed.count} 台 · 按抽样方案到「抽检」检验
          </div>
          <PlanFacts batch={closed} />
        </section>
      )}
      {notice && (
        <div className={`notice notice--${notice.tone}`} role="alert">
          {notice.text}
        </div>
      )}
      <section className="pda-section" aria-label="入库中的批次">
        <h2 className="pda-section__title">入库中的批次</h2>
        {batches === null ? (
          <p className="pda-section__empty">正在读取…</p>
        ) : batches.length === 0 ? (
          <p className="pda-section__empty">没有入库中的批次，扫描设备即开始新批次</p>
        ) : (
          <ul className="batch-list">
            {batches.map((batch) => (
              <li key={batch.batchNo} className="batch-card" aria-label={`批次 ${batch.batchNo}`}>
                <div className="batch-card__main">
                  <span className="batch-card__no">{batch.batchNo}</span>
                  <span className="batch-card__product">{batch.productNumber}</span>
                </div>
                <span className="batch-card__count">{batch.count} 台</span>
                {confirming === batch.batchNo ? (
                  <div className="batch-card__confirm" role="group" aria-label="确认结束入库">
                    <span>结束后本批次不再入库，并按批量确定抽样方案。</span>
                    <div className="batch-card__actions">
                      <button type="button" className="button button--ghost" onClick={() => setConfirming(null)}>
                        取消
                      </button>
                      <button type="button" className="button button--primary" onClick={() => void close(batch)}>
                        确认结束
                      </button>
                    </div>
                  </div>
                ) : (
                  <button type="button" className="button button--ghost batch-card__close" disabled={closing !== null} onClick={() => setConfirming(batch.batchNo)}>
                    {closing === batch.batchNo ? '提交中…' : '结束入库'}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
