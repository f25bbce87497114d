import type { Assignment } from '../lib/draft';

interface TaskBarProps {
  assignment: Assignment;
  onOpenPdf: () => void;
}

/** What this terminal works on: model, flow and the task's progress, with the flow's work instruction. */
export function TaskBar({ assignment, onOpenPdf }: TaskBarProps) {
  const { productNumber, flowName, flowOrder, flowCount, finishNumber, productionCount, pdfDownloadUrl } = assignment;
  const percent = productionCount > 0 ? Math.min(100, Math.round((finishNumber / productionCount) * 100)) : 0;
  return (
    <section className="task-bar" aria-label="当前任务">
      <div className="task-bar__cell">
        <span className="task-bar__label">产品型号</span>
        <span className="task-bar__value">{productNumber}</span>
      </div>
      <div className="task-bar__cell">
        <span className="task-bar__label">当前流程</span>
        <span className="task-bar__value">
          {flowName}
          <span className="task-bar__order">
            流程{flowOrder}/共{flowCount}
          </span>
        </span>
      </div>
      <div className="task-bar__cell task-bar__cell--progress">
        <span className="task-bar__label">完成进度</span>
        <span className="task-bar__value">
          {finishNumber}/{productionCount}
        </span>
        <span className="progress" aria-hidden>
          <span className="progress__fill" style={{ width: `${percent}%` }} />
        </span>
      </div>
      <button type="button" className="button button--ghost task-bar__pdf" disabled={!pdfDownloadUrl} onClick={onOpenPdf}>
        {pdfDownloadUrl ? '作业指导书' : '无作业指导书'}
      </button>
    </section>
  );
}
