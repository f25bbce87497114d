import {
  ACCESSORY_MSG,
  type CatalogueOption,
  NUMBER_PATTERN,
  type SerialProperty,
  type SerialPropertyAddBody,
  serialPropertyAddBody,
  type VerifyRule,
} from '@factory/contracts';

/** The values of the serial property panel. */
export interface SerialFormValues {
  /** the catalogue code (the name is the catalogue's) */
  code?: string;
  verifyRule?: VerifyRule;
  minValue: string;
  maxValue: string;
  aimValue: string;
}

/** What a property and its mode own: choosing another property or mode clears them (seed 002 §4). */
export const SERIAL_STANDARD_FIELDS = ['minValue', 'maxValue', 'aimValue'] as const;
export type SerialStandardField = (typeof SERIAL_STANDARD_FIELDS)[number];

export const clearedSerialStandards = (): Pick<SerialFormValues, SerialStandardField> => ({ minValue: '', maxValue: '', aimValue: '' });

export const emptySerialValues = (): SerialFormValues => ({ code: undefined, verifyRule: undefined, ...clearedSerialStandards() });

export function valuesOfSerial(property: SerialProperty): SerialFormValues {
  return {
    code: property.code,
    verifyRule: property.verifyRule,
    minValue: property.minValue ?? '',
    maxValue: property.maxValue ?? '',
    aimValue: property.aimValue ?? '',
  };
}

/** The mode a freshly chosen property starts in: its range when it offers one. */
export const firstRuleOf = (item: Pick<CatalogueOption, 'verifyRules'> | undefined): VerifyRule | undefined =>
  item?.verifyRules.includes('RANGE') ? 'RANGE' : item?.verifyRules[0];

/** The form body: only what the mode uses is sent. */
export function serialBodyOf(values: Partial<SerialFormValues>, dtuId: number): SerialPropertyAddBody {
  const body: SerialPropertyAddBody = { dtuId, code: values.code ?? '', verifyRule: values.verifyRule as VerifyRule };
  if (values.verifyRule === 'RANGE') return { ...body, minValue: values.minValue ?? '', maxValue: values.maxValue ?? '' };
  return { ...body, aimValue: values.aimValue ?? '' };
}

const firstIssue = (values: Partial<SerialFormValues>) => {
  // The property is put in as chosen, so the rule of the mode always runs.
  const result = serialPropertyAddBody.safeParse({ ...serialBodyOf(values, 1), code: 'CHOSEN' });
  return result.success ? null : (result.error.issues[0] ?? null);
};

/**
 * The message a bound or standard shows, from the shared serialPropertyAddBody: the
 * server's first failing rule, at its field. The maximum also shows its own rules
 * while the minimum is still wrong, and the order rule is told at both bounds in
 * their own words (seed 002 §5: 最小值不能大于等于最大值 / 最大值不能小于等于最小值).
 */
export function serialFieldError(field: SerialStandardField, values: Partial<SerialFormValues>): string | null {
  if (!values.verifyRule) return null;
  const issue = firstIssue(values);
  if (!issue) return null;
  if (issue.message === ACCESSORY_MSG.serialMinOrder) {
    if (field === 'minValue') return ACCESSORY_MSG.serialMinOrder;
    return field === 'maxValue' ? ACCESSORY_MSG.serialMaxOrder : null;
  }
  if (issue.path[0] === field) return issue.message;
  if (field === 'maxValue' && issue.path[0] === 'minValue') {
    const max = (values.maxValue ?? '').trim();
    // A minimum below any valid maximum leaves only the maximum's own rules.
    const own = firstIssue({ ...values, minValue: NUMBER_PATTERN.test(max) ? String(Number(max) - 1) : '0' });
    return own?.path[0] === 'maxValue' ? own.message : null;
  }
  return null;
}
