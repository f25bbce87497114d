import { DTU_TASK_LIMITS, DTU_TASK_MSG as M, type DtuTask } from '@factory/contracts';
import { App, Button, DatePicker, Drawer, Form, Input, Select, Space, Switch } from 'antd';
import { useMemo, useRef } from 'react';
import { showApiError } from '../../../lib/api-client';
import { useOpenSession } from '../../../lib/use-open-session';
import { useQueryError } from '../../../lib/use-query-error';
import { useAddDtuTask } from '../api/add-dtu-task';
import { useEditDtuTask } from '../api/edit-dtu-task';
import { useDownProps } from '../api/get-down-props';
import { useLineOptions } from '../api/get-line-options';
import {
  type DtuTaskFields,
  type DtuTaskFormSetting,
  dtuTaskInputOf,
  dtuTaskRules,
  initialDtuTaskFields,
  nameLabelOf,
  padsForLine,
} from '../dtu-task-form';
import { beforeYesterday } from '../dtu-tasks-view';
import { ExcelField } from './excel-field';
import { TaskPadFields } from './task-pad-fields';
import './dtu-task-form-drawer.css';

interface DtuTaskFormDrawerProps {
  open: boolean;
  setting: Omit<DtuTaskFormSetting, 'task'>;
  /** the task being edited; none adds one */
  task?: DtuTask;
  onClose(): void;
}

/** 新增DTU任务 / 编辑DTU任务: the slide-in task form of the task and rework lists (seed 002 §2, §4, §5). */
export function DtuTaskFormDrawer(props: DtuTaskFormDrawerProps) {
  // a fresh form per opening: a cancelled edit leaves nothing behind (seed 002 §4)
  return <DtuTaskFormPanel key={useOpenSession(props.open)} {...props} />;
}

function DtuTaskFormPanel({ open, setting: base, task, onClose }: DtuTaskFormDrawerProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<DtuTaskFields>();
  const setting: DtuTaskFormSetting = useMemo(() => ({ ...base, task }), [base, task]);
  const rules = useMemo(() => dtuTaskRules(setting), [setting]);
  const initialValues = useMemo(() => initialDtuTaskFields(setting), [setting]);
  const add = useAddDtuTask();
  const edit = useEditDtuTask();
  // Enter in a field submits too: a second submit while the first is on its way would make a second task
  const saving = useRef(false);
  const editing = task !== undefined;
  const needExcel = Form.useWatch('needExcel', form) ?? initialValues.needExcel;

  const lines = useLineOptions();
  const downProps = useDownProps(open && setting.threeToOne);
  useQueryError(lines.error ?? downProps.error);

  const lineOptions = useMemo(() => {
    const options = (lines.data ?? []).map((line) => ({ value: line.id, label: line.lineName }));
    // a line stopped since keeps its place in the task it serves (the server allows it)
    const keep = (id: number, name: string) => {
      if (!options.some((option) => option.value === id)) options.push({ value: id, label: name });
    };
    if (task) {
      keep(task.productLineId, task.productionLineName);
      keep(task.aimProductLineId, task.aimProductLineName);
    }
    return options;
  }, [lines.data, task]);
  const downOptions = (downProps.data ?? []).map((prop) => ({ value: prop.code, label: prop.name }));

  const submit = async (fields: DtuTaskFields) => {
    if (saving.current) return;
    saving.current = true;
    const input = dtuTaskInputOf(fields, setting);
    try {
      if (task) await edit.mutateAsync({ ...input, id: task.id });
      else await add.mutateAsync(input);
    } catch (error) {
      showApiError(error);
      return;
    } finally {
      saving.current = false;
    }
    void message.success(editing ? M.edited : M.added);
    onClose();
  };

  const nameLabel = nameLabelOf(setting.rework);
  return (
    <Drawer
      title={editing ? '编辑DTU任务' : '新增DTU任务'}
      open={open}
      onClose={onClose}
      size={500}
      destroyOnHidden
      footer={
        <Space className="dtu-task-form-drawer__footer">
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={add.isPending || edit.isPending} onClick={() => form.submit()}>
            确定
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        name="dtuTask"
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={(changed: Partial<DtuTaskFields>) => {
          // another line's PADs: the chosen ones go (seed 002 §4)
          if ('productLineId' in changed) form.setFieldsValue(padsForLine(changed.productLineId, task));
        }}
        onFinish={submit}
        autoComplete="off"
        className="dtu-task-form-drawer__form"
      >
        <Form.Item label={nameLabel} name="fittingType" required rules={rules.fittingType}>
          <Input placeholder={`请输入${nameLabel}`} count={{ show: true, max: DTU_TASK_LIMITS.nameMax }} />
        </Form.Item>
        <div className="dtu-task-form-drawer__pair">
          <Form.Item label="生产检测" name="productLineId" required rules={rules.productLineId}>
            <Select
              placeholder="请选择生产检测"
              options={lineOptions}
              loading={lines.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              notFoundContent="暂无可用的产线"
            />
          </Form.Item>
          <Form.Item label="目标客户" name="aimLineId" required rules={rules.aimLineId}>
            <Select
              placeholder="请选择目标客户"
              options={lineOptions}
              loading={lines.isLoading}
              showSearch={{ optionFilterProp: 'label' }}
              notFoundContent="暂无可用的产线"
            />
          </Form.Item>
        </div>
        <TaskPadFields form={form} setting={setting} rules={rules} />
        <div className="dtu-task-form-drawer__pair">
          <Form.Item label="交货日期" name="expireTime" required rules={rules.expireTime}>
            <DatePicker className="dtu-task-form-drawer__wide" placeholder="请选择交货日期" disabledDate={beforeYesterday} />
          </Form.Item>
          <Form.Item label="生产总量" name="productionNumber" required rules={rules.productionNumber}>
            <Input placeholder="请输入生产总量" maxLength={12} />
          </Form.Item>
        </div>
        <Form.Item label="固件版本" name="testFirmwareVersion" rules={rules.testFirmwareVersion}>
          <Input placeholder="如 1.0.0" maxLength={32} />
        </Form.Item>
        {setting.threeToOne && (
          <Form.Item label="数据下发" name="needExcel" valuePropName="checked">
            <Switch aria-label="数据下发" checkedChildren="是" unCheckedChildren="否" />
          </Form.Item>
        )}
        {setting.threeToOne && needExcel && (
          <>
            <Form.Item label="下发内容">
              {/* the one thing a task delivers today (seed 002 §5: fixed to major&minor) */}
              <Select
                aria-label="下发内容"
                disabled
                value={downOptions[0]?.value}
                options={downOptions}
                loading={downProps.isLoading}
              />
            </Form.Item>
            <Form.Item
              label="Excel文件"
              name="excel"
              required={!editing || !task?.excelOriginName}
              rules={rules.excel}
              dependencies={['needExcel']}
              extra={excelHint(task)}
            >
              <ExcelField />
            </Form.Item>
          </>
        )}
        <Form.Item
          label="重复检测"
          name="duplicateEnable"
          valuePropName="checked"
          extra={setting.rework ? '返工任务始终允许重复检测' : '开启后，已检测过的设备可再次检测'}
        >
          <Switch aria-label="重复检测" checkedChildren="是" unCheckedChildren="否" disabled={setting.rework} />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** Under the Excel: its columns, and on edit how far the held one was delivered. */
function excelHint(task: DtuTask | undefined): string {
  const columns = '.xls或.xlsx，表头含major、minor两列，每台设备下发一行';
  if (!task?.excelOriginName) return columns;
  return `${columns}；已下发 ${task.excelUsedCount} / ${task.excelRowCount} 行`;
}
