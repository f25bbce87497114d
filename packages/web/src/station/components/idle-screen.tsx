import type { StationLastTask } from '../lib/contracts';
import { StatusScreen } from './status-screen';

interface IdleScreenProps {
  terminalCode: string;
  /** the task of the terminal's latest result; undefined while unknown */
  lastTask: StationLastTask | undefined;
  /** the PAD APP menus the user holds: where the terminal is given a task of each */
  held: { overallCheck: boolean; partsCheck: boolean };
  onReload: () => void;
}

const timeOf = (text: string) => text.slice(11, 16);

/**
 * 当前终端未分配任务, with why and what to do: the terminal's last task finished
 * (a task that finishes frees its terminals), or it runs on without this
 * terminal; a flow is given its terminals in the console's 产线检测, a DTU task
 * its PADs in the task's form (配件检测).
 */
export function IdleScreen({ terminalCode, lastTask, held, onReload }: IdleScreenProps) {
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
      {held.overallCheck && (
        <p>
          请在控制台「产线检测」中为任务的流程设置本终端（<span className="status-screen__code">{terminalCode}</span>），或等待主管分配；每 10 秒自动检查一次。
        </p>
      )}
      {held.overallCheck && held.partsCheck && <p>配件检测：在控制台的DTU任务中选择本终端后即可检测。</p>}
      {!held.overallCheck && held.partsCheck && (
        <p>
          请在控制台的DTU任务中选择本终端（<span className="status-screen__code">{terminalCode}</span>），或等待主管分配；每 10 秒自动检查一次。
        </p>
      )}
      {!held.overallCheck && !held.partsCheck && <p>该用户已没有整机检测和配件检测的权限，请联系管理员分配后重新登录。</p>}
    </StatusScreen>
  );
}
