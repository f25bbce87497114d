import type { StationLastTask } from '../lib/contracts';
import { StatusScreen } from './status-screen';

interface IdleScreenProps {
  terminalCode: string;
  /** the task of the terminal's latest result; undefined while unknown */
  lastTask: StationLastTask | undefined;
  onReload: () => void;
}

const timeOf = (text: string) => text.slice(11, 16);

/**
 * 当前终端未分配任务, with why and what to do: the terminal's last task finished
 * (a task that finishes frees its terminals), or it runs on without this
 * terminal; a flow is given its terminals in the console's 产线检测.
 */
export function IdleScreen({ terminalCode, lastTask, onReload }: IdleScreenProps) {
  let why: string | null = null;
  if (lastTask?.status === 'FINISH') {
    why = `上一任务 #${lastTask.taskId}（${lastTask.productNumber}）已${lastTask.finishTime ? `于 ${timeOf(lastTask.finishTime)} ` : ''}完成，本终端已释放。`;
  } else if (lastTask) {
    why = `本终端已不在任务 #${lastTask.taskId}（${lastTask.productNumber}）的「${lastTask.flowName}」流程上，该任务仍未结束。`;
  }
  return (
    <StatusScreen
      tone="idle"
      title="当前终端未分配任务"
      action={
        <button type="button" className="button button--ghost" onClick={onReload}>
          刷新
        </button>
      }
    >
      {why && <p className="status-screen__why">{why}</p>}
      <p>
        请在控制台「产线检测」中为任务的流程设置本终端（<span className="status-screen__code">{terminalCode}</span>），或等待主管分配；每 10 秒自动检查一次。
      </p>
    </StatusScreen>
  );
}
