import { isTaskStatusIn, TASK_MSG, TASK_TRANSITIONS, type PadInfo, type TaskEditData } from '@factory/contracts';
import { Alert, App, Button, Empty, Form, Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showApiError } from '../../../lib/api-client';
import { useSetPads } from '../api/set-pads';
import {
  basicInfoUrl,
  flowIsMissing,
  padLabel,
  takenByOtherFlows,
  TASK_LIST_PATH,
  TERMINAL_MANAGE_PATH,
  type TerminalChoice,
} from '../task-form-view';
import './flow-terminal-form.css';

interface FlowTerminalFormProps {
  task: TaskEditData;
  /** the PADs offered: idle on the task's lines, and those already on it */
  pads: readonly PadInfo[];
}

function choiceOf(task: TaskEditData): TerminalChoice {
  return Object.fromEntries(task.flowPads.map(({ flow, padInfos }) => [flow.id, padInfos.map((pad) => pad.id)]));
}

/**
 * Step 2 of a task: one terminal selector per flow. A terminal serves one flow, so
 * what one flow holds is disabled in every other; 提交 appears once each flow has one.
 */
export function FlowTerminalForm({ task, pads }: FlowTerminalFormProps) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const setPads = useSetPads();
  const [choice, setChoice] = useState<TerminalChoice>(() => choiceOf(task));

  const flows = useMemo(
    () => [...task.flowPads].sort((left, right) => left.flow.sequence - right.flow.sequence).map(({ flow }) => flow),
    [task.flowPads],
  );
  // The task's own terminals are offered even if the list left one out (moved off the line since).
  const offered = useMemo(() => {
    const byId = new Map<number, PadInfo>();
    task.flowPads.forEach(({ padInfos }) => padInfos.forEach((pad) => byId.set(pad.id, pad)));
    pads.forEach((pad) => byId.set(pad.id, pad));
    return [...byId.values()];
  }, [task.flowPads, pads]);

  const settable = isTaskStatusIn(task.status, TASK_TRANSITIONS.setTerminals);
  const complete = flows.every((flow) => !flowIsMissing(choice, flow.id));
  const canGoBack = isTaskStatusIn(task.status, TASK_TRANSITIONS.editBasics);

  const submit = async () => {
    try {
      await setPads.mutateAsync({
        taskId: task.id,
        flowId2PadId: flows.map((flow) => ({ flowId: flow.id, padIdList: [...(choice[flow.id] ?? [])] })),
      });
    } catch (error) {
      showApiError(error);
      return;
    }
    void message.success(TASK_MSG.terminalsSet);
    void navigate(TASK_LIST_PATH);
  };

  let body;
  if (offered.length === 0) {
    body = (
      <Empty
        className="flow-terminal-form__empty"
        description={
          <>
            <div>任务所在产线上暂无终端，不能设置流程终端</div>
            <div>
              请先在<Link to={TERMINAL_MANAGE_PATH}>终端管理</Link>中将PAD分配到任务的产线上
            </div>
          </>
        }
      />
    );
  } else {
    body = (
      <Form layout="vertical" className="flow-terminal-form__flows" component="div">
        {flows.map((flow, index) => {
          // n is the flow's place in the task, as the product's flow setting numbers it
          const label = `流程${index + 1} ${flow.name}`;
          const missing = flowIsMissing(choice, flow.id);
          const taken = takenByOtherFlows(choice, flow.id);
          return (
            <section key={flow.id} className="flow-terminal-form__flow" aria-label={label}>
              <Form.Item
                label={label}
                htmlFor={`flow-${flow.id}`}
                validateStatus={missing ? 'error' : undefined}
                help={missing ? TASK_MSG.flowTerminalMissing(index + 1) : undefined}
              >
                <Select
                  id={`flow-${flow.id}`}
                  mode="multiple"
                  placeholder="请选择终端"
                  disabled={!settable}
                  value={[...(choice[flow.id] ?? [])]}
                  onChange={(padIds: number[]) => setChoice((current) => ({ ...current, [flow.id]: padIds }))}
                  options={offered.map((pad) => ({ value: pad.id, label: padLabel(pad), disabled: taken.has(pad.id) }))}
                  showSearch={{ optionFilterProp: 'label' }}
                  allowClear
                />
              </Form.Item>
            </section>
          );
        })}
      </Form>
    );
  }

  return (
    <div className="flow-terminal-form">
      {!settable && <Alert className="flow-terminal-form__locked" type="warning" showIcon title={TASK_MSG.terminalsLocked} />}
      {body}
      <div className="flow-terminal-form__footer">
        <Space wrap>
          {canGoBack && <Button onClick={() => void navigate(basicInfoUrl(task.id))}>上一步</Button>}
          <Button onClick={() => void navigate(TASK_LIST_PATH)}>取消</Button>
          {/* with no terminal at all the empty state above says what to do instead */}
          {settable &&
            offered.length > 0 &&
            (complete ? (
              <Button type="primary" loading={setPads.isPending} onClick={() => void submit()}>
                提交
              </Button>
            ) : (
              <Alert className="flow-terminal-form__required" type="error" showIcon title={TASK_MSG.terminalsRequired} />
            ))}
        </Space>
      </div>
    </div>
  );
}
