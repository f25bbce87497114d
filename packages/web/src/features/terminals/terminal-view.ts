import { MENUS, TERMINAL_STATUS, type TerminalPad, type TerminalType } from '@factory/contracts';

export const TERMINAL_MENU = MENUS.terminalManage;

export const TERMINAL_TYPE_NAMES: Record<TerminalType, string> = { PAD: 'PAD', PDA: '手持机' };

/** Names of the terminal status codes (seed 000 §2). */
export function statusName(status: number): string {
  switch (status) {
    case TERMINAL_STATUS.unused:
      return '未使用';
    case TERMINAL_STATUS.overallCheck:
      return '整机检测中';
    case TERMINAL_STATUS.partsCheck:
      return '配件检测中';
    case TERMINAL_STATUS.idle:
      return '空闲';
    default:
      return '使用中';
  }
}

/** The colour of a status tag: unused grey, working blue or purple, idle green. */
export function statusColor(status: number): string {
  switch (status) {
    case TERMINAL_STATUS.overallCheck:
    case TERMINAL_STATUS.used:
      return 'processing';
    case TERMINAL_STATUS.partsCheck:
      return 'purple';
    case TERMINAL_STATUS.idle:
      return 'success';
    default:
      return 'default';
  }
}

/** An unused terminal has nothing to unbind. */
export const canBeUnbound = (terminal: Pick<TerminalPad, 'status'>) => terminal.status !== TERMINAL_STATUS.unused;

/** Only an unused or idle PAD may change line; a PAD on a task keeps its line until unbound. */
export const mayChangeLine = (terminal: Pick<TerminalPad, 'status' | 'terminalType'>) =>
  terminal.terminalType === 'PAD' &&
  (terminal.status === TERMINAL_STATUS.unused || terminal.status === TERMINAL_STATUS.idle);

export type ScreenSize = 'large' | 'medium' | 'small';

/** The picture of a PAD model: 21.5, 15 or 11.5 inch, read from the category's name. */
export function screenSizeOf(category: string | null): ScreenSize {
  if (category?.includes('21.5')) return 'large';
  if (category?.includes('11.5')) return 'small';
  return 'medium';
}

export type GroupStatus = 'USE' | 'UNUSE';

export interface TerminalGroupRef {
  type: TerminalType;
  status: GroupStatus;
  taskId?: number | null;
  lineId?: number | null;
}

/**
 * The detail page of one group: /terminalDetail?taskId&status=UNUSE|USE&type=PAD|PDA
 * (seed 000 §2). A line group without a task is named by its line instead.
 */
export function groupDetailUrl({ type, status, taskId, lineId }: TerminalGroupRef): string {
  const query = new URLSearchParams();
  if (taskId != null) query.set('taskId', String(taskId));
  else if (lineId != null) query.set('lineId', String(lineId));
  query.set('status', status);
  query.set('type', type);
  return `/terminalDetail?${query.toString()}`;
}

/** The query of a detail page, or null when it names no usable group. */
export function parseGroupRef(search: URLSearchParams): TerminalGroupRef | null {
  const type = search.get('type');
  const status = search.get('status');
  if ((type !== 'PAD' && type !== 'PDA') || (status !== 'USE' && status !== 'UNUSE')) return null;
  const id = (name: string) => {
    const value = Number(search.get(name));
    return Number.isInteger(value) && value > 0 ? value : null;
  };
  return { type, status, taskId: id('taskId'), lineId: id('lineId') };
}

/** What a terminal is doing, as the card and the detail table show it (seed 000 §2). */
export function workLines(terminal: TerminalPad): { label: string; value: string }[] {
  switch (terminal.belongTaskType) {
    case TERMINAL_STATUS.overallCheck:
      return [
        { label: '产品型号', value: terminal.productNumber ?? '—' },
        { label: '流程', value: terminal.padFlow ?? '—' },
      ];
    case TERMINAL_STATUS.partsCheck:
      return [
        // a DTU task's name is its fittingType (seed 002 §3), its part model the DTU's
        { label: '配件型号', value: terminal.dtuType ?? '—' },
        { label: '任务', value: terminal.fittingType ?? terminal.taskName ?? '—' },
      ];
    default:
      return [];
  }
}
