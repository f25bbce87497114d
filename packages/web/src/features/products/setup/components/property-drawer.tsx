import { DATA_TYPES, MSG, PROPERTY_LIMITS, propertyAddBody, type DataType, type Property } from '@factory/contracts';
import { App, Button, Drawer, Form, Input, Select, Space } from 'antd';
import { useMemo, useRef } from 'react';
import { lookupOptions, useProductLookup } from '../../../../components/lookup-lists';
import { showApiError } from '../../../../lib/api-client';
import { useQueryError } from '../../../../lib/use-query-error';
import { zodRule } from '../../../../lib/zod-rule';
import { useAddProperty } from '../api/add-property';
import { useEditProperty } from '../api/edit-property';
import {
  clearedTypeFields,
  emptyPropertyValues,
  propertyBodyOf,
  TYPE_FIELDS,
  valuesOfProperty,
  type PropertyFormValues,
} from '../property-form';
import { PropertyTypeFields } from './property-type-fields';
import './property-drawer.css';

interface PropertyDrawerProps {
  open: boolean;
  productId: number;
  /** null adds a property */
  property: Property | null;
  onClose(): void;
}

const fields = propertyAddBody.shape;
const rules = {
  name: [zodRule(fields.name)],
  code: [zodRule(fields.code)],
  dataTypeId: [zodRule(fields.dataTypeId)],
  description: [zodRule(fields.description)],
};

const VALUE_DESCRIPTION_MAX = 200;

/** The add/edit custom property side panel (seed 001 §2, §4, §5). */
export function PropertyDrawer({ open, productId, property, onClose }: PropertyDrawerProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<PropertyFormValues>();
  const dataTypeId = Form.useWatch('dataTypeId', form);
  const editing = property !== null;
  const dataTypes = useProductLookup('dataTypes', open);
  useQueryError(dataTypes.error);
  // The seeded names; until they arrive (or if they fail) the ids themselves.
  const typeOptions = useMemo(
    () =>
      dataTypes.data && dataTypes.data.length > 0
        ? lookupOptions(dataTypes.data)
        : DATA_TYPES.map((type) => ({ value: type, label: type })),
    [dataTypes.data],
  );

  const addProperty = useAddProperty(productId);
  const editProperty = useEditProperty(productId);
  const saving = addProperty.isPending || editProperty.isPending;

  const initialValues = useMemo(() => (property ? valuesOfProperty(property) : emptyPropertyValues()), [property]);

  const lastType = useRef(initialValues.dataTypeId);
  const changed = (changedValues: Partial<PropertyFormValues>) => {
    // Changing the data type clears the type's fields and their messages (seed 001 §4).
    if ('dataTypeId' in changedValues) {
      form.setFieldsValue(clearedTypeFields());
      form.setFields(TYPE_FIELDS.map((name) => ({ name, errors: [] })));
      // A url's 链接 is kept in 取值说明: it does not carry over to or from another type.
      if (lastType.current === 'url' || changedValues.dataTypeId === 'url') form.setFieldValue('valueDescription', '');
      lastType.current = changedValues.dataTypeId;
    }
    if ('enumRows' in changedValues) void form.validateFields(['enumRows']).catch(() => undefined);
  };

  const submit = async (values: PropertyFormValues) => {
    const body = propertyBodyOf(values, productId);
    try {
      if (property) await editProperty.mutateAsync({ ...body, id: property.id });
      else await addProperty.mutateAsync(body);
    } catch (error) {
      showApiError(error);
      return;
    }
    void message.success(editing ? MSG.propertyEdited : MSG.propertyAdded);
    onClose();
  };

  const isUrl = (dataTypeId as DataType | undefined) === 'url';
  return (
    <Drawer
      title={editing ? '编辑自定义属性' : '新增自定义属性'}
      open={open}
      onClose={onClose}
      size={520}
      destroyOnHidden
      footer={
        <Space className="property-drawer__footer">
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            确定
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={changed}
        onFinish={submit}
        autoComplete="off"
        className="property-form"
      >
        <Form.Item label="属性名称" name="name" required rules={rules.name}>
          <Input placeholder="请输入属性名称" maxLength={PROPERTY_LIMITS.nameMax} showCount />
        </Form.Item>
        <Form.Item label="标识符" name="code" required rules={rules.code}>
          <Input placeholder="请输入标识符" maxLength={PROPERTY_LIMITS.codeMax} showCount />
        </Form.Item>
        <Form.Item label="数据类型" name="dataTypeId" required rules={rules.dataTypeId}>
          <Select aria-label="数据类型" placeholder="请选择数据类型" options={typeOptions} loading={dataTypes.isLoading} />
        </Form.Item>
        <PropertyTypeFields dataTypeId={dataTypeId} />
        {/* The contracts keep no separate link field: a url property's 链接 is its 取值说明. */}
        <Form.Item label={isUrl ? '链接' : '取值说明'} name="valueDescription">
          <Input.TextArea
            aria-label={isUrl ? '链接' : '取值说明'}
            placeholder={isUrl ? '请输入链接地址，如 https://example.com/device' : '请输入取值说明'}
            maxLength={VALUE_DESCRIPTION_MAX}
            autoSize={{ minRows: isUrl ? 1 : 2, maxRows: 4 }}
          />
        </Form.Item>
        <Form.Item label="描述" name="description" required rules={rules.description}>
          <Input.TextArea
            placeholder="请输入属性描述"
            maxLength={PROPERTY_LIMITS.descriptionMax}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
