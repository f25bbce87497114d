import { communicationTypeName, DTU_TASK_STATUS_NAMES, type DtuTask, type DtuTaskStatus } from '@factory/contracts';
import { Badge, Card, Descriptions, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { EMPTY, orDash } from '../dtu-submission-view';

const STATUS_BADGES: Record<DtuTaskStatus, 'default' | 'processing' | 'warning' | 'success'> = {
  UNSTART: 'default',
  START: 'processing',
  STOP: 'warning',
  FINISH: 'success',
};

type Items = NonNullable<DescriptionsProps['items']>;

interface TaskHeaderProps {
  task: DtuTask;
  /** what the page adds (a batch's number, submit time and submitter) */
  more?: Items;
  extra?: ReactNode;
}

/**
 * The task header of /submitRecord, /submitRecordDetail and /checkTask (seed 002 §2): the
 * task, its lines and its DTU: 通信方式 only for a networked DTU, the voltage with V,
 * 所属公司 the module's company.
 */
export function TaskHeader({ task, more = [], extra }: TaskHeaderProps) {
  const dtu = task.detail;
  const items: Items = [
    { key: 'name', label: task.reworkTask ? '配件型号' : '任务名称', children: task.fittingType },
    { key: 'status', label: '任务状态', children: <Badge status={STATUS_BADGES[task.status]} text={DTU_TASK_STATUS_NAMES[task.status]} /> },
    { key: 'line', label: '生产检测', children: orDash(task.productionLineName) },
    { key: 'aim', label: '目标客户', children: orDash(task.aimProductLineName) },
    { key: 'dtuType', label: 'DTU型号', children: dtu.dtuType },
    { key: 'modelType', label: '模块型号', children: orDash(dtu.modelType) },
    { key: 'internet', label: '是否联网', children: dtu.connectInternet ? '是' : '否' },
    ...(dtu.connectInternet
      ? [{ key: 'communication', label: '通信方式', children: orDash(dtu.communicationTypeDesc || communicationTypeName(dtu.communicationType)) }]
      : []),
    { key: 'voltage', label: '供电电压', children: dtu.standardVoltage ? `${dtu.standardVoltage}V` : EMPTY },
    { key: 'company', label: '所属公司', children: orDash(dtu.productCompany) },
    ...more,
  ];
  return (
    <Card variant="borderless" size="small" title="任务信息" extra={extra}>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3, xxl: 4 }} items={items} />
    </Card>
  );
}
