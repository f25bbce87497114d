/**
 * intervalNumber of a numeric item: a range min–max, or one value. Apart from
 * flow.ts so the verdict (and the station app that imports it) needs no zod.
 */
export const INTERVAL = { value: 0, range: 1 } as const;
