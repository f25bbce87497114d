import { useCallback, useEffect, useState } from 'react';
import { DtuResultsPanel } from '../components/dtu-results-panel';
import { DtuTaskBar } from '../components/dtu-task-bar';
import { DTU_VERDICT_MS } from '../components/dtu-verdict-screen';
import { type SampleVerdict, SampleVerdictScreen } from '../components/sample-verdict-screen';
import { judgedText, SamplingBatchCell } from '../components/sampling-batch';
import { SamplingBatchList } from '../components/sampling-batch-list';
import { SamplingForm } from '../components/sampling-form';
import { StationFrame } from '../components/station-frame';
import { useDtuResults } from '../hooks/use-dtu-results';
import type { DtuAssignment, DtuSamplingBatch } from '../lib/dtu-api';
import type { PartsCheckPageProps } from './parts-check-page';
// The station's look first, then the parts check's, then what sampling adds.
import '../station.css';
import '../parts-check.css';
import '../sampling.css';

/**
 * A sampling terminal of a DTU task (PAD APP → 配件检测, bound by the console's
 * 配置抽检任务; DESIGN.md §9.3): pick a submitted batch, test its samples as
 * production tests a unit and judge each other property; the batch's progress
 * shows in the task bar, and once the batch is decided the terminal says so and
 * goes back to the list. The task's status does not stop sampling: a finished
 * task's last batches still wait for theirs (the server refuses what it must).
 */
export function SamplingCheckPage({ session, assignment, reload, onLogout, onExpired }: PartsCheckPageProps) {
  const { token, terminal } = session;
  const [batchId, setBatchId] = useState<number | null>(null);
  /** the batch as the latest answer left it, and the assignment it came under (a newer assignment knows better) */
  const [answered, setAnswered] = useState<{ batch: DtuSamplingBatch; under: DtuAssignment } | null>(null);
  const [verdict, setVerdict] = useState<SampleVerdict | null>(null);
  const onAnswered = useCallback(() => void reload(), [reload]);
  const results = useDtuResults(token, terminal.id, { onAnswered, onExpired });

  useEffect(() => {
    if (!verdict) return;
    const timer = setTimeout(() => setVerdict(null), DTU_VERDICT_MS);
    return () => clearTimeout(timer);
  }, [verdict]);

  const fresh = answered && answered.under === assignment && answered.batch.id === batchId ? answered.batch : null;
  const chosen = batchId === null ? null : (fresh ?? assignment.batches.find((batch) => batch.id === batchId) ?? null);
  // A decided batch takes no more samples: the list again, with its verdict said above it until another batch is picked.
  const sampling = chosen && chosen.verdict === 'PENDING' ? chosen : null;
  const judged = chosen && chosen.verdict !== 'PENDING' ? chosen : null;

  const pick = (batch: DtuSamplingBatch) => {
    setBatchId(batch.id);
    setAnswered(null);
  };

  return (
    <StationFrame
      className="station--parts station--sampling"
      session={session}
      onLogout={onLogout}
      queued={results.pending.length}
      onRetry={() => void results.flush()}
      bar={<DtuTaskBar assignment={assignment} progress={<SamplingBatchCell batch={sampling} onChangeBatch={() => setBatchId(null)} />} />}
      side={<DtuResultsPanel rows={results.today} pending={results.pending} refused={results.refused} onDismissRefused={results.dismissRefused} />}
      overlays={verdict && <SampleVerdictScreen verdict={verdict} onDismiss={() => setVerdict(null)} />}
    >
      {sampling ? (
        <SamplingForm
          key={`${assignment.taskId}-${sampling.id}`}
          token={token}
          assignment={assignment}
          batch={sampling}
          results={results}
          onScanStart={() => setVerdict(null)}
          onVerdict={setVerdict}
          onBatch={(batch) => setAnswered({ batch, under: assignment })}
          onRefused={onAnswered}
          onExpired={onExpired}
        />
      ) : (
        <div className="sampling-pick">
          {judged && (
            <div className={`notice sampling-judged sampling-judged--${judged.verdict === 'ACCEPT' ? 'accept' : 'reject'}`} role="status">
              {judgedText(judged)}
            </div>
          )}
          <SamplingBatchList taskName={assignment.taskName} batches={assignment.batches} onPick={pick} />
        </div>
      )}
    </StationFrame>
  );
}
