import {
  FLOW_LIMITS,
  flowParams,
  MSG,

  type FlowCheckItem,
  type FlowDetail,
  type FlowType,
  type Product,
} from '@factory/contracts';
import { App, Button, Drawer, Empty, Form, Input, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { showApiError } from '../../../../lib/api-client';
import { useQueryError } from '../../../../lib/use-query-error';
import { zodRule } from '../../../../lib/zod-rule';
import { useAddFlow } from '../api/add-flow';
import { useEditFlow } from '../api/edit-flow';
import { useFlowDetail } from '../api/get-flow-detail';
import { useAllProperties } from '../api/get-properties';
import {
  checkableOfProperty,
  flowFormValuesOf,
  flowParamsOf,
  standardOfItem,
  type CheckableProperty,
  type FlowFormValues,
} from '../flow-form';
import { CheckItemsField } from './check-items-field';
import { ManualItemsField } from './manual-items-field';
import { PdfField, type PdfChoice } from './pdf-field';
import { ScanCodesField } from './scan-codes-field';
import './flow-drawer.css';

interface FlowDrawerProps {
  open: boolean;
  product: Product;
  /** null adds a flow at the end */
  flowId: number | null;
  /** the last flow, which a new flow follows */
  lastFlowId: number | null;
  onClose(): void;
}

const nameRules = [zodRule(flowParams.shape.name)];

/** The add/edit flow side panel (seed 001 §2, §5). */
export function FlowDrawer({ open, product, flowId, lastFlowId, onClose }: FlowDrawerProps) {
  const editing = flowId !== null;
  const detail = useFlowDetail(product.id, open ? flowId : null);
  // The detail lists every property with `checked`; a new flow starts from the property list.
  const properties = useAllProperties(product.id, open && !editing);
  useQueryError(detail.error ?? properties.error);

  const ready = editing ? detail.data !== undefined : properties.data !== undefined;
  const failed = editing ? detail.isError : properties.isError;
  const candidates = useMemo<CheckableProperty[]>(() => {
    if (editing) return detail.data ? candidatesOfDetail(detail.data) : [];
    return (properties.data?.list ?? []).map(checkableOfProperty);
  }, [editing, detail.data, properties.data]);

  return (
    <Drawer
      title={editing ? '编辑流程' : '新增流程'}
      open={open}
      onClose={onClose}
      size={640}
      destroyOnHidden
      footer={null}
    >
      {ready ? (
        <FlowForm
          product={product}
          flow={editing ? (detail.data ?? null) : null}
          candidates={candidates}
          lastFlowId={lastFlowId}
          onClose={onClose}
        />
      ) : failed ? (
        <Empty description="加载失败，请关闭后重试" />
      ) : (
        <Spin className="flow-drawer__loading" />
      )}
    </Drawer>
  );
}

/** The detail's properties (every one, `checked` or not); the items alone when a server sends none. */
function candidatesOfDetail(detail: FlowDetail): CheckableProperty[] {
  const source: readonly FlowCheckItem[] = detail.properties ?? detail.items.map((item) => ({ ...item, checked: true }));
  return source.map((item) => ({
    id: item.id,
    name: item.name,
    code: item.code,
    dataTypeId: item.dataTypeId,
    min: item.min,
    max: item.max,
    length: item.length,
    enumerates: item.enumerates,
    unitName: item.unitName,
    trueValue: item.trueValue,
    falseValue: item.falseValue,
  }));
}

function initialValuesOf(flow: FlowDetail | null): FlowFormValues {
  const values = flowFormValuesOf(flow);
  if (flow?.properties) {
    const checked = flow.properties.filter((item) => item.checked);
    values.checkedIds = checked.map((item) => item.id);
    values.standards = Object.fromEntries(checked.map((item) => [String(item.id), standardOfItem(item)]));
  }
  return values;
}

interface FlowFormProps {
  product: Product;
  flow: FlowDetail | null;
  candidates: CheckableProperty[];
  lastFlowId: number | null;
  onClose(): void;
}

function FlowForm({ product, flow, candidates, lastFlowId, onClose }: FlowFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<FlowFormValues>();
  const [initialValues] = useState(() => initialValuesOf(flow));
  const [pdf, setPdf] = useState<PdfChoice>(() => ({
    saved: flow?.pdfFileName ? { name: flow.pdfFileName, url: flow.pdfDownloadUrl } : null,
    picked: null,
  }));
  const flowType: FlowType = flow?.flowType ?? 'OVERALL_CHECK';
  const addFlow = useAddFlow(product.id);
  const editFlow = useEditFlow(product.id);
  const saving = addFlow.isPending || editFlow.isPending;

  const submit = async (values: FlowFormValues) => {
    const params = flowParamsOf(
      { ...initialValues, ...values },
      {
        productId: product.id,
        flowType,
        flowId: flow?.id ?? null,
        // A new flow follows the last one; an edited flow keeps its place.
        preId: flow ? undefined : lastFlowId,
        removePdf: flow !== null && flow.pdfFileName !== null && pdf.saved === null,
      },
    );
    try {
      if (flow) await editFlow.mutateAsync({ params, pdf: pdf.picked });
      else await addFlow.mutateAsync({ params, pdf: pdf.picked });
    } catch (error) {
      showApiError(error);
      return;
    }
    void message.success(flow ? MSG.flowEdited : MSG.flowAdded);
    onClose();
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      autoComplete="off"
      className="flow-form"
      // the checked items' values live under standards.<id>; keep those of an unchecked item
      preserve
    >
      <Form.Item label="流程名称" name="name" required rules={nameRules}>
        <Input placeholder="请输入流程名称" maxLength={FLOW_LIMITS.nameMax} showCount />
      </Form.Item>
      <CheckItemsField properties={candidates} />
      <ManualItemsField />
      <ScanCodesField communicationId={product.communicationId} flowType={flowType} />
      <PdfField value={pdf} onChange={setPdf} />
      <div className="flow-form__footer">
        <Button onClick={onClose}>取消</Button>
        <Button type="primary" htmlType="submit" loading={saving}>
          确定
        </Button>
      </div>
    </Form>
  );
}

