import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import type { ComponentProps } from 'react';

type ListRules = ComponentProps<typeof Form.List>['rules'];

const MAX_ENUM_LABEL = 32;

interface EnumRowsFieldProps {
  rules: ListRules;
}

/**
 * 枚举值: one row per label, each shown with its key (0, 1, … top to bottom, see
 * property-form.ts enumeratesOf); rows can be added and removed, at least one stays.
 */
export function EnumRowsField({ rules }: EnumRowsFieldProps) {
  return (
    <Form.List name="enumRows" rules={rules}>
      {(fields, { add, remove }, { errors }) => (
        <Form.Item label="枚举值" required className="enum-rows">
          {fields.map((field, index) => (
            <div key={field.key} className="enum-rows__row">
              <Form.Item name={field.name} noStyle>
                <Input
                  aria-label={`枚举值${index}`}
                  prefix={<span className="enum-rows__key">{index}</span>}
                  placeholder="请输入枚举值"
                  maxLength={MAX_ENUM_LABEL}
                />
              </Form.Item>
              <Button
                type="text"
                aria-label={`删除枚举值${index}`}
                icon={<MinusCircleOutlined />}
                disabled={fields.length <= 1}
                onClick={() => remove(field.name)}
              />
            </div>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')} block>
            添加枚举值
          </Button>
          <Form.ErrorList errors={errors} />
        </Form.Item>
      )}
    </Form.List>
  );
}
