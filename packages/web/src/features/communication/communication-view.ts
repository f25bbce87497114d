import { MENUS } from '@factory/contracts';

/** 通信模块 and its detail page belong to one menu (seed 002 §2, §6). */
export const COMMUNICATION_MENU = MENUS.communication;

/** Breadcrumb of the module pages (seed 002 §1: production centre / accessory testing / …). */
export const COMMUNICATION_TRAIL = ['生产中心', '配件检测', '通信模块'] as const;

/**
 * Where a module's page lives. The model is URI-encoded twice, as the specification's
 * route says (seed 002 §2), and read back by decoding twice (modelNumberOf).
 */
export function moduleDetailUrl(module: { id: number; modelType: string }): string {
  return `/communicationDetail?id=${module.id}&modelNumber=${encodeURIComponent(encodeURIComponent(module.modelType))}`;
}

/**
 * The model of the address: URLSearchParams undid the first encoding, this undoes the
 * second. A hand-typed value that is not valid encoding is shown as it is.
 */
export function modelNumberOf(params: URLSearchParams): string {
  const once = params.get('modelNumber') ?? '';
  try {
    return decodeURIComponent(once);
  } catch {
    return once;
  }
}

/**
 * The task pages of a module DTU (seed 002 §2: dtuTask with isAdd=no for the list,
 * isAdd=yes to open the new-task panel). A module DTU belongs to no part, so partsId
 * and partsType are left out.
 */
export function dtuTaskUrl(dtu: { id: number; dtuType: string }, isAdd: 'yes' | 'no'): string {
  return `/dtuTask?dtuId=${dtu.id}&dtuNumber=${encodeURIComponent(dtu.dtuType)}&isAdd=${isAdd}`;
}

/** A positive id of the address; null when missing or malformed. */
export function idParam(params: URLSearchParams, key: string): number | null {
  const text = params.get(key) ?? '';
  const id = Number(text);
  return /^\d+$/.test(text) && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A voltage as shown: the typed value with its unit. */
export const voltageText = (voltage: string) => (voltage === '' ? '-' : `${voltage}V`);
