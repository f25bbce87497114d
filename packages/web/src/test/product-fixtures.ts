import { type Firmware, type Flow, MENUS, PATHS, PRODUCT_ENDPOINTS as PRODUCT, type Product, type Property } from '@factory/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { answer, type FakeRoute } from './fake-server';
import { loginResultWith, sessionMenu } from './fixtures';

/** Every button of /productCenter (DESIGN.md §4). */
export const PRODUCT_BUTTONS = ['add', 'detail', 'set', 'push', 'back', 'copy', 'delete'];

/** A session holding the given buttons on 产品中心 under 生产中心. */
export function productSession(funcBotton: string[] = PRODUCT_BUTTONS) {
  return loginResultWith({}, [
    sessionMenu({ id: 1, name: '生产中心', url: '/', level: 1 }),
    sessionMenu({ id: 2, pId: 1, name: '产品中心', url: MENUS.productCenter, level: 2, funcBotton }),
  ]);
}

export function productOf(fields: Partial<Product> & Pick<Product, 'id'>): Product {
  return {
    productTypeId: 1,
    productTypeName: '智能网关',
    number: `MODEL_${fields.id}`,
    code: `CODE_${fields.id}`,
    connectInternet: true,
    communicationId: '2.4G',
    communicationName: '2.4G',
    dataFormatId: 1,
    dataFormatName: 'JSON',
    description: `产品${fields.id}的描述`,
    inspectionLevel: 'II',
    aql: 1,
    publishStatus: 'UNPUBLISH',
    createTime: '2026-03-01 09:30:00',
    publishTime: null,
    flowCount: 0,
    propertyCount: 0,
    ...fields,
  };
}

export function firmwareOf(fields: Partial<Firmware> & Pick<Firmware, 'id'>): Firmware {
  return {
    productId: 1,
    type: 'TEST',
    versionNumber: `v1.0.${fields.id}`,
    description: '产测固件',
    originName: `fw-${fields.id}.bin`,
    downloadUrl: `${PATHS.file}/key${fields.id}`,
    size: 1024,
    status: 'STOP',
    updateTime: '2026-03-02 10:00:00',
    ...fields,
  };
}

export function propertyOf(fields: Partial<Property> & Pick<Property, 'id'>): Property {
  return {
    productId: 1,
    name: `属性${fields.id}`,
    code: `prop_${fields.id}`,
    dataTypeId: 'int',
    dataTypeName: '整数',
    min: 0,
    max: 100,
    unitId: null,
    unitName: null,
    length: null,
    enumerates: null,
    trueValue: null,
    falseValue: null,
    description: '属性描述',
    valueDescription: null,
    createTime: '2026-03-01 09:40:00',
    ...fields,
  };
}

export function flowOf(fields: Partial<Flow> & Pick<Flow, 'id' | 'order'>): Flow {
  return {
    productId: 1,
    name: `流程名${fields.order}`,
    preId: null,
    prevId: null,
    nextId: null,
    bindMac: false,
    normal: true,
    show: true,
    flowType: 'OVERALL_CHECK',
    scanCodes: ['生产码', 'SN码'],
    pdfFileName: null,
    pdfDownloadUrl: null,
    items: [],
    manualItems: [],
    updateTime: '2026-03-01 10:00:00',
    ...fields,
  };
}

/** The lookups of the product form, as the server seeds them. */
export const LOOKUP_ROUTES: FakeRoute[] = [
  answer(PRODUCT.productTypes, [
    { id: 1, name: '智能网关' },
    { id: 2, name: '智能电表' },
  ]),
  answer(PRODUCT.communicationTypes, [
    { id: 'noInternet', name: '不联网' },
    { id: '2.4G', name: '2.4G' },
    { id: 'THREE_2_ONE', name: '三合一' },
  ]),
  answer(PRODUCT.dataFormats, [
    { id: 1, name: 'JSON' },
    { id: 2, name: '二进制' },
  ]),
];

/** An antd confirmation (modal.confirm) with this question, once it is open. */
export async function findConfirm(question: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].find(
      (dialog) => dialog.querySelector('.ant-modal-confirm-title')?.textContent === question,
    );
    expect(found).toBeTruthy();
  });
  return found!;
}

/** Answers the open confirmation with this question by 确定. */
export async function confirmWith(user: UserEvent, question: string): Promise<void> {
  const dialog = await findConfirm(question);
  await user.click(within(dialog).getByRole('button', { name: '确定' }));
}

/** The product card with this model number. */
export const cardOf = (number: string) => screen.getByRole('article', { name: number });

/**
 * Stands in for IntersectionObserver (happy-dom never reports an intersection):
 * `reach()` tells every observer its element came into view.
 */
export function installIntersectionStandIn() {
  const observers: Array<{ callback: IntersectionObserverCallback; elements: Element[] }> = [];
  const original = window.IntersectionObserver;
  class IntersectionObserverStandIn {
    private readonly entry: { callback: IntersectionObserverCallback; elements: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, elements: [] };
      observers.push(this.entry);
    }
    observe(element: Element) {
      this.entry.elements.push(element);
    }
    unobserve() {}
    disconnect() {
      this.entry.elements = [];
    }
    takeRecords() {
      return [];
    }
  }
  Object.assign(window, { IntersectionObserver: IntersectionObserverStandIn });
  Object.assign(globalThis, { IntersectionObserver: IntersectionObserverStandIn });
  return {
    reach() {
      for (const observer of observers) {
        for (const target of observer.elements) {
          observer.callback(
            [{ isIntersecting: true, target } as unknown as IntersectionObserverEntry],
            observer as unknown as IntersectionObserver,
          );
        }
      }
    },
    restore() {
      Object.assign(window, { IntersectionObserver: original });
      Object.assign(globalThis, { IntersectionObserver: original });
    },
  };
}
