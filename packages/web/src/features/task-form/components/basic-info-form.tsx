import { TASK_MSG, taskCreateBody, type TaskEditData } from '@factory/contracts';
import { App, Button, DatePicker, Form, InputNumber, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { lookupOptions, useProductLookup } from '../../../components/lookup-lists';
import { showApiError } from '../../../lib/api-client';
import { useQueryError } from '../../../lib/use-query-error';
import { zodRule } from '../../../lib/zod-rule';
import { useCreateTask } from '../api/create-task';
import { useEditTask } from '../api/edit-task';
import { useLineOptions } from '../api/get-line-options';
import { usePublishedProducts } from '../api/get-published-products';
import { beforeYesterday, DATE_FORMAT, expireDateSchema, flowInfoUrl, TASK_LIST_PATH } from '../task-form-view';
import './basic-info-form.css';

interface BasicInfoFields {
  productTypeId?: number;
  productId?: number;
  productionLineIds?: number[];
  productionCount?: number | null;
  expireTime?: Dayjs | null;
}

// The rules of the shared create schema, field by field (seed 000 §5), so the form
// shows the message the server would answer with.
const fieldsOf = taskCreateBody.shape;
const rules = {
  productTypeId: [zodRule(fieldsOf.productTypeId)],
  productId: [zodRule(fieldsOf.productId)],
  productionLineIds: [zodRule(fieldsOf.productionLineIds)],
  productionCount: [zodRule(fieldsOf.productionCount)],
  expireTime: [zodRule(expireDateSchema)],
};

function initialFieldsOf(task: TaskEditData | null): BasicInfoFields {
  if (!task) return { productionLineIds: [] };
  return {
    productTypeId: task.productTypeId,
    productId: task.productId,
    productionLineIds: task.productionLineIds,
    productionCount: task.productionCount,
    expireTime: task.expireTime ? dayjs(task.expireTime.slice(0, 10), DATE_FORMAT) : null,
  };
}

interface BasicInfoFormProps {
  /** null makes a new task */
  task: TaskEditData | null;
}

/**
 * Step 1 of a task: product type and model, lines, total and expiry. 下一步 saves
 * the task (create or edit) and opens step 2 with its id and lines.
 */
export function BasicInfoForm({ task }: BasicInfoFormProps) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<BasicInfoFields>();
  const productTypeId = Form.useWatch('productTypeId', form) ?? null;

  const productTypes = useProductLookup('productTypes');
  const products = usePublishedProducts(productTypeId);
  const lines = useLineOptions();
  useQueryError(productTypes.error ?? products.error ?? lines.error);
  const createTask = useCreateTask();
  const editTask = useEditTask();
  // Enter in a field submits too: a second submit while the first is on its way would make a second task.
  const saving = useRef(false);

  const productOptions = useMemo(() => {
    const options = (products.data ?? []).map((product) => ({ value: product.id, label: product.number }));
    // A task's product is PRODUCTING, not PUBLISH, so the list leaves it out; it stays
    // choosable for its own task, under its own type.
    if (task && task.productTypeId === productTypeId && !options.some((option) => option.value === task.productId)) {
      options.unshift({ value: task.productId, label: task.productNumber });
    }
    return options;
  }, [products.data, task, productTypeId]);

  const lineOptions = (lines.data ?? []).map((line) => ({ value: line.id, label: `${line.lineName} (${line.lineNum})` }));

  const submit = async (fields: BasicInfoFields) => {
    const productionLineIds = fields.productionLineIds ?? [];
    const input = {
      productTypeId: fields.productTypeId!,
      productId: fields.productId!,
      productNumber: productOptions.find((option) => option.value === fields.productId)?.label ?? '',
      productionLineIds,
      productionCount: fields.productionCount!,
      expireTime: fields.expireTime!.format(DATE_FORMAT),
    };
    if (saving.current) return;
    saving.current = true;
    let taskId: number;
    try {
      if (task) {
        await editTask.mutateAsync({ ...input, id: task.id });
        taskId = task.id;
      } else {
        taskId = await createTask.mutateAsync(input);
      }
    } catch (error) {
      showApiError(error);
      return;
    } finally {
      saving.current = false;
    }
    void message.success(task ? TASK_MSG.edited : TASK_MSG.created);
    void navigate(flowInfoUrl(taskId, productionLineIds));
  };

  return (
    <Form
      form={form}
      className="basic-info-form"
      labelCol={{ span: 6 }}
      wrapperCol={{ span: 16 }}
      initialValues={initialFieldsOf(task)}
      onValuesChange={(changed: Partial<BasicInfoFields>) => {
        // a model belongs to one type: another type empties the model (seed 000 §2)
        if ('productTypeId' in changed) form.setFieldsValue({ productId: undefined });
      }}
      onFinish={submit}
      autoComplete="off"
    >
      <Form.Item label="产品类型" name="productTypeId" required rules={rules.productTypeId}>
        <Select
          placeholder="请选择产品类型"
          options={lookupOptions(productTypes.data)}
          loading={productTypes.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Form.Item label="产品型号" name="productId" required rules={rules.productId}>
        <Select
          placeholder={productTypeId === null ? '请先选择产品类型' : '请选择产品型号'}
          options={productOptions}
          loading={products.isFetching}
          disabled={productTypeId === null}
          showSearch={{ optionFilterProp: 'label' }}
          notFoundContent="该类型下暂无已发布的产品"
        />
      </Form.Item>
      <Form.Item label="产线" name="productionLineIds" required rules={rules.productionLineIds}>
        <Select
          mode="multiple"
          placeholder="请选择产线"
          options={lineOptions}
          loading={lines.isLoading}
          showSearch={{ optionFilterProp: 'label' }}
          notFoundContent="暂无可用的产线"
        />
      </Form.Item>
      <Form.Item label="生产总量" name="productionCount" required rules={rules.productionCount}>
        <InputNumber className="basic-info-form__wide" placeholder="请输入生产总量" step={1} />
      </Form.Item>
      <Form.Item label="截止时间" name="expireTime" required rules={rules.expireTime}>
        <DatePicker className="basic-info-form__wide" placeholder="请选择截止时间" disabledDate={beforeYesterday} />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 6, span: 16 }}>
        <Space>
          <Button onClick={() => void navigate(TASK_LIST_PATH)}>取消</Button>
          <Button type="primary" htmlType="submit" loading={createTask.isPending || editTask.isPending}>
            下一步
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
