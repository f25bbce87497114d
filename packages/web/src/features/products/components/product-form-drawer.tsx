import {
  DEFAULT_AQL,
  DEFAULT_INSPECTION_LEVEL,
  type InspectionLevel,
  MSG,
  NO_INTERNET,
  PRODUCT_LIMITS,
  productCreateBody,
  type Product,
} from '@factory/contracts';
import { App, Button, Drawer, Form, Input, Select, Space, Switch } from 'antd';
import { useMemo } from 'react';
import { showApiError } from '../../../lib/api-client';
import { useOpenSession } from '../../../lib/use-open-session';
import { useQueryError } from '../../../lib/use-query-error';
import { zodRule } from '../../../lib/zod-rule';
import { lookupOptions, useProductLookup } from '../../../components/lookup-lists';
import { useSaveProduct } from './product-save';
import { AQL_OPTIONS, INSPECTION_LEVEL_OPTIONS } from './sampling-options';
import './product-form-drawer.css';

interface ProductFields {
  productTypeId?: number;
  number: string;
  code: string;
  connectInternet: boolean;
  communicationId?: string;
  dataFormatId?: number;
  description: string;
  inspectionLevel: InspectionLevel;
  aql: number;
}

interface ProductFormDrawerProps {
  open: boolean;
  /** null adds a product; a product edits it */
  product: Product | null;
  onClose(): void;
  /**
   * Called after a successful save with the product's id. The drawer already closed,
   * showed 新增产品成功 / 编辑产品成功 and refreshed every query under PRODUCT_QUERY_ROOT.
   */
  onSaved?(id: number, mode: 'add' | 'edit'): void;
}

// The rules of the shared create schema, field by field (seed 001 §5), so the form
// shows the message the server would answer with.
const fieldsOf = productCreateBody.in.shape;
const rules = {
  productTypeId: [zodRule(fieldsOf.productTypeId)],
  number: [zodRule(fieldsOf.number)],
  code: [zodRule(fieldsOf.code)],
  // required only with network: the schema checks it across fields, the form on its own item
  communicationId: [{ required: true, message: MSG.communicationRequired }],
  dataFormatId: [zodRule(fieldsOf.dataFormatId)],
  description: [zodRule(fieldsOf.description)],
  inspectionLevel: [zodRule(fieldsOf.inspectionLevel)],
  aql: [zodRule(fieldsOf.aql)],
};

function initialFieldsOf(product: Product | null): ProductFields {
  if (!product) {
    return { number: '', code: '', connectInternet: false, description: '', inspectionLevel: DEFAULT_INSPECTION_LEVEL, aql: DEFAULT_AQL };
  }
  const networked = product.connectInternet && product.communicationId !== NO_INTERNET;
  return {
    productTypeId: product.productTypeId,
    number: product.number,
    code: product.code,
    connectInternet: networked,
    communicationId: networked ? product.communicationId : undefined,
    dataFormatId: product.dataFormatId,
    description: product.description,
    inspectionLevel: product.inspectionLevel,
    aql: product.aql,
  };
}

/** The add/edit product side panel of the product center and the setup pages (seed 001 §2, §5). */
export function ProductFormDrawer(props: ProductFormDrawerProps) {
  // a fresh form per opening: a cancelled edit leaves nothing behind
  return <ProductFormPanel key={useOpenSession(props.open)} {...props} />;
}

function ProductFormPanel({ open, product, onClose, onSaved }: ProductFormDrawerProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ProductFields>();
  const editing = product !== null;
  const connectInternet = Form.useWatch('connectInternet', form);

  const productTypes = useProductLookup('productTypes', open);
  const communicationTypes = useProductLookup('communicationTypes', open);
  const dataFormats = useProductLookup('dataFormats', open);
  useQueryError(productTypes.error ?? communicationTypes.error ?? dataFormats.error);
  const communicationOptions = useMemo(
    // noInternet is what the server stores without network; it is not a choice here
    () => lookupOptions(communicationTypes.data).filter((option) => option.value !== NO_INTERNET),
    [communicationTypes.data],
  );

  const save = useSaveProduct();

  const submit = async (fields: ProductFields) => {
    const input = {
      productTypeId: fields.productTypeId!,
      number: fields.number.trim(),
      code: fields.code.trim(),
      connectInternet: fields.connectInternet,
      communicationId: fields.connectInternet ? (fields.communicationId ?? null) : null,
      dataFormatId: fields.dataFormatId!,
      description: fields.description.trim(),
      inspectionLevel: fields.inspectionLevel,
      aql: fields.aql,
    };
    let id: number;
    try {
      id = await save.mutateAsync(editing ? { ...input, id: product.id } : input);
    } catch (error) {
      showApiError(error);
      return;
    }
    void message.success(editing ? MSG.productEdited : MSG.productAdded);
    onClose();
    onSaved?.(id, editing ? 'edit' : 'add');
  };

  return (
    <Drawer
      title={editing ? '编辑产品' : '新增产品'}
      open={open}
      onClose={onClose}
      size={480}
      destroyOnHidden
      footer={
        <Space className="product-form-drawer__footer">
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            确定
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initialFieldsOf(product)}
        onFinish={submit}
        autoComplete="off"
        className="product-form-drawer__form"
      >
        <Form.Item label="产品类型" name="productTypeId" required rules={rules.productTypeId}>
          <Select
            placeholder="请选择产品类型"
            options={lookupOptions(productTypes.data)}
            loading={productTypes.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        <Form.Item label="产品型号" name="number" required rules={rules.number}>
          <Input placeholder="请输入产品型号" maxLength={PRODUCT_LIMITS.numberMax} />
        </Form.Item>
        <Form.Item label="产品编号" name="code" required rules={rules.code}>
          <Input placeholder="请输入产品编号" maxLength={PRODUCT_LIMITS.codeMax} />
        </Form.Item>
        <Form.Item label="网络支持" name="connectInternet" valuePropName="checked">
          <Switch checkedChildren="是" unCheckedChildren="否" aria-label="网络支持" />
        </Form.Item>
        {connectInternet && (
          <Form.Item label="通信方式" name="communicationId" required rules={rules.communicationId}>
            <Select placeholder="请选择通信方式" options={communicationOptions} loading={communicationTypes.isLoading} />
          </Form.Item>
        )}
        <Form.Item label="数据格式" name="dataFormatId" required rules={rules.dataFormatId}>
          <Select placeholder="请选择数据格式" options={lookupOptions(dataFormats.data)} loading={dataFormats.isLoading} />
        </Form.Item>
        <Form.Item label="产品描述" name="description" required rules={rules.description}>
          <Input.TextArea
            placeholder="请输入产品描述"
            maxLength={PRODUCT_LIMITS.descriptionMax}
            showCount
            autoSize={{ minRows: 4, maxRows: 8 }}
          />
        </Form.Item>
        <Form.Item label="检验水平" name="inspectionLevel" required rules={rules.inspectionLevel}>
          <Select placeholder="请选择检验水平" options={INSPECTION_LEVEL_OPTIONS} />
        </Form.Item>
        <Form.Item
          label="AQL"
          name="aql"
          required
          rules={rules.aql}
          extra="抽检批次按 GB/T 2828.1 正常检验一次抽样方案"
        >
          {/* 26 short options: all rendered, no virtual list */}
          <Select placeholder="请选择AQL" options={AQL_OPTIONS} virtual={false} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
