import { FLOW_LIMITS } from '@factory/contracts';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { manualItemsError } from '../flow-form';

// A list's rule gets the rows: the shared checkManualItems names the first wrong row.
const manualRules = [
  {
    validator: async (_rule: unknown, rows: (string | undefined)[] | undefined) => {
      const message = manualItemsError(rows);
      if (message) throw new Error(message);
    },
  },
];

/** 手动检测项: rows of 2–12 characters, added and removed freely (seed 001 §2, §5). */
export function ManualItemsField() {
  return (
    <Form.List name="manualItems" rules={manualRules}>
      {(fields, { add, remove }, { errors }) => (
        <Form.Item label="手动检测项" className="manual-items">
          {fields.map((field, index) => (
            <div key={field.key} className="manual-items__row">
              <span className="manual-items__index">{index + 1}</span>
              <Form.Item name={field.name} noStyle>
                <Input
                  aria-label={`手动检测项${index + 1}`}
                  placeholder="请输入手动检测项"
                  maxLength={FLOW_LIMITS.manualMax}
                  showCount
                />
              </Form.Item>
              <Button
                type="text"
                aria-label={`删除手动检测项${index + 1}`}
                icon={<MinusCircleOutlined />}
                onClick={() => remove(field.name)}
              />
            </div>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')} block>
            添加手动检测项
          </Button>
          <Form.ErrorList errors={errors} />
        </Form.Item>
      )}
    </Form.List>
  );
}
