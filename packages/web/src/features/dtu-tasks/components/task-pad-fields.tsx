import type { Answer, DTU_TASK_ENDPOINTS } from '@factory/contracts';
import { Form, Select, type FormInstance } from 'antd';
import { useQueryError } from '../../../lib/use-query-error';
import { useTaskPads } from '../api/get-task-pads';
import type { DtuTaskFields, DtuTaskFormSetting, dtuTaskRules } from '../dtu-task-form';

type PadOption = Answer<typeof DTU_TASK_ENDPOINTS.dtuTaskPadList>[number];

interface TaskPadFieldsProps {
  form: FormInstance<DtuTaskFields>;
  setting: DtuTaskFormSetting;
  rules: ReturnType<typeof dtuTaskRules>;
}

/** `PAD-01 (P01)`, and the task it serves when busy with another. */
const labelOf = (pad: PadOption) => (pad.busyWith ? `${pad.name} (${pad.code})（执行中：${pad.busyWith}）` : `${pad.name} (${pad.code})`);

/**
 * 终端 and, for a bluetooth DTU, 串口终端 (seed 002 §4, §5): the PADs of the chosen
 * line. A PAD serving another task cannot be chosen; one chosen in either list is
 * not offered in the other.
 */
export function TaskPadFields({ form, setting, rules }: TaskPadFieldsProps) {
  const { task } = setting;
  const lineId = Form.useWatch('productLineId', form) as number | undefined;
  const pads = (Form.useWatch('pads', form) as number[] | undefined) ?? [];
  const serialPads = (Form.useWatch('padsForComCheck', form) as number[] | undefined) ?? [];
  const list = useTaskPads(lineId, task?.id);
  useQueryError(list.error);

  const known: PadOption[] = [...(list.data ?? [])];
  // the task's own PADs on its own line, even before (or without) the list's answer
  if (task && lineId === task.productLineId) {
    for (const pad of [...task.pads, ...task.serialPads]) {
      if (!known.some((option) => option.id === pad.id)) known.push({ ...pad, busyWith: '' });
    }
  }
  const optionsWithout = (taken: readonly number[]) =>
    known.map((pad) => ({ value: pad.id, label: labelOf(pad), disabled: pad.busyWith !== '' || taken.includes(pad.id) }));

  const common = {
    mode: 'multiple' as const,
    loading: list.isFetching,
    disabled: lineId === undefined,
    showSearch: { optionFilterProp: 'label' },
    notFoundContent: '该产线暂无终端',
  };
  return (
    <>
      <Form.Item label="终端" name="pads" required rules={rules.pads}>
        <Select {...common} placeholder={lineId === undefined ? '请先选择生产检测' : '请选择终端'} options={optionsWithout(serialPads)} />
      </Form.Item>
      {setting.bluetooth && (
        <Form.Item label="串口终端" name="padsForComCheck" required rules={rules.padsForComCheck} dependencies={['pads']}>
          <Select {...common} placeholder={lineId === undefined ? '请先选择生产检测' : '请选择串口终端'} options={optionsWithout(pads)} />
        </Form.Item>
      )}
    </>
  );
}
