// Test data of the DTU task lists and their panel (imported by their *.test.tsx only).
import {
  type Answer,
  DTU_ENDPOINTS as DTU,
  DTU_SUBMISSION_ENDPOINTS as SUBMISSION,
  DTU_TASK_ENDPOINTS as TASK,
  type Dtu,
  type DtuTask,
  LINE_ENDPOINTS as LINE,
  MENUS,
  PATHS,
} from '@factory/contracts';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { answer, type FakeRequest, type FakeRoute, installServer } from '../../test/fake-server';
import { loginResultWith, sessionMenu } from '../../test/fixtures';

/** A session with 配件管理 under 生产中心 / 配件检测 (the task pages need the menu only, seed 002 §6). */
export function dtuTaskSession() {
  return loginResultWith({}, [
    sessionMenu({ id: 1, name: '生产中心', url: '/', level: 1 }),
    sessionMenu({ id: 2, pId: 1, name: '配件检测', url: '/', level: 2 }),
    sessionMenu({ id: 3, pId: 2, name: '配件管理', url: MENUS.parts, level: 3, funcBotton: ['add', 'detail', 'edit', 'delete'] }),
  ]);
}

/** DTU 9 of part 5: a networked THREE_2_ONE model (data delivery, no serial terminals). */
export function dtuOf(fields: Partial<Dtu> = {}): Dtu {
  return {
    id: 9,
    fittingId: 5,
    fittingType: 1,
    communicationPartId: null,
    dtuType: 'HR-DTU01',
    modelType: 'EC200U_CN',
    productCompany: '移远通信',
    standardVoltage: '12',
    bandRate: 115200,
    connectInternet: true,
    communicationType: 'THREE_2_ONE',
    communicationTypeDesc: '海容三合一',
    testFirmwareVersion: '1.0.0',
    testFirmwareUrl: `${PATHS.file}/fw9`,
    testFirmwareFileName: 'dtu-fw.bin',
    productFileUrl: null,
    productFileOriginName: null,
    bomListFileUrl: null,
    bomListOriginName: null,
    otherRequestFileUrl: null,
    otherRequestFileOriginName: null,
    frontImageUrl: null,
    backImageUrl: null,
    status: 1,
    createTime: '2026-03-01 09:00:00',
    ...fields,
  };
}

export const bluetoothDtu = () => dtuOf({ communicationType: 'bluetooth', communicationTypeDesc: '蓝牙' });

/** A task of DTU 9 on line 2 for line 3, with PADs 11 and 12; 120 of 1000 passed, 130 tested. */
export function taskOf(fields: Partial<DtuTask> & Pick<DtuTask, 'id'>): DtuTask {
  const detail = fields.detail ?? dtuOf();
  return {
    dtuId: detail.id,
    fittingType: `批次${fields.id}`,
    reworkTask: false,
    productLineId: 2,
    productionLineName: '配件一线',
    aimProductLineId: 3,
    aimProductLineName: '总装二线',
    testFirmwareVersion: '1.2.0',
    testFirmwareDownloadUrl: null,
    testFirmwareOriginName: null,
    pads: [
      { id: 11, name: 'PAD-01', code: 'P01' },
      { id: 12, name: 'PAD-02', code: 'P02' },
    ],
    serialPads: [],
    finishNumber: 120,
    testedNumber: 130,
    productionNumber: 1000,
    expireTime: '2099-03-31 23:59:59',
    status: 'UNSTART',
    duplicateEnable: false,
    needExcel: false,
    excelOriginName: null,
    excelRowCount: 0,
    excelUsedCount: 0,
    canCheck: true,
    canEditFirmware: true,
    communicationType: detail.communicationType,
    bandRate: detail.bandRate,
    createTime: '2026-03-01 10:00:00',
    startTime: null,
    finishTime: null,
    creatorName: 'admin',
    detail,
    ...fields,
  };
}

export const LINES: Answer<typeof LINE.productionLineOptions> = [
  { id: 2, lineName: '配件一线', lineNum: 'PJ_01' },
  { id: 3, lineName: '总装二线', lineNum: 'ZZ_02' },
  { id: 4, lineName: '配件二线', lineNum: 'PJ_02' },
];

type PadOption = Answer<typeof TASK.dtuTaskPadList>[number];
const pad = (id: number, busyWith = ''): PadOption => ({ id, name: `PAD-${id}`, code: `P${id}`, busyWith });

/** The PADs of each line: line 2 has 11–13 (13 busy with 三月批次), line 4 has 21 and 22. */
export const PADS_BY_LINE: Record<number, PadOption[]> = {
  2: [
    { id: 11, name: 'PAD-01', code: 'P01', busyWith: '' },
    { id: 12, name: 'PAD-02', code: 'P02', busyWith: '' },
    pad(13, '三月批次'),
    pad(14),
  ],
  4: [pad(21), pad(22)],
};

const padsOf = (request: FakeRequest) => PADS_BY_LINE[Number(request.query.lineId)] ?? [];

/** A server for the list of `dtu` answering `tasks`; the changes succeed unless `more` says otherwise. */
export function dtuTaskServer(tasks: DtuTask[], dtu: Dtu = dtuOf(), ...more: FakeRoute[]) {
  return installServer(
    answer(DTU.dtuDetail, dtu),
    answer(LINE.productionLineOptions, LINES),
    answer(TASK.dtuTaskList, { list: tasks, total: tasks.length, pageSize: 10, pageNum: 1 }),
    answer(TASK.dtuTaskPadList, padsOf),
    answer(TASK.dtuTaskDownPropList, [{ code: 'MAJOR_MINOR', name: 'major&minor' }]),
    answer(TASK.dtuTaskAdd, 77),
    answer(TASK.dtuTaskEdit, null),
    answer(TASK.dtuTaskStart, null),
    answer(TASK.dtuTaskStop, null),
    answer(TASK.dtuTaskEnd, null),
    answer(TASK.dtuTaskDelete, null),
    answer(TASK.dtuTaskDuplicateEnable, null),
    answer(SUBMISSION.dtuTaskSubmit, { batchId: 3, batchNo: '1-003', submitNumber: 48 }),
    ...more,
  );
}

/** The address of the page under test now. */
export const addressOf = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search;

/** The table row of the task named `name`. */
export function rowOf(name: string): HTMLElement {
  const row = screen.getAllByRole('row').find((candidate) => [...candidate.querySelectorAll('td')].some((cell) => cell.textContent === name));
  if (!row) throw new Error(`no row of ${name}`);
  return row;
}

/** The open antd confirmation titled 提示 that asks `question`. */
export async function findPrompt(question: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].find(
      (dialog) =>
        dialog.querySelector('.ant-modal-confirm-title')?.textContent === '提示' &&
        dialog.querySelector('.ant-modal-confirm-content')?.textContent === question,
    );
    expect(found).toBeTruthy();
  });
  return found!;
}

/**
 * The menu items of the dropdown open now. A closed one keeps its leave animation's
 * class under happy-dom (no animation ever ends there).
 */
export function openMenuItems(): HTMLElement[] {
  const open = [...document.querySelectorAll<HTMLElement>('.ant-dropdown')].filter(
    (dropdown) => !dropdown.classList.contains('ant-dropdown-hidden') && !/-leave\b/.test(dropdown.className),
  );
  return open.flatMap((dropdown) => [...dropdown.querySelectorAll<HTMLElement>('[role="menuitem"]')]);
}

/** Opens a row's 更多 and picks the item with this text. */
export async function pickMore(user: UserEvent, row: HTMLElement, item: string) {
  // the table's loading veil (pointer-events: none) must be gone before the row takes a click
  await waitFor(() => expect(document.querySelector('.ant-spin-blur')).toBeNull());
  await user.click(row.querySelector<HTMLElement>('.dtu-task-row-actions .ant-dropdown-trigger')!);
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = openMenuItems().find((element) => element.textContent === item);
    expect(found).toBeTruthy();
  });
  await user.click(found!);
}

/** The validation text antd shows under the form item labelled `label` ('' when none). */
export const errorOf = (scope: HTMLElement, label: string) =>
  scope
    .querySelector(`label[title="${label}"]`)
    ?.closest('.ant-form-item')
    ?.querySelector('.ant-form-item-explain-error')?.textContent ?? '';

export const expectError = (scope: HTMLElement, label: string, message: string) =>
  waitFor(() => expect(errorOf(scope, label)).toBe(message));

/** The form item labelled `label`. */
export const itemOf = (scope: HTMLElement, label: string) =>
  scope.querySelector(`label[title="${label}"]`)?.closest<HTMLElement>('.ant-form-item') ?? null;

/** A text shown by antd's message (success, warning or error). */
export const findNotice = (text: string) => screen.findByText(text, { selector: '.ant-message *' });

/**
 * Picks an option of the open antd Select by its text. Several selects here offer the
 * same lines, so the option is looked for in the dropdown open now, not in one closing.
 */
export async function choose(user: UserEvent, title: string): Promise<void> {
  let option: HTMLElement | undefined;
  await waitFor(() => {
    const open = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].filter(
      (dropdown) => !dropdown.classList.contains('ant-select-dropdown-hidden') && !/-leave\b/.test(dropdown.className),
    );
    option = open.flatMap((dropdown) => [...dropdown.querySelectorAll<HTMLElement>(`.ant-select-item-option[title="${title}"]`)]).at(-1);
    expect(option).toBeTruthy();
  });
  await user.click(option!);
}
