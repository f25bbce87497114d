import { Checkbox, Empty, Form, Select, Tag, type FormRule } from 'antd';
import { useMemo } from 'react';
import { useProductLookup } from '../../../../components/lookup-lists';
import { standardError, type CheckableProperty, type FlowFormValues, type StandardValue } from '../flow-form';
import { StandardValueInput } from './standard-value-input';

interface CheckItemsFieldProps {
  /** every property of the product */
  properties: readonly CheckableProperty[];
}

function standardRules(property: CheckableProperty): FormRule[] {
  return [
    {
      validator: async (_rule, value: StandardValue | undefined) => {
        const message = standardError(property, value);
        if (message) throw new Error(message);
      },
    },
  ];
}

/**
 * 自动检测项 (seed 001 §2): a searchable select showing how many are checked, the
 * checked properties each with its standard value, and the unchecked ones to add.
 */
export function CheckItemsField({ properties }: CheckItemsFieldProps) {
  const form = Form.useFormInstance<FlowFormValues>();
  const checkedIds: number[] = Form.useWatch('checkedIds', form) ?? [];
  const dataTypes = useProductLookup('dataTypes');
  const typeName = useMemo(() => {
    const names = new Map((dataTypes.data ?? []).map((item) => [String(item.id), item.name]));
    return (type: string) => names.get(type) ?? type;
  }, [dataTypes.data]);

  const byId = useMemo(() => new Map(properties.map((property) => [property.id, property])), [properties]);
  const checked = checkedIds.map((id) => byId.get(id)).filter((property) => property !== undefined);
  const unchecked = properties.filter((property) => !checkedIds.includes(property.id));
  const setChecked = (ids: number[]) => form.setFieldValue('checkedIds', ids);
  const options = properties.map((property) => ({ value: property.id, label: `${property.name}（${property.code}）` }));

  return (
    <Form.Item
      label={
        <span>
          自动检测项<span className="check-items__count">已选 {checked.length}/{properties.length}</span>
        </span>
      }
      className="check-items"
    >
      <Form.Item name="checkedIds" noStyle>
        <Select
          mode="multiple"
          aria-label="自动检测项"
          placeholder={properties.length > 0 ? '搜索并选择检测项' : '该产品还没有自定义属性'}
          options={options}
          showSearch={{ optionFilterProp: 'label' }}
          maxTagCount="responsive"
          allowClear
          disabled={properties.length === 0}
        />
      </Form.Item>

      <div className="check-items__section-title">已选检测项</div>
      {checked.length === 0 ? (
        <div className="check-items__empty">未选择检测项</div>
      ) : (
        <ul className="check-items__list" aria-label="已选检测项">
          {checked.map((property) => (
            <li key={property.id} className="check-items__checked">
              <div className="check-items__head">
                <Checkbox checked onChange={() => setChecked(checkedIds.filter((id) => id !== property.id))}>
                  {property.name}
                </Checkbox>
                <Tag>{typeName(property.dataTypeId)}</Tag>
              </div>
              <Form.Item
                name={['standards', String(property.id)]}
                rules={standardRules(property)}
                className="check-items__standard"
              >
                <StandardValueInput property={property} />
              </Form.Item>
            </li>
          ))}
        </ul>
      )}

      <div className="check-items__section-title">未选检测项</div>
      {unchecked.length === 0 ? (
        properties.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无自定义属性，请先在属性定义中新增" />
        ) : (
          <div className="check-items__empty">已全部选择</div>
        )
      ) : (
        <ul className="check-items__list" aria-label="未选检测项">
          {unchecked.map((property) => (
            <li key={property.id} className="check-items__unchecked">
              <Checkbox checked={false} onChange={() => setChecked([...checkedIds, property.id])}>
                {property.name}
              </Checkbox>
              <Tag>{typeName(property.dataTypeId)}</Tag>
            </li>
          ))}
        </ul>
      )}
    </Form.Item>
  );
}
