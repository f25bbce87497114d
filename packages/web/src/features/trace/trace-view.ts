import { MENUS } from '@factory/contracts';

/** The trace belongs to 产线检测: only users holding that menu get the search box (DESIGN.md §4). */
export const TRACE_MENU = MENUS.productionCenter;
export const TRACE_PATH = '/deviceTrace';

export const traceUrl = (text: string) => `${TRACE_PATH}?text=${encodeURIComponent(text)}`;
