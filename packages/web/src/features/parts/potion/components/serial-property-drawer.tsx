import { ACCESSORY_MSG, type CatalogueOption, type SerialProperty, serialPropertyAddBody, VERIFY_RULE_NAMES, VERIFY_RULES } from '@factory/contracts';
import { App, Button, Drawer, Form, Input, Radio, Select, Space, type FormRule } from 'antd';
import { useMemo } from 'react';
import { showApiError } from '../../../../lib/api-client';
import { useQueryError } from '../../../../lib/use-query-error';
import { zodRule } from '../../../../lib/zod-rule';
import { useSerialTypes } from '../api/get-serial-types';
import { useSaveSerialProperty } from '../api/save-serial-property';
import { KIND_WORDS } from '../potion-view';
import {
  clearedSerialStandards,
  emptySerialValues,
  firstRuleOf,
  SERIAL_STANDARD_FIELDS,
  serialBodyOf,
  serialFieldError,
  type SerialFormValues,
  type SerialStandardField,
  valuesOfSerial,
} from '../serial-form';
import './property-drawer.css';

const fields = serialPropertyAddBody.in.shape;

function standardRule(field: SerialStandardField): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const message = serialFieldError(field, getFieldsValue(true) as Partial<SerialFormValues>);
      if (message) throw new Error(message);
    },
  });
}

const rules = {
  code: [zodRule(fields.code)],
  verifyRule: [zodRule(fields.verifyRule)],
  minValue: [standardRule('minValue')],
  maxValue: [standardRule('maxValue')],
  aimValue: [standardRule('aimValue')],
};
const VALUE_MAX = 64;
const WORD = KIND_WORDS.serial;

interface SerialPropertyDrawerProps {
  open: boolean;
  dtuId: number;
  communicationType: string | null;
  /** null adds a property */
  property: SerialProperty | null;
  onClose(): void;
}

/** 新增/编辑串口检测属性 (seed 002 §2, §4, §5): a value of the serial catalogue, checked by one value or a range. */
export function SerialPropertyDrawer({ open, dtuId, communicationType, property, onClose }: SerialPropertyDrawerProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SerialFormValues>();
  const editing = property !== null;
  const catalogue = useSerialTypes(communicationType, open);
  useQueryError(catalogue.error);
  const save = useSaveSerialProperty(dtuId);
  const initialValues = useMemo(() => (property ? valuesOfSerial(property) : emptySerialValues()), [property]);

  // The watched values come after the first render: until then the panel shows what it opened with.
  const code = Form.useWatch('code', form) ?? initialValues.code;
  const verifyRule = Form.useWatch('verifyRule', form) ?? initialValues.verifyRule;
  // A property the catalogue no longer lists still shows under its saved name.
  const items = useMemo<CatalogueOption[]>(() => {
    const listed = catalogue.data ?? [];
    if (!property || listed.some((item) => item.code === property.code)) return [...listed];
    return [
      ...listed,
      { code: property.code, name: property.name, verifyRules: [...VERIFY_RULES], dataType: 'string', unique: false, unit: property.unit, description: '' },
    ];
  }, [catalogue.data, property]);
  const item = items.find((candidate) => candidate.code === code);
  const unit = item?.unit ?? undefined;

  const clearStandards = () => {
    form.setFieldsValue(clearedSerialStandards());
    form.setFields(SERIAL_STANDARD_FIELDS.map((name) => ({ name, errors: [] })));
  };
  // Another property or mode clears the bounds and the standard (seed 002 §4).
  const changed = (changedValues: Partial<SerialFormValues>) => {
    if ('code' in changedValues) {
      const chosen = items.find((candidate) => candidate.code === changedValues.code);
      form.setFieldsValue({ verifyRule: firstRuleOf(chosen) });
      form.setFields([{ name: 'verifyRule', errors: [] }]);
      clearStandards();
    }
    if ('verifyRule' in changedValues) clearStandards();
  };

  const submit = async (values: SerialFormValues) => {
    try {
      await save.mutateAsync({ id: property?.id ?? null, body: serialBodyOf(values, dtuId) });
    } catch (error) {
      showApiError(error);
      return;
    }
    void message.success(editing ? ACCESSORY_MSG.edited(WORD) : ACCESSORY_MSG.added(WORD));
    onClose();
  };

  return (
    <Drawer
      title={editing ? '编辑串口检测属性' : '新增串口检测属性'}
      open={open}
      onClose={onClose}
      size={500}
      destroyOnHidden
      footer={
        <Space className="potion-drawer__footer">
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            确定
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initialValues} onValuesChange={changed} onFinish={submit} autoComplete="off">
        <Form.Item label="检测属性" name="code" required rules={rules.code} extra={item?.description || undefined}>
          <Select
            aria-label="检测属性"
            placeholder="请选择检测属性"
            showSearch={{ optionFilterProp: 'label' }}
            options={items.map((option) => ({ value: option.code, label: option.name }))}
            loading={catalogue.isLoading}
          />
        </Form.Item>
        {code && (
          <Form.Item label="校验方式" name="verifyRule" required rules={rules.verifyRule}>
            <Radio.Group
              aria-label="校验方式"
              optionType="button"
              options={(item?.verifyRules ?? VERIFY_RULES).map((rule) => ({ value: rule, label: VERIFY_RULE_NAMES[rule] }))}
            />
          </Form.Item>
        )}
        {verifyRule === 'RANGE' && (
          <Form.Item label="检测标准" required className="potion-form__pair">
            <Form.Item name="minValue" rules={rules.minValue} dependencies={['maxValue']} className="potion-form__half">
              <Input aria-label="最小值" placeholder="最小值" suffix={unit} maxLength={VALUE_MAX} />
            </Form.Item>
            <span className="potion-form__tilde">~</span>
            <Form.Item name="maxValue" rules={rules.maxValue} dependencies={['minValue']} className="potion-form__half">
              <Input aria-label="最大值" placeholder="最大值" suffix={unit} maxLength={VALUE_MAX} />
            </Form.Item>
          </Form.Item>
        )}
        {verifyRule === 'EQUAL' && (
          <Form.Item label="检测标准" name="aimValue" required rules={rules.aimValue}>
            <Input aria-label="检测标准" placeholder="请输入检测标准" suffix={unit} maxLength={VALUE_MAX} />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  );
}
