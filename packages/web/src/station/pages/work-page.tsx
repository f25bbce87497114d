import { useCallback, useState } from 'react';
import { IdleScreen } from '../components/idle-screen';
import { PdfPanel } from '../components/pdf-panel';
import { ResultsPanel } from '../components/results-panel';
import { StationFrame } from '../components/station-frame';
import { StatusScreen } from '../components/status-screen';
import { TaskBar } from '../components/task-bar';
import { TestForm } from '../components/test-form';
import { VerdictScreen } from '../components/verdict-screen';
import { type AssignmentState, useAssignment } from '../hooks/use-assignment';
import { useLastTask } from '../hooks/use-last-task';
import { useResultQueue } from '../hooks/use-result-queue';
import { useServerList } from '../hooks/use-server-list';
import type { StationVerdict } from '../lib/contracts';
import type { ResultBody } from '../lib/draft';
import type { StationSession } from '../lib/session';
import { fetchTodayResults } from '../lib/station-api';
import { PartsCheckPage } from './parts-check-page';

interface WorkPageProps {
  session: StationSession;
  onLogout: () => void;
  onExpired: (message: string) => void;
}

/**
 * A PAD at work: the parts check (配件检测) while it serves a DTU task, otherwise
 * the overall check of its flow (整机检测), idle included. The user's menus decide
 * which the server answers (hooks/use-assignment); a PAD serves one task at a time.
 */
export function WorkPage({ session, onLogout, onExpired }: WorkPageProps) {
  const served = useAssignment(session.token, onExpired);
  if (served.parts) {
    return <PartsCheckPage session={session} assignment={served.parts} reload={served.reload} onLogout={onLogout} onExpired={onExpired} />;
  }
  return <OverallCheckPage session={session} served={served} onLogout={onLogout} onExpired={onExpired} />;
}

/** The overall check: its assignment, the test form, the verdict, today's results and the offline queue. */
function OverallCheckPage({ session, served, onLogout, onExpired }: WorkPageProps & { served: AssignmentState }) {
  const { token, terminal } = session;
  const { assignment, held, error, reload } = served;
  const lastTask = useLastTask(token, assignment === null && held.overallCheck, onExpired);
  const today = useServerList(fetchTodayResults, token, onExpired);
  const [verdict, setVerdict] = useState<{ verdict: StationVerdict; flowName: string } | null>(null);
  const [pdfOpen, setPdfOpen] = useState(false);

  const reloadResults = today.reload;
  const onSent = useCallback(() => {
    void reloadResults();
    void reload();
  }, [reloadResults, reload]);
  const queue = useResultQueue(token, terminal.id, { onSent, onExpired });

  const onVerdict = (next: StationVerdict) => {
    if (assignment) setVerdict({ verdict: next, flowName: assignment.flowName });
    onSent();
  };
  const onQueue = (body: ResultBody) => {
    queue.add({ terminalId: terminal.id, flowName: assignment?.flowName ?? '', queuedAt: Date.now(), body });
    // The network may be back already (a result joining a waiting queue): no need to wait for the next round.
    void queue.flush();
  };

  let content;
  if (assignment === undefined) {
    content = error ? (
      <StatusScreen tone="error" title="无法连接服务器">
        {error}，正在重试…
      </StatusScreen>
    ) : (
      <StatusScreen tone="idle" title="正在读取任务…" />
    );
  } else if (assignment === null) {
    content = <IdleScreen terminalCode={terminal.code} lastTask={lastTask} held={held} onReload={() => void reload()} />;
  } else if (assignment.taskStatus === 'NEW') {
    content = (
      <StatusScreen tone="stop" title="任务尚未就绪">
        {assignment.productNumber} 的生产任务还有流程未分配终端，分配完成后即可检测；每 10 秒自动检查一次。
      </StatusScreen>
    );
  } else if (assignment.taskStatus === 'STOP') {
    content = (
      <StatusScreen tone="stop" title="任务已停止">
        {assignment.productNumber} 的生产任务已停止，恢复后即可继续检测；每 10 秒自动检查一次。
      </StatusScreen>
    );
  } else if (assignment.taskStatus === 'FINISH') {
    content = (
      <StatusScreen tone="finish" title="任务已结束">
        {assignment.productNumber} 的生产任务已结束，等待分配新的任务。
      </StatusScreen>
    );
  } else {
    content = (
      <TestForm
        key={`${assignment.taskId}:${assignment.flowId}`}
        token={token}
        terminalId={terminal.id}
        assignment={assignment}
        queueWaiting={queue.pending.length > 0}
        onScanStart={() => setVerdict(null)}
        onVerdict={onVerdict}
        onQueue={onQueue}
        onExpired={onExpired}
      />
    );
  }

  return (
    <StationFrame
      session={session}
      onLogout={onLogout}
      queued={queue.pending.length}
      onRetry={() => void queue.flush()}
      bar={assignment && <TaskBar assignment={assignment} onOpenPdf={() => setPdfOpen(true)} />}
      side={<ResultsPanel rows={today.rows ?? []} pending={queue.pending} refused={queue.refused} onDismissRefused={queue.dismissRefused} />}
      overlays={
        <>
          {verdict && <VerdictScreen verdict={verdict.verdict} flowName={verdict.flowName} onDismiss={() => setVerdict(null)} />}
          {pdfOpen && assignment?.pdfDownloadUrl && <PdfPanel url={assignment.pdfDownloadUrl} flowName={assignment.flowName} onClose={() => setPdfOpen(false)} />}
        </>
      }
    >
      {content}
    </StationFrame>
  );
}
