import type { FlowType } from '@factory/contracts';
import { Checkbox, Form, Space } from 'antd';
import { scanCodeOptions, type FlowFormValues } from '../flow-form';

interface ScanCodesFieldProps {
  communicationId: string;
  flowType: FlowType;
}

/** 扫码项: 生产码 fixed, MAC or IMEI as the flow's bindMac, SN码 fixed on an overall check. */
export function ScanCodesField({ communicationId, flowType }: ScanCodesFieldProps) {
  const form = Form.useFormInstance<FlowFormValues>();
  const bindMac: boolean = Form.useWatch('bindMac', form) ?? false;
  return (
    <Form.Item label="扫码项">
      <Space size="large" wrap>
        {scanCodeOptions(communicationId, flowType, bindMac).map((option) =>
          option.bindsMac ? (
            <Form.Item key={option.label} name="bindMac" valuePropName="checked" noStyle>
              <Checkbox disabled={option.disabled}>{option.label}</Checkbox>
            </Form.Item>
          ) : (
            <Checkbox key={option.label} checked={option.checked} disabled={option.disabled}>
              {option.label}
            </Checkbox>
          ),
        )}
      </Space>
    </Form.Item>
  );
}
