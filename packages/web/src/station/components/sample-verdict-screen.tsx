import type { DtuSamplingBatch } from '../lib/dtu-api';
import { checkedText, judgedText, planText, SamplingVerdictTag } from './sampling-batch';
import { type FailureRow, Verdict } from './verdict-screen';

/** A sample's verdict: its DTU test and its other checks, and its batch as the answers left it. */
export interface SampleVerdict {
  code: string;
  /** the sample passed its DTU test and every other check */
  pass: boolean;
  failures: FailureRow[];
  /** this clientResultId was answered before */
  replayed: boolean;
  /** the batch after this sample (the result's answer, else the sample's); null when neither said */
  batch: DtuSamplingBatch | null;
}

interface SampleVerdictScreenProps {
  verdict: SampleVerdict;
  onDismiss: () => void;
}

/**
 * A sample's 合格 / 不合格 over the whole screen, with its batch's progress
 * (已抽检 x/n, 不合格 d, Ac/Re) and, when this sample decided the batch, the batch's verdict.
 */
export function SampleVerdictScreen({ verdict, onDismiss }: SampleVerdictScreenProps) {
  const { code, pass, failures, replayed, batch } = verdict;
  return (
    <Verdict
      pass={pass}
      meta={`设备 ${code}${batch ? ` · 批次 ${batch.batchId}` : ''}${replayed ? ' · 此前已提交的结果' : ''}`}
      failures={failures}
      onDismiss={onDismiss}
    >
      {batch && (
        <div className="verdict__meta sample-verdict__batch" aria-label="批次进度">
          {checkedText(batch)} · 不合格 {batch.defectCount} · {planText(batch)} <SamplingVerdictTag verdict={batch.verdict} />
        </div>
      )}
      {batch && batch.verdict !== 'PENDING' && <div className="verdict__meta sample-verdict__judged">{judgedText(batch)}</div>}
    </Verdict>
  );
}
