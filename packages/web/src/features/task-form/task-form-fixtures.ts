import {
  type AnyEndpoint,
  LINE_ENDPOINTS as LINE,
  type LineOption,
  MENUS,
  type PadInfo,
  PRODUCT_ENDPOINTS as PRODUCT,
  TASK_ENDPOINTS as TASK,
  TASK_TERMINAL_ENDPOINTS as PADS,
  type TaskEditData,
} from '@factory/contracts';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { answer, type FakeRequest, type FakeRoute, type FakeServer, installServer } from '../../test/fake-server';
import { loginResultWith, sessionMenu } from '../../test/fixtures';
import { productOf } from '../../test/product-fixtures';

/** Test data and a server stand-in for the two task-form steps. */

export const TASK_BUTTONS = ['add', 'dataWatch', 'detail', 'exportProCode', 'edit', 'stop', 'start', 'finish', 'delete'];

/** A session holding 产线检测 under 生产中心. */
export function taskSession(funcBotton: string[] = TASK_BUTTONS) {
  return loginResultWith({}, [
    sessionMenu({ id: 1, name: '生产中心', url: '/', level: 1 }),
    sessionMenu({ id: 2, pId: 1, name: '产线检测', url: MENUS.productionCenter, level: 2, funcBotton }),
  ]);
}

export const PRODUCT_TYPES = [
  { id: 1, name: '智能网关' },
  { id: 2, name: '智能电表' },
];

/** Products of both types in every publish status; the stand-in filters them as the server does. */
export const PRODUCTS = [
  productOf({ id: 21, productTypeId: 1, number: 'GW_100', publishStatus: 'PUBLISH' }),
  productOf({ id: 22, productTypeId: 1, number: 'GW_200', publishStatus: 'PUBLISH' }),
  productOf({ id: 23, productTypeId: 1, number: 'GW_DRAFT', publishStatus: 'UNPUBLISH' }),
  productOf({ id: 24, productTypeId: 1, number: 'GW_BUSY', publishStatus: 'PRODUCTING' }),
  productOf({ id: 31, productTypeId: 2, productTypeName: '智能电表', number: 'EM_300', publishStatus: 'PUBLISH' }),
];

export const LINES: LineOption[] = [
  { id: 11, lineName: '总装一线', lineNum: 'ZZ_01' },
  { id: 12, lineName: '总装二线', lineNum: 'ZZ_02' },
  { id: 13, lineName: '包装线', lineNum: 'BZ_01' },
];

export function padOf(fields: Partial<PadInfo> & Pick<PadInfo, 'id'>): PadInfo {
  return {
    code: `PAD${fields.id}`,
    name: `终端${fields.id}`,
    flowId: null,
    taskId: null,
    lineId: 11,
    lineName: '总装一线',
    ...fields,
  };
}

/** A NEW task of GW_BUSY (PRODUCTING, its own product) on lines 11 and 12 with three flows, none with a terminal. */
export function editDataOf(fields: Partial<TaskEditData> = {}): TaskEditData {
  return {
    id: 7,
    productTypeId: 1,
    productId: 24,
    productNumber: 'GW_BUSY',
    productionLineIds: [11, 12],
    productionCount: 500,
    expireTime: '2099-12-31 23:59:59',
    status: 'NEW',
    flowPads: [
      { flow: { id: 71, name: '上电检测', sequence: 1 }, padInfos: [] },
      { flow: { id: 72, name: '通信检测', sequence: 2 }, padInfos: [] },
      { flow: { id: 73, name: '整机终检', sequence: 3 }, padInfos: [] },
    ],
    ...fields,
  };
}

interface TaskServer {
  editData?: TaskEditData;
  pads?: PadInfo[];
  /** answers beyond the defaults, or instead of them (a refusal, another id for the new task) */
  more?: FakeRoute[];
}

/**
 * The API as both steps see it; everything is recorded. Creating answers id 42,
 * editing and setting terminals succeed, unless `more` says otherwise.
 */
export function taskFormServer({ editData = editDataOf(), pads = [], more = [] }: TaskServer = {}): FakeServer {
  return installServer(
    answer(PRODUCT.productTypes, PRODUCT_TYPES),
    answer(PRODUCT.productQuery, ({ query }) => {
      const list = PRODUCTS.filter(
        (product) =>
          (!query.productTypeId || product.productTypeId === Number(query.productTypeId)) &&
          (!query.publishStatus || product.publishStatus === query.publishStatus),
      );
      return { list, total: list.length, pageSize: 0, pageNum: 1, publishCount: 0, unPublishCount: 0, producingCount: 0 };
    }),
    answer(LINE.productionLineOptions, LINES),
    answer(TASK.taskEditData, editData),
    answer(PADS.padList, pads),
    answer(TASK.taskCreate, 42),
    answer(TASK.taskEdit, null),
    answer(PADS.padSet, null),
    ...more,
  );
}

export const callsTo = (server: FakeServer, endpoint: AnyEndpoint) => server.calls(endpoint);
export const bodyOf = (request: FakeRequest | undefined): unknown => request?.json ?? null;

/** The form item holding the field with this label. */
export function formItemOf(label: string): HTMLElement {
  const found = [...document.querySelectorAll<HTMLElement>('.ant-form-item')].find(
    (item) => item.querySelector('.ant-form-item-label label')?.textContent === label,
  );
  if (!found) throw new Error(`no form item labelled ${label}`);
  return found;
}

/** The validation text under the field with this label ('' when none). */
export const errorOf = (label: string) =>
  formItemOf(label).querySelector('.ant-form-item-explain-error')?.textContent ?? '';

export async function expectError(label: string, text: string): Promise<void> {
  await waitFor(() => expect(errorOf(label)).toBe(text));
}

/** The options of the select whose combobox this is (open it first); `disabled` lists those that can not be chosen. */
export function optionsOf(combobox: HTMLElement): { titles: string[]; disabled: string[] } {
  const listId = combobox.getAttribute('aria-controls');
  const dropdown = listId ? document.getElementById(listId)?.closest('.ant-select-dropdown') : null;
  const options = [...(dropdown?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])];
  return {
    titles: options.map((option) => option.getAttribute('title') ?? ''),
    disabled: options
      .filter((option) => option.classList.contains('ant-select-item-option-disabled'))
      .map((option) => option.getAttribute('title') ?? ''),
  };
}

/** Opens the select of this combobox and picks the option with this text from its own dropdown. */
export async function chooseIn(user: UserEvent, combobox: HTMLElement, title: string): Promise<void> {
  if (combobox.getAttribute('aria-expanded') !== 'true') await user.click(combobox);
  let option: HTMLElement | null | undefined;
  await waitFor(() => {
    const listId = combobox.getAttribute('aria-controls');
    const dropdown = listId ? document.getElementById(listId)?.closest('.ant-select-dropdown') : null;
    option = dropdown?.querySelector<HTMLElement>(`.ant-select-item-option[title="${title}"]`);
    expect(option).toBeTruthy();
  });
  await user.click(option!);
}

/** What the select in this element shows as chosen (the tags of a multiple select, the value of a single one). */
export const chosenIn = (element: HTMLElement) =>
  [...element.querySelectorAll('.ant-select-selection-item, .ant-select-content-has-value')].map(
    (chosen) => chosen.getAttribute('title') ?? chosen.textContent,
  );

export const selectedOf = (label: string) => chosenIn(formItemOf(label));

export const heading = (name: string) => screen.getByRole('heading', { name });
