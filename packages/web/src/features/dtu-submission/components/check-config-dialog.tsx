import {
  type Answer,
  type CheckConfig,
  checkTaskBindBody,
  DTU_SUBMISSION_MSG as M,
  type DTU_TASK_ENDPOINTS,
  type InspectionLevel,
} from '@factory/contracts';
import { Alert, App, Button, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { ApiError, showApiError } from '../../../lib/api-client';
import { useOpenSession } from '../../../lib/use-open-session';
import { useQueryError } from '../../../lib/use-query-error';
import { zodRule } from '../../../lib/zod-rule';
import { useBindCheckTask } from '../api/bind-check-task';
import { useLineOptions } from '../api/get-line-options';
import { useLinePads } from '../api/get-line-pads';
import { AQL_OPTIONS, INSPECTION_LEVEL_OPTIONS, proposalFor } from '../sampling-options';
import { SamplingPlanFigures } from './sampling-plan-figures';

/** What the dialog holds: the line and PADs by id, the quantity as typed. */
interface CheckConfigFields {
  aimLineId?: number;
  pads: number[];
  productionNumber: string;
  inspectionLevel: InspectionLevel;
  aql: number;
}

// The contract's fields carry the seed's messages (§5 "Sampling configuration").
const shape = checkTaskBindBody.shape;
const rules = {
  aimLineId: [zodRule(shape.aimLineId)],
  pads: [zodRule(shape.pads)],
  productionNumber: [zodRule(shape.productionNumber)],
  inspectionLevel: [zodRule(shape.inspectionLevel)],
  aql: [zodRule(shape.aql)],
};

const trim = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

interface CheckConfigDialogProps {
  taskId: number;
  config: CheckConfig;
  open: boolean;
  onClose(): void;
}

/**
 * 配置抽检任务 (seed 002 §2 "Sampling configuration dialog", §5, §8): the sampling line,
 * its PADs (those serving another task cannot be chosen) and the quantity, with the
 * GB/T 2828.1 level and AQL (ours) and the plan they give the latest batch; its n is
 * the quantity offered when none is set. A refusal shows the server's errorMsg here.
 */
export function CheckConfigDialog(props: CheckConfigDialogProps) {
  // a fresh form per opening: a cancelled change leaves nothing behind
  return <ConfigModal key={useOpenSession(props.open)} {...props} />;
}

function ConfigModal({ taskId, config, open, onClose }: CheckConfigDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<CheckConfigFields>();
  const bind = useBindCheckTask(taskId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const lines = useLineOptions(open);
  const lineId = Form.useWatch('aimLineId', form);
  const level = Form.useWatch('inspectionLevel', form);
  const aql = Form.useWatch('aql', form);
  const pads = useLinePads(taskId, lineId);
  useQueryError(lines.error ?? pads.error);
  const proposal = proposalFor(config, level ?? config.inspectionLevel, aql ?? config.aql);

  const initialValues: CheckConfigFields = {
    aimLineId: config.productLineId ?? undefined,
    pads: config.pads.map((pad) => pad.id),
    productionNumber: String(config.productionNumber ?? config.proposal?.sampleSize ?? ''),
    inspectionLevel: config.inspectionLevel,
    aql: config.aql,
  };

  const lineOptions = (lines.data ?? []).map((line) => ({ value: line.id, label: line.lineName }));
  // the configured line stays shown by name while the list loads (or if it was disabled since)
  if (config.productLineId !== null && !lineOptions.some((option) => option.value === config.productLineId)) {
    lineOptions.push({ value: config.productLineId, label: config.productLineName ?? `产线#${config.productLineId}` });
  }
  const padOptions = padOptionsOf(pads.data ?? [], config, lineId);

  const submit = async (fields: CheckConfigFields) => {
    setRefusal(null);
    try {
      await bind.mutateAsync({
        id: taskId,
        aimLineId: fields.aimLineId,
        pads: fields.pads,
        // checked by the same rule: a whole number's text
        productionNumber: Number(fields.productionNumber),
        inspectionLevel: fields.inspectionLevel,
        aql: fields.aql,
      });
    } catch (error) {
      // seed 002 §8: the sampling configuration is the one call whose refusal is shown (in the dialog)
      if (error instanceof ApiError && error.kind === 'business') setRefusal(error.message);
      else showApiError(error);
      return;
    }
    void message.success(M.bound);
    onClose();
  };

  return (
    <Modal
      title={config.productLineId === null ? '配置抽检任务' : '修改抽检任务'}
      open={open}
      width={560}
      okText="确定"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={bind.isPending}
      destroyOnHidden
    >
      {refusal && <Alert className="check-config-dialog__refusal" type="error" showIcon title={refusal} role="alert" />}
      <Form
        form={form}
        name="check-config"
        layout="vertical"
        initialValues={initialValues}
        onFinish={submit}
        onValuesChange={() => setRefusal(null)}
        autoComplete="off"
      >
        <Form.Item label="抽检产线" name="aimLineId" required rules={rules.aimLineId}>
          <Select
            placeholder="请选择抽检产线"
            options={lineOptions}
            loading={lines.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            // the PADs chosen belong to the line left
            onChange={() => form.setFieldValue('pads', [])}
          />
        </Form.Item>
        <Form.Item label="终端" name="pads" required rules={rules.pads}>
          <Select
            mode="multiple"
            placeholder={lineId === undefined ? '请先选择抽检产线' : '请选择终端'}
            disabled={lineId === undefined}
            loading={pads.isFetching}
            options={padOptions}
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent="该产线暂无终端"
          />
        </Form.Item>
        <div className="check-config-dialog__plan-fields">
          <Form.Item label="检验水平" name="inspectionLevel" required rules={rules.inspectionLevel}>
            <Select placeholder="请选择检验水平" options={INSPECTION_LEVEL_OPTIONS} />
          </Form.Item>
          <Form.Item label="AQL" name="aql" required rules={rules.aql}>
            {/* 26 short options: all rendered, no virtual list */}
            <Select placeholder="请选择AQL" options={AQL_OPTIONS} virtual={false} />
          </Form.Item>
        </div>
        <Form.Item label="抽检数量" name="productionNumber" required normalize={trim} rules={rules.productionNumber}>
          <Input inputMode="numeric" placeholder="每批抽检的设备数量" suffix="台" />
        </Form.Item>
      </Form>
      <div className="check-config-dialog__proposal" aria-label="建议抽样方案">
        <span className="check-config-dialog__proposal-title">建议抽样方案（GB/T 2828.1 正常检验一次抽样）</span>
        {proposal ? (
          <>
            <SamplingPlanFigures plan={proposal} />
            <Button size="small" onClick={() => form.setFieldValue('productionNumber', String(proposal.sampleSize))}>
              采用样本量
            </Button>
          </>
        ) : (
          <span className="check-config-dialog__proposal-none">暂无待抽检的批次，提交后按批量给出建议</span>
        )}
      </div>
    </Modal>
  );
}

type PadOption = Answer<typeof DTU_TASK_ENDPOINTS.dtuTaskPadList>[number];

/** `PAD-01 (P01)`, and the task it serves when busy with another. */
const labelOf = (pad: { name: string; code: string }, busyWith: string) =>
  busyWith ? `${pad.name} (${pad.code})（执行中：${busyWith}）` : `${pad.name} (${pad.code})`;

/**
 * The line's PADs as options: one serving another task is disabled; the PADs bound to
 * this task's sampling already are its own (the list names this task as theirs) and are
 * offered even before the list answers.
 */
function padOptionsOf(listed: readonly PadOption[], config: CheckConfig, lineId: number | undefined) {
  const own = new Set(config.pads.map((pad) => pad.id));
  const options = listed.map((pad) => {
    const busyWith = own.has(pad.id) ? '' : pad.busyWith;
    return { value: pad.id, label: labelOf(pad, busyWith), disabled: busyWith !== '' };
  });
  if (lineId !== undefined && lineId === config.productLineId) {
    for (const pad of config.pads) {
      if (!options.some((option) => option.value === pad.id)) options.push({ value: pad.id, label: labelOf(pad, ''), disabled: false });
    }
  }
  return options;
}
