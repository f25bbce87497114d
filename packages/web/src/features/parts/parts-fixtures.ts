// Test data of the parts pages (imported by their *.test.tsx only).
import {
  COMMUNICATION_TYPES,
  DTU_ENDPOINTS as DTU,
  type Dtu,
  type Fitting,
  MENUS,
  PATHS,
} from '@factory/contracts';
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { answer } from '../../test/fake-server';
import { loginResultWith, sessionMenu } from '../../test/fixtures';

/** Every button of /parts (DESIGN.md §4). */
export const PART_BUTTONS = ['add', 'detail', 'edit', 'delete'];

/** A session holding the given buttons on 配件管理 under 生产中心 / 配件检测. */
export function partsSession(funcBotton: string[] = PART_BUTTONS) {
  return loginResultWith({}, [
    sessionMenu({ id: 1, name: '生产中心', url: '/', level: 1 }),
    sessionMenu({ id: 2, pId: 1, name: '配件检测', url: '/', level: 2 }),
    sessionMenu({ id: 3, pId: 2, name: '配件管理', url: MENUS.parts, level: 3, funcBotton }),
  ]);
}

export function fittingOf(fields: Partial<Fitting> & Pick<Fitting, 'id'>): Fitting {
  return {
    fittingType: 1,
    fittingTypeName: 'DTU',
    partDesc: `配件${fields.id}`,
    partImageUrl: `${PATHS.file}/part${fields.id}`,
    status: 1,
    dtuCount: 0,
    createTime: '2026-03-01 09:00:00',
    ...fields,
  };
}

/** A networked bluetooth DTU of part 5, with its files and images stored. */
export function dtuOf(fields: Partial<Dtu> & Pick<Dtu, 'id'>): Dtu {
  return {
    fittingId: 5,
    fittingType: 1,
    communicationPartId: null,
    dtuType: `DTU${fields.id}`,
    modelType: 'BLE_5100',
    productCompany: '海容科技',
    standardVoltage: '5.0',
    bandRate: 9600,
    connectInternet: true,
    communicationType: 'bluetooth',
    communicationTypeDesc: '蓝牙',
    testFirmwareVersion: '1.0.0',
    testFirmwareUrl: `${PATHS.file}/fw${fields.id}`,
    testFirmwareFileName: 'fw.bin',
    productFileUrl: `${PATHS.file}/pf${fields.id}`,
    productFileOriginName: '生产文件.pdf',
    bomListFileUrl: `${PATHS.file}/bom${fields.id}`,
    bomListOriginName: 'BOM.xlsx',
    otherRequestFileUrl: null,
    otherRequestFileOriginName: null,
    frontImageUrl: `${PATHS.file}/front${fields.id}`,
    backImageUrl: `${PATHS.file}/back${fields.id}`,
    status: 1,
    createTime: '2026-03-01 10:00:00',
    ...fields,
  };
}

/** The communication methods as the server lists them. */
export const COMMUNICATION_TYPES_ROUTE = answer(
  DTU.dtuCommunicationTypes,
  COMMUNICATION_TYPES.map(({ code, name, identity }) => ({ code, name, identity })),
);

export const png = (name = 'part.png', bytes = 1024) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
export const fileOf = (name: string, bytes = 64) => new File([new Uint8Array(bytes)], name, { type: 'application/octet-stream' });

/** The validation text antd shows under the form item labelled `label` ('' when none). */
export const errorOf = (scope: HTMLElement, label: string) =>
  scope
    .querySelector(`label[title="${label}"]`)
    ?.closest('.ant-form-item')
    ?.querySelector('.ant-form-item-explain-error')?.textContent ?? '';

export const expectError = (scope: HTMLElement, label: string, message: string) =>
  waitFor(() => expect(errorOf(scope, label)).toBe(message));

/** The file input of the form item labelled `label`. */
export const fileInputOf = (scope: HTMLElement, label: string) =>
  scope.querySelector(`label[title="${label}"]`)!.closest('.ant-form-item')!.querySelector<HTMLInputElement>('input[type="file"]')!;

/** A text shown by antd's message (success, warning or error). */
export const findNotice = (text: string) => screen.findByText(text, { selector: '.ant-message *' });

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
