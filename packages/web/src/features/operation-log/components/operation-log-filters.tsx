import type { OperationLogModuleOption } from '@factory/contracts';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import type { OperationLogListQuery } from '../api/operation-log-keys';

export interface LogFilterFields {
  userName?: string;
  module?: string;
  range?: [Dayjs, Dayjs] | null;
}

/** What the list call gets from the filter fields: its query without the paging. */
export type LogFilterValues = Omit<OperationLogListQuery, 'page' | 'pageSize'>;

/**
 * The date range goes out as whole days: fromTime is the start date and toTime the
 * day after the end date, so the end date is included (seed 000 §9, as on the records page).
 */
export function toFilterValues({ userName, module, range }: LogFilterFields): LogFilterValues {
  return {
    userName: userName?.trim() || undefined,
    module: module || undefined,
    fromTime: range ? range[0].format('YYYY-MM-DD') : undefined,
    toTime: range ? range[1].add(1, 'day').format('YYYY-MM-DD') : undefined,
  };
}

// Dates after today can not be chosen (nothing was logged there yet).
const afterToday = (date: Dayjs) => date.isAfter(dayjs(), 'day');

/** Two modules may share a name (终端 for terminal and pad): the key tells them apart. */
function moduleOptions(modules: readonly OperationLogModuleOption[]) {
  const counts = new Map<string, number>();
  modules.forEach(({ moduleName }) => counts.set(moduleName, (counts.get(moduleName) ?? 0) + 1));
  return modules.map(({ module, moduleName }) => ({
    value: module,
    label: (counts.get(moduleName) ?? 0) > 1 ? `${moduleName}（${module}）` : moduleName,
  }));
}

interface OperationLogFiltersProps {
  modules: readonly OperationLogModuleOption[];
  onSearch(values: LogFilterValues): void;
}

export function OperationLogFilters({ modules, onSearch }: OperationLogFiltersProps) {
  const [form] = Form.useForm<LogFilterFields>();
  const search = () => onSearch(toFilterValues(form.getFieldsValue()));
  const reset = () => {
    form.resetFields();
    search();
  };

  return (
    <Form form={form} layout="inline" className="operation-log-filters" onFinish={search}>
      <Form.Item label="操作人" name="userName">
        <Input placeholder="请输入操作人，回车搜索" allowClear maxLength={64} />
      </Form.Item>
      <Form.Item label="模块" name="module">
        <Select placeholder="全部模块" allowClear options={moduleOptions(modules)} className="operation-log-filters__module" />
      </Form.Item>
      <Form.Item label="日期" name="range">
        <DatePicker.RangePicker disabledDate={afterToday} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit">
          查询
        </Button>
      </Form.Item>
      <Form.Item>
        <Button onClick={reset}>重置</Button>
      </Form.Item>
    </Form>
  );
}
