import { MSG, type TerminalPad } from '@factory/contracts';
import { App } from 'antd';
import { showApiError } from '../../../lib/api-client';
import { useUnbindTerminal } from '../api/unbind-terminal';

/**
 * Asks before unbinding: the terminal goes back to unused and leaves its task's
 * flow, so a station in the middle of a test stops being able to report.
 */
export function useConfirmUnbind(): (terminal: TerminalPad) => void {
  const { modal, message } = App.useApp();
  const unbind = useUnbindTerminal();
  return (terminal) => {
    modal.confirm({
      title: '解绑终端',
      content: `确定解绑终端“${terminal.padName}”吗？解绑后终端回到未使用状态，并从所在任务的流程中移除。`,
      okText: '解绑',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await unbind.mutateAsync({ terminalId: terminal.padId, terminalType: terminal.terminalType });
        } catch (error) {
          showApiError(error);
          return;
        }
        void message.success(MSG.terminalUnbound);
      },
    });
  };
}
