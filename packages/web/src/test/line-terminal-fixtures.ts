import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { UserEvent } from '@testing-library/user-event';
import type { ProductionLine, TerminalList, TerminalPad } from '@factory/contracts';
import { loginResultWith, sessionMenu } from './fixtures';
import type { SeenRequest } from './fetch-stand-in';

/** A session holding the given buttons on one platform-administration page (none: the page only). */
export function sessionWithButtons(url: string, name: string, funcBotton: string[] = []) {
  return loginResultWith({}, [
    sessionMenu({ id: 1, name: '平台管理', url: '/', level: 1 }),
    sessionMenu({ id: 2, pId: 1, name, url, level: 2, funcBotton }),
  ]);
}

/** The query of a recorded request as a plain object. */
export function queryOf(request: SeenRequest | undefined): Record<string, string> {
  return Object.fromEntries(new URL(request?.url ?? '/', 'http://console').searchParams);
}

export const pathOf = (request: SeenRequest) => new URL(request.url, 'http://console').pathname;

export function productionLine(fields: Partial<ProductionLine> & Pick<ProductionLine, 'id'>): ProductionLine {
  return {
    factoryId: 1,
    factoryName: '默认工厂',
    lineName: `产线${fields.id}`,
    lineNum: `LINE_${fields.id}`,
    status: 1,
    createTime: '2026-01-01 08:00:00',
    ...fields,
  };
}

export function terminalPad(fields: Partial<TerminalPad> & Pick<TerminalPad, 'padId'>): TerminalPad {
  return {
    padName: `终端${fields.padId}`,
    padCode: `PAD${fields.padId}`,
    terminalType: 'PAD',
    status: 0,
    categoryId: 1,
    category: '21.5寸平板',
    belongTaskType: null,
    productNumber: null,
    productType: null,
    dtuType: null,
    padFlow: null,
    fittingType: null,
    taskName: null,
    padWorker: null,
    lineId: null,
    lineName: null,
    taskId: null,
    ...fields,
  };
}

export function terminalList(fields: Partial<TerminalList> = {}): TerminalList {
  return {
    freePadList: [],
    taskLineList: [],
    pdaFreeList: [],
    pdaUsedList: [],
    total: 0,
    freeCount: 0,
    usedCount: 0,
    noTaskCount: 0,
    overallCheckCount: 0,
    partsCheckCount: 0,
    ...fields,
  };
}

/** The validation text antd shows under a field, found through the input's aria-describedby. */
export function fieldErrorOf(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.querySelector('.ant-form-item-explain-error')?.textContent ?? '')
    .join('');
}

/**
 * The open dialog with this title. antd names every dialog "test-id" under test, so
 * with the layout's own (hidden) dialog on the page a query by accessible name fails.
 */
export async function findDialog(title: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen
      .getAllByRole('dialog')
      .find((dialog) => dialog.querySelector('.ant-modal-title, .ant-drawer-title')?.textContent === title);
    expect(found).toBeTruthy();
  });
  return found!;
}

/** Picks an option of the open antd Select by its text. */
export async function chooseOption(user: UserEvent, title: string): Promise<void> {
  let option: HTMLElement | null = null;
  await waitFor(() => {
    option = document.querySelector<HTMLElement>(`.ant-select-dropdown .ant-select-item-option[title="${title}"]`);
    expect(option).toBeTruthy();
  });
  await user.click(option!);
}
