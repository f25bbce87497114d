import {
  ACCESSORY_LIMITS,
  ACCESSORY_MSG as M,
  type Dtu,
  dtuAddBody,
  FIRMWARE_VERSION_PATTERN,
  looseText,
  OTHER_COMMUNICATION,
  patternText,
  WORD_PATTERN,
} from '@factory/contracts';
import { App, Button, Drawer, Form, Input, Select, Space, Switch, type FormRule } from 'antd';
import { useState } from 'react';
import { FileField } from '../../../components/file-field';
import { ImageField } from '../../../components/image-field';
import { showApiError } from '../../../lib/api-client';
import { useOpenSession } from '../../../lib/use-open-session';
import { useQueryError } from '../../../lib/use-query-error';
import { zodRule } from '../../../lib/zod-rule';
import { useCommunicationTypes } from '../api/get-communication-types';
import { causeOf, type DtuFields, initialDtuFields, SlotUploadError, useSaveDtu } from './dtu-save';
import './dtu-form-dialog.css';

interface DtuFormDialogProps {
  open: boolean;
  /** the part the new DTU belongs to */
  fittingId: number;
  /** the DTU being edited; none adds one */
  dtu?: Dtu;
  onClose(): void;
  /**
   * After a successful save (the panel closed and showed 新增DTU成功 / 编辑DTU成功):
   * the DTU's id and its communication method (the property page's address needs it).
   */
  onSaved(id: number, communicationType: string | null): void;
}

// Field by field, the rules of the JSON body the server checks (seed 002 §5).
const shape = dtuAddBody.in.shape;
const required = (message: string): FormRule => ({ required: true, message });
const present = (message: string): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (value === null || value === undefined) throw new Error(message);
  },
});
const rules = {
  dtuType: [zodRule(shape.dtuType)],
  modelType: [zodRule(shape.modelType)],
  productCompany: [zodRule(shape.productCompany)],
  standardVoltage: [zodRule(shape.standardVoltage)],
  bandRate: [zodRule(shape.bandRate)],
  // required only with network, and the description only for `other`: the schema
  // checks these across fields, the form on the items it shows
  communicationType: [required(M.communicationTypeRequired)],
  communicationTypeDesc: [
    zodRule(patternText(M.communicationTypeDescRequired, WORD_PATTERN, M.communicationTypeDescRule, ACCESSORY_LIMITS.descMax)),
  ],
  frontImage: [present(M.frontImageRequired)],
  backImage: [present(M.backImageRequired)],
};

const versionText = looseText(ACCESSORY_LIMITS.firmwareVersionMax);
/** Needed once a firmware file is chosen; when given, in the firmware's own characters. */
const firmwareVersionRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    const parsed = versionText.safeParse(value);
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
    if (parsed.data === '') {
      if (getFieldValue('testFirmware') as DtuFields['testFirmware']) throw new Error(M.firmwareVersionRequired);
      return;
    }
    if (!FIRMWARE_VERSION_PATTERN.test(parsed.data)) throw new Error(M.firmwareVersionRule);
  },
});

/** 新增DTU / 编辑DTU: the slide-in DTU form of the parts screen (seed 002 §2, §5). */
export function DtuFormDialog(props: DtuFormDialogProps) {
  // a fresh form per opening: a cancelled edit leaves nothing behind
  return <DtuFormPanel key={useOpenSession(props.open)} {...props} />;
}

function DtuFormPanel({ open, fittingId, dtu, onClose, onSaved }: DtuFormDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<DtuFields>();
  const [saving, setSaving] = useState(false);
  const save = useSaveDtu();
  const editing = dtu !== undefined;
  const networked = Form.useWatch('connectInternet', form);
  const communicationType = Form.useWatch('communicationType', form);
  const firmware = Form.useWatch('testFirmware', form);

  const communicationTypes = useCommunicationTypes(open);
  useQueryError(communicationTypes.error);
  const communicationOptions = (communicationTypes.data ?? []).map((type) => ({ value: type.code, label: type.name }));

  const submit = async (fields: DtuFields) => {
    setSaving(true);
    let id: number;
    try {
      id = await save(fields, fittingId, dtu);
    } catch (error) {
      // seed 002 §8: a failed upload clears the file, so the operator picks it again
      if (error instanceof SlotUploadError) form.setFieldValue(error.slot, null);
      showApiError(causeOf(error));
      return;
    } finally {
      setSaving(false);
    }
    void message.success(editing ? M.dtuEdited : M.dtuAdded);
    onClose();
    onSaved(id, fields.connectInternet ? (fields.communicationType ?? null) : null);
  };

  return (
    <Drawer
      title={editing ? '编辑DTU' : '新增DTU'}
      open={open}
      onClose={onClose}
      size={500}
      destroyOnHidden
      footer={
        <Space className="dtu-form-dialog__footer">
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            确定
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        name="dtu"
        layout="vertical"
        initialValues={initialDtuFields(dtu)}
        onFinish={submit}
        autoComplete="off"
        className="dtu-form-dialog__form"
      >
        <Form.Item label="DTU型号" name="dtuType" required rules={rules.dtuType}>
          <Input placeholder="请输入DTU型号" count={{ show: true, max: ACCESSORY_LIMITS.dtuTypeMax }} />
        </Form.Item>
        <Form.Item label="模块型号" name="modelType" required rules={rules.modelType}>
          <Input placeholder="4-18位中英文字符、数字或下划线" />
        </Form.Item>
        <Form.Item label="模块供应商" name="productCompany" required rules={rules.productCompany}>
          <Input placeholder="请输入模块供应商" count={{ show: true, max: ACCESSORY_LIMITS.companyMax }} />
        </Form.Item>
        <div className="dtu-form-dialog__pair">
          <Form.Item label="供电电压" name="standardVoltage" required rules={rules.standardVoltage}>
            <Input placeholder="如 5.0" suffix="V" maxLength={ACCESSORY_LIMITS.voltageMax} />
          </Form.Item>
          <Form.Item label="波特率" name="bandRate" required rules={rules.bandRate}>
            <Input placeholder="如 9600" maxLength={10} />
          </Form.Item>
        </div>
        <Form.Item label="网络支持" name="connectInternet" valuePropName="checked">
          <Switch checkedChildren="支持" unCheckedChildren="不支持" aria-label="网络支持" />
        </Form.Item>
        {/* preserve={false}: a field hidden again forgets its value, so it comes back empty */}
        {networked && (
          <Form.Item label="通信方式" name="communicationType" required rules={rules.communicationType} preserve={false}>
            <Select
              placeholder="请选择通信方式"
              options={communicationOptions}
              loading={communicationTypes.isLoading}
            />
          </Form.Item>
        )}
        {networked && communicationType === OTHER_COMMUNICATION && (
          <Form.Item
            label="通信方式描述"
            name="communicationTypeDesc"
            required
            rules={rules.communicationTypeDesc}
            preserve={false}
          >
            <Input placeholder="请输入通信方式描述" maxLength={ACCESSORY_LIMITS.descMax} />
          </Form.Item>
        )}

        <div className="dtu-form-dialog__pair">
          <Form.Item label="测试固件" name="testFirmware">
            <FileField buttonText="上传固件" />
          </Form.Item>
          <Form.Item
            label="固件版本号"
            name="testFirmwareVersion"
            required={Boolean(firmware)}
            dependencies={['testFirmware']}
            rules={[firmwareVersionRule]}
          >
            <Input placeholder="如 1.0.0" maxLength={ACCESSORY_LIMITS.firmwareVersionMax} />
          </Form.Item>
        </div>
        <div className="dtu-form-dialog__pair">
          <Form.Item label="生产文件" name="productFile">
            <FileField />
          </Form.Item>
          <Form.Item label="BOM清单" name="bomListFile">
            <FileField />
          </Form.Item>
        </div>
        <Form.Item label="其他要求" name="otherRequestFile">
          <FileField />
        </Form.Item>

        <div className="dtu-form-dialog__pair">
          <Form.Item label="DTU正面图片" name="frontImage" required rules={rules.frontImage}>
            <ImageField tooLargeMessage={M.partImageTooLarge} alt="DTU正面图片" />
          </Form.Item>
          <Form.Item label="DTU背面图片" name="backImage" required rules={rules.backImage}>
            <ImageField tooLargeMessage={M.partImageTooLarge} alt="DTU背面图片" />
          </Form.Item>
        </div>
      </Form>
    </Drawer>
  );
}
