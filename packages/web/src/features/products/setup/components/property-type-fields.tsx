import type { DataType } from '@factory/contracts';
import { Form, Input, Select, type FormRule } from 'antd';
import type { ComponentProps } from 'react';
import { lookupOptions, useProductLookup } from '../../../../components/lookup-lists';
import { useQueryError } from '../../../../lib/use-query-error';
import { isNumericType, numericInput, typeFieldError, type PropertyFormValues } from '../property-form';
import { EnumRowsField } from './enum-rows-field';

type ListRules = ComponentProps<typeof Form.List>['rules'];

type CheckedField = Parameters<typeof typeFieldError>[0];

/** A field's rule from the shared propertyAddBody (its superRefine), reading the whole form. */
function typeRule(field: CheckedField): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const message = typeFieldError(field, getFieldsValue(true) as Partial<PropertyFormValues>);
      if (message) throw new Error(message);
    },
  });
}

const rules = {
  trueValue: [typeRule('trueValue')],
  falseValue: [typeRule('falseValue')],
  min: [typeRule('min')],
  max: [typeRule('max')],
  length: [typeRule('length')],
};

// A list's rule gets the rows only, which is all the enum check reads.
const enumRules: ListRules = [
  {
    validator: async (_rule, rows: string[] | undefined) => {
      const message = typeFieldError('enumRows', { dataTypeId: 'enum', enumRows: rows ?? [] });
      if (message) throw new Error(message);
    },
  },
];

const BOOLEAN_VALUE_MAX = 32;

interface PropertyTypeFieldsProps {
  dataTypeId: DataType | undefined;
}

/** The fields of the chosen data type (seed 001 §2, §5); url keeps its link in 链接. */
export function PropertyTypeFields({ dataTypeId }: PropertyTypeFieldsProps) {
  const units = useProductLookup('units', isNumericType(dataTypeId));
  useQueryError(units.error);

  if (dataTypeId === 'boolean') {
    return (
      <Form.Item label="布尔值" required className="property-form__pair">
        <Form.Item name="falseValue" rules={rules.falseValue} dependencies={['trueValue']} className="property-form__half">
          <Input aria-label="0 (false)" prefix="0 (false)" placeholder="如：关" maxLength={BOOLEAN_VALUE_MAX} />
        </Form.Item>
        <Form.Item name="trueValue" rules={rules.trueValue} dependencies={['falseValue']} className="property-form__half">
          <Input aria-label="1 (true)" prefix="1 (true)" placeholder="如：开" maxLength={BOOLEAN_VALUE_MAX} />
        </Form.Item>
      </Form.Item>
    );
  }
  if (isNumericType(dataTypeId)) {
    return (
      <>
        <Form.Item label="取值范围" required className="property-form__pair">
          <Form.Item name="min" rules={rules.min} dependencies={['max']} normalize={numericInput} className="property-form__half">
            <Input aria-label="最小值" placeholder="最小值" maxLength={20} />
          </Form.Item>
          <span className="property-form__tilde">~</span>
          <Form.Item name="max" rules={rules.max} dependencies={['min']} normalize={numericInput} className="property-form__half">
            <Input aria-label="最大值" placeholder="最大值" maxLength={20} />
          </Form.Item>
        </Form.Item>
        <Form.Item label="单位" name="unitId">
          <Select
            aria-label="单位"
            placeholder="请选择单位"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={lookupOptions(units.data)}
            loading={units.isLoading}
          />
        </Form.Item>
      </>
    );
  }
  if (dataTypeId === 'string') {
    return (
      <Form.Item label="取值长度" name="length" required rules={rules.length}>
        <Input aria-label="取值长度" placeholder="1~255" maxLength={4} suffix="字符" />
      </Form.Item>
    );
  }
  if (dataTypeId === 'enum') return <EnumRowsField rules={enumRules} />;
  return null;
}
