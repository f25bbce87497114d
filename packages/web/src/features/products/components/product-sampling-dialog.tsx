import { type InspectionLevel, MSG, type Product, productSamplingEditBody } from '@factory/contracts';
import { App, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { PermissionButton } from '../../../components/permission-button';
import { showApiError } from '../../../lib/api-client';
import { useOpenSession } from '../../../lib/use-open-session';
import { zodRule } from '../../../lib/zod-rule';
import { useEditProductSampling } from '../api/edit-product-sampling';
import { PRODUCT_MENU } from '../product-view';
import { AQL_OPTIONS, INSPECTION_LEVEL_OPTIONS } from './sampling-options';

interface SamplingFields {
  inspectionLevel: InspectionLevel;
  aql: number;
}

// The rules of the shared body schema, so the dialog shows the message the server would answer with.
const fieldsOf = productSamplingEditBody.shape;
const rules = {
  inspectionLevel: [zodRule(fieldsOf.inspectionLevel)],
  aql: [zodRule(fieldsOf.aql)],
};

interface ProductSamplingDialogProps {
  product: Product;
  open: boolean;
  onClose(): void;
}

/**
 * 修改抽检设置 (issue 15): the product's GB/T 2828.1 inspection level and AQL alone,
 * whatever its publish status. Batches closed already keep the plan they copied.
 */
export function ProductSamplingDialog(props: ProductSamplingDialogProps) {
  // a fresh form per opening: a cancelled change leaves nothing behind
  return <SamplingModal key={useOpenSession(props.open)} {...props} />;
}

function SamplingModal({ product, open, onClose }: ProductSamplingDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<SamplingFields>();
  const edit = useEditProductSampling();

  const submit = async (fields: SamplingFields) => {
    try {
      await edit.mutateAsync({ id: product.id, inspectionLevel: fields.inspectionLevel, aql: fields.aql });
    } catch (error) {
      showApiError(error);
      return;
    }
    void message.success(MSG.productSamplingEdited);
    onClose();
  };

  return (
    <Modal
      title="修改抽检设置"
      open={open}
      width={500}
      okText="确定"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={edit.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        name="product-sampling"
        layout="vertical"
        initialValues={{ inspectionLevel: product.inspectionLevel, aql: product.aql }}
        onFinish={submit}
        autoComplete="off"
      >
        <Form.Item label="检验水平" name="inspectionLevel" required rules={rules.inspectionLevel}>
          <Select placeholder="请选择检验水平" options={INSPECTION_LEVEL_OPTIONS} />
        </Form.Item>
        <Form.Item label="AQL" name="aql" required rules={rules.aql} extra="已关闭的入库批次保持原抽样方案，之后关闭的批次按新设置抽样">
          {/* 26 short options: all rendered, no virtual list */}
          <Select placeholder="请选择AQL" options={AQL_OPTIONS} virtual={false} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The small 修改 link beside the AQL, for roles holding 产品中心's set button, and its dialog. */
export function ProductSamplingAction({ product }: { product: Product }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <PermissionButton
        menuUrl={PRODUCT_MENU}
        funCode="set"
        type="link"
        size="small"
        aria-label="修改抽检设置"
        className="product-header__sampling-action"
        onClick={() => setOpen(true)}
      >
        修改
      </PermissionButton>
      <ProductSamplingDialog product={product} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
