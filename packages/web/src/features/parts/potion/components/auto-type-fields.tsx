import { VERIFY_RULE_NAMES, type VerifyRule } from '@factory/contracts';
import { Form, Input, Radio, Select, type FormRule } from 'antd';
import type { ComponentProps } from 'react';
import { autoFieldError, type AutoFormValues, type AutoShownField, isNumeric } from '../auto-form';
import { EnumItemsField } from './enum-items-field';

type ListRules = ComponentProps<typeof Form.List>['rules'];

/** A field's rule from the shared autoPropertyAddBody (its superRefine), reading the whole form. */
function typeRule(field: AutoShownField): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const message = autoFieldError(field, getFieldsValue(true) as Partial<AutoFormValues>);
      if (message) throw new Error(message);
    },
  });
}

const rules = {
  minValue: [typeRule('minValue')],
  maxValue: [typeRule('maxValue')],
  aimValue: [typeRule('aimValue')],
  trueValue: [typeRule('trueValue')],
  falseValue: [typeRule('falseValue')],
  aimBooleanValue: [typeRule('aimBooleanValue')],
  aimEnumKeys: [typeRule('aimEnumKeys')],
};

// A list's rule gets the rows only, which is all the enum item rules read.
const enumRules: ListRules = [
  {
    validator: async (_rule, rows: string[] | undefined) => {
      const message = autoFieldError('enumRows', { dataType: 'enum', enumRows: rows ?? [], aimEnumKeys: [] });
      if (message) throw new Error(message);
    },
  },
];

const MODE_OPTIONS = (['RANGE', 'EQUAL'] as const).map((rule) => ({ value: rule, label: VERIFY_RULE_NAMES[rule] }));
const VALUE_MAX = 64;
const BOOLEAN_LABEL_MAX = 32;

interface AutoTypeFieldsProps {
  values: Pick<Partial<AutoFormValues>, 'dataType' | 'unique' | 'verifyRule' | 'trueValue' | 'falseValue' | 'enumRows'>;
}

/** The standard of the chosen data type (seed 002 §2, §5); a unique value has none. */
export function AutoTypeFields({ values }: AutoTypeFieldsProps) {
  const { dataType, unique } = values;
  if (isNumeric(dataType)) return unique ? null : <NumericStandard verifyRule={values.verifyRule} />;
  if (dataType === 'string') {
    if (unique) return null;
    return (
      <Form.Item label="标准值" name="aimValue" required rules={rules.aimValue}>
        <Input aria-label="标准值" placeholder="请输入字符串的标准值" maxLength={VALUE_MAX} />
      </Form.Item>
    );
  }
  if (dataType === 'boolean') return <BooleanStandard trueValue={values.trueValue} falseValue={values.falseValue} />;
  if (dataType === 'enum') return <EnumStandard rows={values.enumRows ?? []} />;
  return null;
}

function NumericStandard({ verifyRule }: { verifyRule: VerifyRule | undefined }) {
  return (
    <>
      <Form.Item label="校验方式" name="verifyRule" required>
        <Radio.Group aria-label="校验方式" optionType="button" options={MODE_OPTIONS} />
      </Form.Item>
      {verifyRule === 'EQUAL' ? (
        <Form.Item label="标准值" name="aimValue" required rules={rules.aimValue}>
          <Input aria-label="标准值" placeholder="请输入标准值" maxLength={VALUE_MAX} />
        </Form.Item>
      ) : (
        <Form.Item label="标准范围" required className="potion-form__pair">
          <Form.Item name="minValue" rules={rules.minValue} dependencies={['maxValue']} className="potion-form__half">
            <Input aria-label="最小值" placeholder="最小值" maxLength={VALUE_MAX} />
          </Form.Item>
          <span className="potion-form__tilde">~</span>
          <Form.Item name="maxValue" rules={rules.maxValue} dependencies={['minValue']} className="potion-form__half">
            <Input aria-label="最大值" placeholder="最大值" maxLength={VALUE_MAX} />
          </Form.Item>
        </Form.Item>
      )}
    </>
  );
}

function BooleanStandard({ trueValue, falseValue }: { trueValue?: string; falseValue?: string }) {
  const options = [
    { value: 1, label: `${trueValue?.trim() || 'true'}（1）` },
    { value: 0, label: `${falseValue?.trim() || 'false'}（0）` },
  ];
  return (
    <>
      <Form.Item label="布尔值" required className="potion-form__pair">
        <Form.Item name="falseValue" rules={rules.falseValue} dependencies={['trueValue']} className="potion-form__half">
          <Input aria-label="0 (false)" prefix="0 (false)" placeholder="如：关" maxLength={BOOLEAN_LABEL_MAX} />
        </Form.Item>
        <Form.Item name="trueValue" rules={rules.trueValue} dependencies={['falseValue']} className="potion-form__half">
          <Input aria-label="1 (true)" prefix="1 (true)" placeholder="如：开" maxLength={BOOLEAN_LABEL_MAX} />
        </Form.Item>
      </Form.Item>
      {/* no dependencies on the labels: a changed label clears the choice (and its message) instead */}
      <Form.Item label="标准值" name="aimBooleanValue" required rules={rules.aimBooleanValue}>
        <Radio.Group aria-label="布尔标准值" options={options} />
      </Form.Item>
    </>
  );
}

function EnumStandard({ rows }: { rows: readonly (string | undefined)[] }) {
  const options = rows.flatMap((label, index) => (label?.trim() ? [{ value: String(index), label: `${index}-${label.trim()}` }] : []));
  return (
    <>
      <EnumItemsField rules={enumRules} />
      <Form.Item label="标准值" name="aimEnumKeys" required rules={rules.aimEnumKeys}>
        <Select aria-label="枚举标准值" mode="multiple" placeholder="请选择枚举的标准值" options={options} />
      </Form.Item>
    </>
  );
}
