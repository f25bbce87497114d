/*
 * The addresses the DTU task pages share (seed 002 §2): the part's detail and the
 * DTU's task list or rework list, each with the parameters the seed gives it in its
 * order. The task list, the task pages and the submission pages (issue 18) all lead
 * back to them.
 */

/** A query of the given fields in their order, the empty ones (null, undefined, '') left out. */
export function pageQuery(fields: ReadonlyArray<readonly [string, string | number | null | undefined]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of fields) if (value !== null && value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** What names a DTU in these addresses. */
export interface DtuAddress {
  dtuId: string | number;
  partsId: string | number;
  partsType: string | number;
  dtuNumber: string;
}

/** The part's detail page. */
export const partsDetailUrl = (c: Pick<DtuAddress, 'partsId' | 'partsType'>) =>
  `/partsDetail${pageQuery([
    ['partsId', c.partsId],
    ['partsType', c.partsType],
  ])}`;

/** The DTU's task list, or its rework list. */
export const dtuTaskListUrl = (c: DtuAddress, rework: boolean) =>
  rework
    ? `/rework${pageQuery([
        ['dtuId', c.dtuId],
        ['partsId', c.partsId],
        ['partsType', c.partsType],
        ['dtuNumber', c.dtuNumber],
      ])}`
    : `/dtuTask${pageQuery([
        ['dtuId', c.dtuId],
        ['partsId', c.partsId],
        ['partsType', c.partsType],
        ['dtuNumber', c.dtuNumber],
        ['isAdd', 'no'],
      ])}`;
