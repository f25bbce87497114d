import type { ReactNode } from 'react';
import type { DtuAssignment } from '../lib/dtu-api';

interface DtuTaskBarProps {
  assignment: DtuAssignment;
  /** what the last cell shows instead of the task's progress (a sampling terminal: the batch it samples) */
  progress?: ReactNode;
}

/** The DTU task of this PAD: its name and marks, the model, how it communicates, and the progress. */
export function DtuTaskBar({ assignment, progress }: DtuTaskBarProps) {
  const { taskName, dtu, productionNumber, finishNumber, testedNumber, reworkTask, duplicateEnable, role, testFirmwareVersion } = assignment;
  const percent = productionNumber > 0 ? Math.min(100, Math.round((finishNumber / productionNumber) * 100)) : 0;
  return (
    <section className="task-bar" aria-label="当前任务">
      <div className="task-bar__cell">
        <span className="task-bar__label">配件检测任务</span>
        <span className="task-bar__value">
          {taskName}
          {reworkTask && <span className="task-bar__tag task-bar__tag--rework">返工</span>}
          {duplicateEnable && <span className="task-bar__tag">允许重复</span>}
          {role === 'SERIAL' && <span className="task-bar__tag">串口终端</span>}
          {role === 'CHECK' && <span className="task-bar__tag task-bar__tag--check">抽检终端</span>}
        </span>
      </div>
      <div className="task-bar__cell">
        <span className="task-bar__label">DTU型号</span>
        <span className="task-bar__value">
          {dtu.dtuType}
          <span className="task-bar__sub">{dtu.modelType}</span>
        </span>
      </div>
      <div className="task-bar__cell">
        <span className="task-bar__label">通信方式</span>
        <span className="task-bar__value">
          {dtu.communicationTypeDesc || '不联网'}
          {testFirmwareVersion && <span className="task-bar__sub">固件 {testFirmwareVersion}</span>}
        </span>
      </div>
      {progress ?? (
        <div className="task-bar__cell task-bar__cell--progress">
          <span className="task-bar__label">完成进度</span>
          <span className="task-bar__value">
            {finishNumber}/{productionNumber}
            <span className="task-bar__sub">已检测 {testedNumber}</span>
          </span>
          <span className="progress" aria-hidden>
            <span className="progress__fill" style={{ width: `${percent}%` }} />
          </span>
        </div>
      )}
    </section>
  );
}
