// Test data of the property screen (imported by its *.test.tsx only).
import {
  type AutoProperty,
  autoCatalogue,
  type CatalogueItem,
  type CatalogueOption,
  COMMUNICATION_TYPES,
  DTU_CATALOGUE_ENDPOINTS as CATALOGUE,
  DTU_DATA_TYPES,
  DTU_ENDPOINTS as DTU,
  DTU_PROPERTY_ENDPOINTS as P,
  type Dtu,
  type OtherProperty,
  type SerialProperty,
  serialCatalogue,
} from '@factory/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { expect, vi } from 'vitest';
import { Providers } from '../../../app/providers';
import { answer, type FakeRequest, type FakeRoute, installServer } from '../../../test/fake-server';
import { formFields } from '../../../test/fetch-stand-in';
import { findDialog } from '../../../test/line-terminal-fixtures';

/** A bluetooth DTU of part 3 with every file and both images. */
export function dtuOf(fields: Partial<Dtu> & Pick<Dtu, 'id'>): Dtu {
  return {
    fittingId: 3,
    fittingType: 1,
    communicationPartId: null,
    dtuType: `DTU${fields.id}`,
    modelType: 'BLE_5001',
    productCompany: '海容科技',
    standardVoltage: '5.0',
    bandRate: 115200,
    connectInternet: true,
    communicationType: 'bluetooth',
    communicationTypeDesc: '蓝牙',
    testFirmwareVersion: '1.2.0',
    testFirmwareUrl: '/api/file/fw1',
    testFirmwareFileName: 'ble-test-1.2.0.bin',
    productFileUrl: '/api/file/prod1',
    productFileOriginName: '生产说明.pdf',
    bomListFileUrl: '/api/file/bom1',
    bomListOriginName: 'BOM-v3.xlsx',
    otherRequestFileUrl: null,
    otherRequestFileOriginName: null,
    frontImageUrl: '/api/file/front1',
    backImageUrl: '/api/file/back1',
    status: 1,
    createTime: '2026-03-01 09:00:00',
    ...fields,
  };
}

export function serialOf(fields: Partial<SerialProperty> & Pick<SerialProperty, 'id'>): SerialProperty {
  return {
    dtuId: 7,
    name: '蓝牙信号强度',
    code: 'BLE_RSSI',
    verifyRule: 'RANGE',
    aimValue: null,
    minValue: '-80',
    maxValue: '-20',
    unit: 'dBm',
    status: 0,
    createTime: '2026-03-01 09:10:00',
    ...fields,
  };
}

export function autoOf(fields: Partial<AutoProperty> & Pick<AutoProperty, 'id'>): AutoProperty {
  const dataType = fields.dataType ?? 'int';
  return {
    dtuId: 7,
    name: `属性${fields.id}`,
    code: `PROP_${fields.id}`,
    dataType,
    dataTypeName: DTU_DATA_TYPES.find((type) => type.code === dataType)?.name ?? dataType,
    verifyRule: null,
    aimValue: null,
    minValue: null,
    maxValue: null,
    unique: false,
    trueValue: null,
    falseValue: null,
    aimBooleanValue: null,
    enumMap: null,
    aimEnumMap: null,
    description: null,
    status: 0,
    createTime: '2026-03-01 09:20:00',
    ...fields,
  };
}

export function otherOf(fields: Partial<OtherProperty> & Pick<OtherProperty, 'id'>): OtherProperty {
  return {
    dtuId: 7,
    category: '外观检查',
    property: '外壳无划伤',
    checkTool: '目测',
    checkStandard: '无明显划痕',
    status: 0,
    createTime: '2026-03-01 09:30:00',
    ...fields,
  };
}

const optionOf = (item: CatalogueItem): CatalogueOption => ({
  code: item.code,
  name: item.name,
  verifyRules: [...item.verifyRules],
  dataType: item.dataType,
  unique: item.unique ?? false,
  unit: item.unit ?? null,
  description: item.description,
});

const catalogueOf = (items: readonly CatalogueItem[]) => items.map(optionOf);
const communicationOf = ({ query }: FakeRequest) => query.communicationTypeCode ?? null;

interface PotionData {
  dtu?: Dtu;
  serial?: SerialProperty[];
  auto?: AutoProperty[];
  other?: OtherProperty[];
}

/** One page of the rows, as the server pages them. */
const page =
  <Row,>(rows: Row[]) =>
  ({ query }: FakeRequest) => {
    const pageNum = Number(query.page);
    const pageSize = Number(query.pageSize);
    return { list: rows.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: rows.length, pageSize, pageNum };
  };

/** The DTU, its catalogues and its three lists; every write succeeds. */
export function potionServer({ dtu = dtuOf({ id: 7 }), serial = [], auto = [], other = [] }: PotionData = {}, ...more: FakeRoute[]) {
  return installServer(
    answer(DTU.dtuDetail, dtu),
    answer(DTU.dtuEdit, null),
    answer(DTU.dtuCommunicationTypes, COMMUNICATION_TYPES.map(({ code, name, identity }) => ({ code, name, identity }))),
    answer(CATALOGUE.dtuSerialTypes, (request) => catalogueOf(serialCatalogue(communicationOf(request)))),
    answer(CATALOGUE.dtuAutoTypes, (request) => catalogueOf(autoCatalogue(communicationOf(request)))),
    answer(P.serialPropertyList, page(serial)),
    answer(P.autoPropertyList, page(auto)),
    answer(P.otherPropertyList, page(other)),
    ...(['serial', 'auto', 'other'] as const).flatMap((kind) => [
      answer(P[`${kind}PropertyAdd`], 99),
      answer(P[`${kind}PropertyEdit`], null),
      answer(P[`${kind}PropertyChangeStatus`], null),
      answer(P[`${kind}PropertyDelete`], null),
    ]),
    ...more,
  );
}

/** The fields of the form-encoded body of a request. */
export const sentFields = (request: FakeRequest | undefined) => (request ? formFields(request) : {});

/** A property table by its title. */
export const tableOf = (title: string) => screen.getByRole('region', { name: title });
export const findTable = (title: string) => screen.findByRole('region', { name: title });

/** An antd confirmation (title 提示) asking this question, once it is open. */
export async function findQuestion(question: string): Promise<HTMLElement> {
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

/** Answers the open confirmation asking this question with 确定 (or 取消). */
export async function answerQuestion(user: UserEvent, question: string, choice: '确定' | '取消' = '确定'): Promise<void> {
  await user.click(within(await findQuestion(question)).getByRole('button', { name: choice }));
}

/** Whether the element takes no pointer (a panel still sliding in): the nearest declared pointer-events decides, as user-event reads it. */
function inert(element: Element | null): boolean {
  for (let node = element; node; node = node.parentElement) {
    const pointerEvents = getComputedStyle(node).pointerEvents;
    if (pointerEvents && pointerEvents !== 'inherit' && pointerEvents !== 'unset') return pointerEvents === 'none';
  }
  return false;
}

/** The side panel with this title, once it has slid in and takes clicks. */
export async function findPanel(title: string) {
  const dialog = await findDialog(title);
  await waitFor(() => expect(inert(dialog.querySelector('form'))).toBe(false));
  return within(dialog);
}

/** Opens a table's 新增 panel. */
export async function openAddPanel(user: UserEvent, table: string, panel: string) {
  const region = await findTable(table);
  await user.click(within(region).getByRole('button', { name: '新增' }));
  return findPanel(panel);
}

/** The validation messages a panel shows, top to bottom. */
export const errorsOf = (panel: Panel) =>
  panel
    .queryAllByText((_text: string, element: Element | null) => element?.classList.contains('ant-form-item-explain-error') ?? false)
    .map((element: HTMLElement) => element.textContent);

/**
 * One panel on its own, open, with the console's providers (no page around it): what
 * its onClose saw is in `closed`.
 */
export async function renderPanel(panel: (onClose: () => void) => ReactElement, title: string) {
  const closed = vi.fn();
  render(<Providers>{panel(closed)}</Providers>);
  return { panel: await findPanel(title), closed };
}

export type Panel = ReturnType<typeof within>;

/** Replaces a field's text in one go (typing key by key would validate at each key). */
export async function fill(user: UserEvent, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text === '') return;
  await user.click(input);
  await user.paste(text);
}

export const valueOf = (panel: Panel, label: string) => (panel.getByLabelText(label) as HTMLInputElement).value;
/** antd hides a button-style radio's input: its label takes the click. */
export const clickRadio = (user: UserEvent, panel: Panel, name: string) => user.click(panel.getByRole('radio', { name }).closest('label')!);
export const submitPanel = (user: UserEvent, panel: Panel) => user.click(panel.getByRole('button', { name: '确定' }));
export const expectErrors = (panel: Panel, messages: string[]) => waitFor(() => expect(errorsOf(panel)).toEqual(messages));
