import { MENUS } from '@factory/contracts';

/** 配件管理 and the pages below it belong to one menu (seed 002 §2). */
export const PARTS_MENU = MENUS.parts;

/** Breadcrumbs (seed 002 §1: production centre / accessory testing / …). */
export const PARTS_TRAIL = ['生产中心', '配件检测', '配件管理'] as const;

/** What a DTU link carries of its part: the part's id and type. */
export interface PartRef {
  partsId: number;
  partsType: number;
}

const query = (fields: Record<string, string | number | null | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) params.set(key, value === null || value === undefined ? '' : String(value));
  return params.toString();
};

/** Where the parts pages and the DTU pages live (seed 002 §2). */
export const partUrls = {
  detail: ({ partsId, partsType }: PartRef) => `/partsDetail?${query({ partsId, partsType })}`,
  properties: ({ partsId, partsType }: PartRef, dtuId: number, communicationType: string | null) =>
    `/partsPotion?${query({ dtuId, partsId, partsType, communicationType })}`,
  tasks: ({ partsId, partsType }: PartRef, dtu: { id: number; dtuType: string }, isAdd: boolean) =>
    `/dtuTask?${query({ partsId, partsType, dtuId: dtu.id, dtuNumber: dtu.dtuType, isAdd: isAdd ? 'yes' : 'no' })}`,
};

/** A positive id written in the address; null when missing or malformed (a hand-typed or cut address). */
export function idParam(params: URLSearchParams, key: string): number | null {
  const text = params.get(key) ?? '';
  const id = Number(text);
  return /^\d+$/.test(text) && Number.isSafeInteger(id) && id > 0 ? id : null;
}
