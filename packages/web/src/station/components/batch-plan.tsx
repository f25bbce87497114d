import { BATCH_VERDICT_NAMES, type BatchVerdict, type StationBatch } from '../lib/contracts';

type Plan = Pick<
  StationBatch,
  'lotSize' | 'codeLetter' | 'sampleSize' | 'acceptNumber' | 'rejectNumber' | 'severity' | 'checkedCount' | 'defectCount' | 'verdict'
>;

const shown = (value: number | string | null) => (value === null ? '—' : String(value));

/** A batch's sampling plan (GB/T 2828.1, fixed when it was closed): 批量 N, 字码, 样本量 n, Ac, Re. */
export function PlanFacts({ batch }: { batch: Plan }) {
  const full = batch.sampleSize !== null && batch.lotSize !== null && batch.sampleSize >= batch.lotSize;
  return (
    <dl className="plan" aria-label="抽样方案">
      <div className="plan__fact">
        <dt>批量</dt>
        <dd>{shown(batch.lotSize)}</dd>
      </div>
      <div className="plan__fact">
        <dt>字码</dt>
        <dd>
          {shown(batch.codeLetter)}
          {/* drawn from the tightened table after rejected batches (GB/T 2828.1 §9.3) */}
          {batch.severity === 'TIGHTENED' && <span className="plan__full">加严</span>}
        </dd>
      </div>
      <div className="plan__fact plan__fact--key">
        <dt>样本量</dt>
        <dd>
          {shown(batch.sampleSize)}
          {full && <span className="plan__full">全检</span>}
        </dd>
      </div>
      <div className="plan__fact">
        <dt>Ac</dt>
        <dd>{shown(batch.acceptNumber)}</dd>
      </div>
      <div className="plan__fact">
        <dt>Re</dt>
        <dd>{shown(batch.rejectNumber)}</dd>
      </div>
    </dl>
  );
}

/** Checked so far of the sample, and the defects found: 已检 x/n · 不合格 d, with a bar. */
export function CheckProgress({ batch }: { batch: Plan }) {
  const sample = batch.sampleSize ?? 0;
  const percent = sample > 0 ? Math.min(100, Math.round((batch.checkedCount / sample) * 100)) : 0;
  return (
    <div className="check-progress">
      <div className="check-progress__text">
        <span>
          已检 {batch.checkedCount}/{shown(batch.sampleSize)}
        </span>
        <span className={batch.defectCount > 0 ? 'check-progress__defects' : undefined}>不合格 {batch.defectCount}</span>
      </div>
      <span className="progress check-progress__bar" aria-hidden>
        <span className={`progress__fill${batch.defectCount > 0 ? ' progress__fill--warn' : ''}`} style={{ width: `${percent}%` }} />
      </span>
    </div>
  );
}

const VERDICT_TAGS: Record<BatchVerdict, string> = { PENDING: 'tag--pending', ACCEPT: 'tag--pass', REJECT: 'tag--fail' };

export function VerdictTag({ verdict }: { verdict: BatchVerdict }) {
  return <span className={`tag ${VERDICT_TAGS[verdict]}`}>{BATCH_VERDICT_NAMES[verdict]}</span>;
}
