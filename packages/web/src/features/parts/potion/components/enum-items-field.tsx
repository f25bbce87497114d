import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import type { ComponentProps } from 'react';

type ListRules = ComponentProps<typeof Form.List>['rules'];

const ENUM_LABEL_MAX = 32;

/**
 * 枚举项: one row per label with its key (0, 1, … top to bottom); rows can be added
 * and removed, down to none (the server's 枚举标识符不能为空 is then what shows).
 */
export function EnumItemsField({ rules }: { rules: ListRules }) {
  return (
    <Form.List name="enumRows" rules={rules}>
      {(fields, { add, remove }, { errors }) => (
        <Form.Item label="枚举项" required className="potion-enum">
          {fields.map((field, index) => (
            <div key={field.key} className="potion-enum__row">
              <Form.Item name={field.name} noStyle>
                <Input
                  aria-label={`枚举项${index}`}
                  prefix={<span className="potion-enum__key">{index}</span>}
                  placeholder="请输入枚举项"
                  maxLength={ENUM_LABEL_MAX}
                />
              </Form.Item>
              <Button
                type="text"
                aria-label={`删除枚举项${index}`}
                icon={<MinusCircleOutlined />}
                onClick={() => remove(field.name)}
              />
            </div>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')} block>
            添加枚举项
          </Button>
          <Form.ErrorList errors={errors} />
        </Form.Item>
      )}
    </Form.List>
  );
}
