import { SAMPLING_VERDICT_NAMES, type SamplingVerdict } from '../lib/contracts';
import type { DtuSamplingBatch } from '../lib/dtu-api';

/* How a sampled batch shows at the station: its verdict, its progress against the plan (GB/T 2828.1: n, Ac, Re). */

const shown = (value: number | null) => (value === null ? '—' : String(value));

const VERDICT_TAGS: Record<SamplingVerdict, string> = { PENDING: 'tag--pending', ACCEPT: 'tag--pass', REJECT: 'tag--fail' };

/** 抽检中, 合格 or 不合格. */
export function SamplingVerdictTag({ verdict }: { verdict: SamplingVerdict }) {
  return <span className={`tag ${VERDICT_TAGS[verdict]}`}>{SAMPLING_VERDICT_NAMES[verdict]}</span>;
}

/** 已抽检 x/n, as the list, the bar and the verdict say it. */
export const checkedText = (batch: DtuSamplingBatch) => `已抽检 ${batch.checkCount}/${shown(batch.sampleSize)}`;

/** Ac and Re of the batch's plan ('—' before it has one). */
export const planText = (batch: DtuSamplingBatch) => `Ac ${shown(batch.acceptNumber)} / Re ${shown(batch.rejectNumber)}`;

/** The verdict a decided batch is announced with. */
export const judgedText = (batch: DtuSamplingBatch) => `该批次已判定：${SAMPLING_VERDICT_NAMES[batch.verdict]}（批次 ${batch.batchId}）`;

/** Samples judged against n, with a bar that turns amber once a sample failed. */
export function SamplingProgress({ batch }: { batch: DtuSamplingBatch }) {
  const n = batch.sampleSize ?? 0;
  const percent = n > 0 ? Math.min(100, Math.round((batch.checkCount / n) * 100)) : 0;
  return (
    <div className="sampling-progress">
      <div className="sampling-progress__text">
        <span>{checkedText(batch)}</span>
        <span className={batch.defectCount > 0 ? 'sampling-progress__defects' : undefined}>不合格 {batch.defectCount}</span>
        <span className="sampling-progress__plan">{planText(batch)}</span>
      </div>
      <span className="progress" aria-hidden>
        <span className={`progress__fill${batch.defectCount > 0 ? ' progress__fill--warn' : ''}`} style={{ width: `${percent}%` }} />
      </span>
    </div>
  );
}

interface SamplingBatchCellProps {
  /** the batch being sampled; null while none is chosen */
  batch: DtuSamplingBatch | null;
  onChangeBatch: () => void;
}

/** The task bar's last cell at a sampling terminal: the batch being sampled, its progress, and a way to another batch. */
export function SamplingBatchCell({ batch, onChangeBatch }: SamplingBatchCellProps) {
  if (!batch) {
    return (
      <div className="task-bar__cell task-bar__cell--progress">
        <span className="task-bar__label">抽检批次</span>
        <span className="task-bar__value sampling-bar__none">请选择批次</span>
      </div>
    );
  }
  return (
    <>
      <div className="task-bar__cell task-bar__cell--progress sampling-bar">
        <span className="task-bar__label">抽检批次</span>
        <span className="task-bar__value">
          {batch.batchId}
          <span className="task-bar__sub">提交 {batch.submitNumber} 台</span>
          <SamplingVerdictTag verdict={batch.verdict} />
        </span>
        <SamplingProgress batch={batch} />
      </div>
      <button type="button" className="button button--ghost sampling-bar__change" onClick={onChangeBatch}>
        更换批次
      </button>
    </>
  );
}
