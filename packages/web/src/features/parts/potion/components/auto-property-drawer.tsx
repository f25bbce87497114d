import { ACCESSORY_MSG, type AutoProperty, autoPropertyAddBody, DTU_DATA_TYPES } from '@factory/contracts';
import { App, Button, Drawer, Form, Input, Select, Space, Switch } from 'antd';
import { useMemo } from 'react';
import { showApiError } from '../../../../lib/api-client';
import { useQueryError } from '../../../../lib/use-query-error';
import { zodRule } from '../../../../lib/zod-rule';
import { useAutoTypes } from '../api/get-auto-types';
import { useSaveAutoProperty } from '../api/save-auto-property';
import {
  autoBodyOf,
  type AutoFormValues,
  clearedStandards,
  clearedTypeFields,
  emptyAutoValues,
  offersUnique,
  TYPE_FIELDS,
  valuesOfAuto,
  valuesOfCatalogue,
} from '../auto-form';
import { KIND_WORDS } from '../potion-view';
import { AutoTypeFields } from './auto-type-fields';
import './property-drawer.css';

const fields = autoPropertyAddBody.in.shape;
const rules = {
  name: [zodRule(fields.name)],
  code: [zodRule(fields.code)],
  dataType: [zodRule(fields.dataType)],
  description: [zodRule(fields.description)],
};
const TYPE_OPTIONS = DTU_DATA_TYPES.map((type) => ({ value: type.code, label: type.name }));
const NAME_MAX = 32;
const DESCRIPTION_MAX = 100;
const WORD = KIND_WORDS.auto;

interface AutoPropertyDrawerProps {
  open: boolean;
  dtuId: number;
  /** the DTU's communication type: its catalogue is offered (null: a DTU without networking) */
  communicationType: string | null;
  /** null adds a property */
  property: AutoProperty | null;
  onClose(): void;
}

/** 新增/编辑自动检测属性 (seed 002 §2, §4, §5): a value the DTU reports and its standard by data type. */
export function AutoPropertyDrawer({ open, dtuId, communicationType, property, onClose }: AutoPropertyDrawerProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<AutoFormValues>();
  const editing = property !== null;
  const catalogue = useAutoTypes(communicationType, open);
  useQueryError(catalogue.error);
  const save = useSaveAutoProperty(dtuId);
  const initialValues = useMemo(() => (property ? valuesOfAuto(property) : emptyAutoValues()), [property]);

  // The watched values come after the first render: until then the panel shows what it opened with.
  const dataType = Form.useWatch('dataType', form) ?? initialValues.dataType;
  const unique = Form.useWatch('unique', form) ?? initialValues.unique;
  const verifyRule = Form.useWatch('verifyRule', form) ?? initialValues.verifyRule;
  const trueValue = Form.useWatch('trueValue', form) ?? initialValues.trueValue;
  const falseValue = Form.useWatch('falseValue', form) ?? initialValues.falseValue;
  const enumRows = Form.useWatch('enumRows', form) ?? initialValues.enumRows;

  const catalogueOptions = (catalogue.data ?? []).map((item) => ({ value: item.code, label: `${item.name}（${item.code}）` }));
  const fillFromCatalogue = (code: string | undefined) => {
    const item = catalogue.data?.find((candidate) => candidate.code === code);
    if (!item) return;
    form.setFieldsValue(valuesOfCatalogue(item));
    const filled: (keyof AutoFormValues)[] = [...TYPE_FIELDS, 'name', 'code', 'dataType', 'description'];
    form.setFields(filled.map((name) => ({ name, errors: [] })));
  };

  const reset = (values: Partial<AutoFormValues>) => {
    form.setFieldsValue(values);
    form.setFields((Object.keys(values) as (keyof AutoFormValues)[]).map((name) => ({ name, errors: [] })));
  };
  // What depends on a choice goes when the choice changes (seed 002 §4).
  const changed = (changedValues: Partial<AutoFormValues>) => {
    if ('dataType' in changedValues) reset(clearedTypeFields());
    if ('verifyRule' in changedValues || 'unique' in changedValues) reset(clearedStandards());
    if ('trueValue' in changedValues || 'falseValue' in changedValues) reset({ aimBooleanValue: undefined });
    if ('enumRows' in changedValues) {
      reset({ aimEnumKeys: [] });
      void form.validateFields(['enumRows']).catch(() => undefined);
    }
  };

  const submit = async (values: AutoFormValues) => {
    try {
      await save.mutateAsync({ id: property?.id ?? null, body: autoBodyOf(values, dtuId) });
    } catch (error) {
      showApiError(error);
      return;
    }
    void message.success(editing ? ACCESSORY_MSG.edited(WORD) : ACCESSORY_MSG.added(WORD));
    onClose();
  };

  return (
    <Drawer
      title={editing ? '编辑自动检测属性' : '新增自动检测属性'}
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
        <Form.Item label="从目录选择" extra="选择后填入属性名称、标识符、数据类型和描述，仍可修改">
          <Select
            aria-label="从目录选择"
            placeholder="请选择该DTU上报的检测属性"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={catalogueOptions}
            loading={catalogue.isLoading}
            onChange={(code: string | undefined) => fillFromCatalogue(code)}
          />
        </Form.Item>
        <Form.Item label="属性名称" name="name" required rules={rules.name}>
          <Input placeholder="请输入属性名称" maxLength={NAME_MAX} showCount />
        </Form.Item>
        <Form.Item label="标识符" name="code" required rules={rules.code}>
          <Input placeholder="请输入标识符" maxLength={NAME_MAX} showCount />
        </Form.Item>
        <Form.Item label="数据类型" name="dataType" required rules={rules.dataType}>
          <Select aria-label="数据类型" placeholder="请选择数据类型" options={TYPE_OPTIONS} />
        </Form.Item>
        {offersUnique(dataType) && (
          <Form.Item label="唯一" name="unique" valuePropName="checked" extra="开启后只校验各设备上报的值互不相同，不设标准值">
            <Switch aria-label="唯一" />
          </Form.Item>
        )}
        <AutoTypeFields values={{ dataType, unique, verifyRule, trueValue, falseValue, enumRows }} />
        {/* count, not maxLength: a longer text is shown with the server's message rather than cut */}
        <Form.Item label="描述" name="description" rules={rules.description}>
          <Input.TextArea placeholder="请输入属性描述" count={{ show: true, max: DESCRIPTION_MAX }} autoSize={{ minRows: 3, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
