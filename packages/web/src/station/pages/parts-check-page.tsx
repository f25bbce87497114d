import { useCallback, useEffect, useState } from 'react';
import { DtuResultsPanel } from '../components/dtu-results-panel';
import { DtuTaskBar } from '../components/dtu-task-bar';
import { DTU_VERDICT_MS, type DtuVerdict, DtuVerdictScreen } from '../components/dtu-verdict-screen';
import { PartsCheckForm } from '../components/parts-check-form';
import { StationFrame } from '../components/station-frame';
import { StatusScreen } from '../components/status-screen';
import { useDtuResults } from '../hooks/use-dtu-results';
import type { DtuAssignment } from '../lib/dtu-api';
import type { StationSession } from '../lib/session';
import { SamplingCheckPage } from './sampling-check-page';
// parts-check.css builds on station.css: station.css first, so the parts check's rules win over the ones they refine.
import '../station.css';
import '../parts-check.css';

export { DTU_VERDICT_MS };

export interface PartsCheckPageProps {
  session: StationSession;
  assignment: DtuAssignment;
  /** asks for the assignment again (a result moved the progress; a refusal may mean the task stopped) */
  reload: () => Promise<void>;
  onLogout: () => void;
  onExpired: (message: string) => void;
}

/**
 * A terminal of a DTU task (PAD APP → 配件检测): a production PAD or serial terminal
 * tests the task's units; a sampling terminal (bound by 配置抽检任务) samples its
 * submitted batches. Each has its own page, so neither's state leaks into the other.
 */
export function PartsCheckPage(props: PartsCheckPageProps) {
  return props.assignment.mode === 'SAMPLING' ? <SamplingCheckPage {...props} /> : <ProductionCheckPage {...props} />;
}

/**
 * A PAD of a DTU task (DESIGN.md §9.4): the task bar, one unit under test with its
 * live values and key tests, the verdict over the whole screen, and today's results
 * with the offline queue beside.
 */
function ProductionCheckPage({ session, assignment, reload, onLogout, onExpired }: PartsCheckPageProps) {
  const { token, terminal } = session;
  const [verdict, setVerdict] = useState<DtuVerdict | null>(null);
  const onAnswered = useCallback(() => void reload(), [reload]);
  const results = useDtuResults(token, terminal.id, { onAnswered, onExpired });

  useEffect(() => {
    if (!verdict) return;
    const timer = setTimeout(() => setVerdict(null), DTU_VERDICT_MS);
    return () => clearTimeout(timer);
  }, [verdict]);

  let content;
  if (assignment.taskStatus === 'STOP') {
    content = (
      <StatusScreen tone="stop" title="任务已停止">
        DTU任务「{assignment.taskName}」已停止，恢复后即可继续检测；每 10 秒自动检查一次。
      </StatusScreen>
    );
  } else if (assignment.taskStatus === 'FINISH') {
    content = (
      <StatusScreen tone="finish" title="任务已结束">
        DTU任务「{assignment.taskName}」已结束，等待分配新的任务。
      </StatusScreen>
    );
  } else {
    content = (
      <PartsCheckForm
        key={assignment.taskId}
        token={token}
        assignment={assignment}
        results={results}
        onScanStart={() => setVerdict(null)}
        onVerdict={setVerdict}
        onRefused={onAnswered}
        onExpired={onExpired}
      />
    );
  }

  return (
    <StationFrame
      className="station--parts"
      session={session}
      onLogout={onLogout}
      queued={results.pending.length}
      onRetry={() => void results.flush()}
      bar={<DtuTaskBar assignment={assignment} />}
      side={<DtuResultsPanel rows={results.today} pending={results.pending} refused={results.refused} onDismissRefused={results.dismissRefused} />}
      overlays={verdict && <DtuVerdictScreen verdict={verdict} onDismiss={() => setVerdict(null)} />}
    >
      {content}
    </StationFrame>
  );
}
