import type { StationBatch } from '../lib/contracts';

interface BatchVerdictScreenProps {
  batch: StationBatch;
  onDismiss: () => void;
}

/**
 * A batch's verdict over the whole screen the moment it is decided: green
 * 批次合格 (its units may ship) or red 批次不合格 (they may not). A tap dismisses it.
 */
export function BatchVerdictScreen({ batch, onDismiss }: BatchVerdictScreenProps) {
  const pass = batch.verdict === 'ACCEPT';
  return (
    <div className={`verdict ${pass ? 'verdict--pass' : 'verdict--fail'}`} role="alertdialog" aria-label="抽检结论" onClick={onDismiss}>
      <div className="verdict__body">
        <div className="verdict__icon" aria-hidden>
          {pass ? '✓' : '✗'}
        </div>
        <div className="verdict__title verdict__title--batch">{pass ? '批次合格' : '批次不合格'}</div>
        <div className="verdict__meta">
          批次 {batch.batchNo} · {batch.productNumber}
        </div>
        <div className="verdict__meta">
          抽检 {batch.checkedCount} 台 · 不合格 {batch.defectCount} 台（Ac {batch.acceptNumber ?? '—'} / Re {batch.rejectNumber ?? '—'}）
        </div>
        <div className="verdict__meta verdict__meta--strong">{pass ? '本批次设备可以出库' : '本批次设备不能出库'}</div>
        <div className="verdict__hint">点击屏幕继续</div>
      </div>
    </div>
  );
}
