import { useRef, useState } from 'react';
import { newClientResultId } from '../lib/client-result-id';
import type { StockWrites } from '../hooks/use-stock-writes';
import { useScanFocus } from '../hooks/use-scan-focus';
import { useSerialScans } from '../hooks/use-serial-scans';
import { CodeScanBox } from './code-scan-box';
import { type ScanOutcome, ScanOutcomes, signalRefusal, withOutcome } from './scan-outcome';

interface StockOutModeProps {
  writes: StockWrites;
}

/**
 * 出库: each scanned unit leaves stock once. The server refuses a unit not in
 * stock, already out, or of a batch not (yet) accepted, naming the unit and why.
 */
export function StockOutMode({ writes }: StockOutModeProps) {
  const [outcomes, setOutcomes] = useState<ScanOutcome[]>([]);
  const [shipped, setShipped] = useState(0);
  const scanRef = useRef<HTMLInputElement>(null);
  useScanFocus(scanRef);

  const stockOut = async (code: string) => {
    const outcome = await writes.submit('out', { clientId: newClientResultId(), code });
    if (outcome.status === 'done') {
      const { unit, batchNo } = outcome.answer;
      setShipped((count) => count + 1);
      setOutcomes((list) =>
        withOutcome(list, {
          tone: 'pass',
          // named as scanned, as a refusal names it: one unit reads one way down the list
          title: `设备 ${code} 已出库`,
          detail: `批次 ${batchNo} · ${unit.productNumber} · 生产码 ${unit.produceCode}`,
        }),
      );
    } else if (outcome.status === 'refused') {
      signalRefusal();
      setOutcomes((list) => withOutcome(list, { tone: 'fail', title: outcome.message, detail: `请将设备 ${code} 放回，不要出库` }));
    } else if (outcome.status === 'queued') {
      setOutcomes((list) => withOutcome(list, { tone: 'queued', title: `设备 ${code} 已暂存`, detail: '网络恢复后自动出库' }));
    }
  };
  const scans = useSerialScans(stockOut);

  return (
    <div className="pda-mode">
      <CodeScanBox prompt="扫描设备出库" placeholder="扫描或输入条码后按回车" busy={scans.busy} inputRef={scanRef} onScan={scans.onScan} />
      <ScanOutcomes outcomes={outcomes} />
      {shipped > 0 && <p className="pda-tally">本次已出库 {shipped} 台</p>}
    </div>
  );
}
