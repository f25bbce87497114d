import type { DtuSamplingBatch } from '../lib/dtu-api';
import { checkedText, planText, SamplingVerdictTag } from './sampling-batch';
import { StatusScreen } from './status-screen';

interface SamplingBatchListProps {
  taskName: string;
  /** the task's submitted batches, newest first */
  batches: DtuSamplingBatch[];
  onPick: (batch: DtuSamplingBatch) => void;
}

/**
 * The batches a sampling terminal may sample: each with its size, samples judged
 * against n, defects, Ac/Re and verdict. Only a batch still 抽检中 is taken; a
 * decided one stays in the list, greyed, for reference.
 */
export function SamplingBatchList({ taskName, batches, onPick }: SamplingBatchListProps) {
  if (batches.length === 0) {
    return (
      <StatusScreen tone="idle" title="等待提交批次">
        DTU任务「{taskName}」还没有提交的批次：控制台提交后，批次会自动出现在这里。
      </StatusScreen>
    );
  }
  const open = batches.filter((batch) => batch.verdict === 'PENDING').length;
  return (
    <section className="form-section sampling-batches" aria-label="抽检批次">
      <h2 className="form-section__title">
        选择抽检批次
        <span className="sampling-batches__count">
          共 {batches.length} 批 · 待抽检 {open} 批
        </span>
      </h2>
      {open === 0 && <p className="parts-check__hint">所有批次均已判定，等待新的提交批次。</p>}
      <ul className="sampling-batches__list">
        {batches.map((batch) => (
          <li key={batch.id}>
            <button type="button" className="sampling-batch" disabled={batch.verdict !== 'PENDING'} onClick={() => onPick(batch)}>
              <span className="sampling-batch__head">
                <span className="sampling-batch__no">{batch.batchId}</span>
                <SamplingVerdictTag verdict={batch.verdict} />
              </span>
              <span className="sampling-batch__facts">
                <span>提交数量 {batch.submitNumber}</span>
                <span>{checkedText(batch)}</span>
                <span className={batch.defectCount > 0 ? 'sampling-batch__defects' : undefined}>不合格 {batch.defectCount}</span>
                <span>{planText(batch)}</span>
              </span>
              <span className="sampling-batch__time">提交于 {batch.submitTime}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
