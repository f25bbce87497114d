import { BLUETOOTH, DTU_TASK_STATUS_NAMES, type DtuTask, type DtuTaskStatus } from '@factory/contracts';
import { Badge, Card, Descriptions, Image, Progress, Space } from 'antd';
import type { ReactNode } from 'react';
import { dayOfTime, EMPTY, orDash, wholePercent } from '../dtu-watch-view';

const STATUS_BADGES: Record<DtuTaskStatus, 'default' | 'processing' | 'warning' | 'success'> = {
  UNSTART: 'default',
  START: 'processing',
  STOP: 'warning',
  FINISH: 'success',
};

/** A task's status as a badge (seed 002 §4). */
export function TaskStatusBadge({ status }: { status: DtuTaskStatus }) {
  return <Badge status={STATUS_BADGES[status]} text={DTU_TASK_STATUS_NAMES[status]} />;
}

/** A stored file as a link that opens it in a new window (seed 002 §7: downloads open by URL). */
function FileLink({ url, name }: { url: string | null; name: string | null }) {
  if (!url) return <>{EMPTY}</>;
  return (
    <a href={url} target="_blank" rel="noreferrer">
      {name || '下载'}
    </a>
  );
}

const names = (pads: readonly { name: string }[]) => (pads.length ? pads.map((pad) => pad.name).join('、') : EMPTY);

/** 数据下发: the Excel and how many of its rows went out, or 未开启. */
function deliveryText(task: DtuTask): ReactNode {
  if (!task.needExcel) return '未开启';
  return (
    <span>
      major&amp;minor（{task.excelOriginName ?? 'Excel'}，已下发 {task.excelUsedCount}/{task.excelRowCount}）
    </span>
  );
}

/**
 * The head of the task progress page (seed 002 §2 dtuTaskWatch): the task, its DTU,
 * the module's files from the task's `detail`, and the progress.
 */
export function TaskSummary({ task }: { task: DtuTask }) {
  const dtu = task.detail;
  const rework = task.reworkTask;
  const taskItems = [
    { key: 'name', label: rework ? '配件型号' : '任务名称', children: task.fittingType },
    { key: 'status', label: '任务状态', children: <TaskStatusBadge status={task.status} /> },
    { key: 'line', label: '生产检测', children: orDash(task.productionLineName) },
    { key: 'aim', label: '目标客户', children: orDash(task.aimProductLineName) },
    { key: 'expire', label: '交货日期', children: dayOfTime(task.expireTime) },
    { key: 'firmware', label: '测试固件', children: orDash(task.testFirmwareVersion) },
    { key: 'duplicate', label: '重复检测', children: task.duplicateEnable ? '允许' : '不允许' },
    { key: 'delivery', label: '数据下发', children: deliveryText(task) },
    { key: 'pads', label: '检测终端', children: names(task.pads) },
    ...(task.communicationType === BLUETOOTH ? [{ key: 'serialPads', label: '串口终端', children: names(task.serialPads) }] : []),
  ];
  const dtuItems = [
    { key: 'dtuType', label: 'DTU型号', children: dtu.dtuType },
    { key: 'modelType', label: '模块型号', children: orDash(dtu.modelType) },
    { key: 'company', label: '模块供应商', children: orDash(dtu.productCompany) },
    { key: 'voltage', label: '供电电压', children: dtu.standardVoltage ? `${dtu.standardVoltage}V` : EMPTY },
    { key: 'bandRate', label: '波特率', children: orDash(dtu.bandRate) },
    { key: 'internet', label: '是否联网', children: dtu.connectInternet ? '支持' : '不支持' },
    ...(dtu.connectInternet ? [{ key: 'communication', label: '通信方式', children: orDash(dtu.communicationTypeDesc) }] : []),
  ];
  const moduleItems = [
    { key: 'bom', label: 'BOM清单', children: <FileLink url={dtu.bomListFileUrl} name={dtu.bomListOriginName} /> },
    { key: 'product', label: '生产文件', children: <FileLink url={dtu.productFileUrl} name={dtu.productFileOriginName} /> },
    { key: 'other', label: '其他要求', children: <FileLink url={dtu.otherRequestFileUrl} name={dtu.otherRequestFileOriginName} /> },
    {
      key: 'firmwareFile',
      label: '固件文件',
      children: <FileLink url={task.testFirmwareDownloadUrl ?? dtu.testFirmwareUrl} name={task.testFirmwareOriginName ?? dtu.testFirmwareFileName} />,
    },
    {
      key: 'images',
      label: 'DTU图片',
      children: (
        <Space size={8}>
          {dtu.frontImageUrl && <Image width={48} height={48} src={dtu.frontImageUrl} alt="DTU正面图片" />}
          {dtu.backImageUrl && <Image width={48} height={48} src={dtu.backImageUrl} alt="DTU背面图片" />}
          {!dtu.frontImageUrl && !dtu.backImageUrl && EMPTY}
        </Space>
      ),
    },
  ];

  return (
    <div className="dtu-watch-summary">
      <Card variant="borderless" size="small" title="任务信息" className="dtu-watch-summary__task">
        <Descriptions size="small" column={3} items={taskItems} />
      </Card>
      <TaskProgress task={task} />
      <Card variant="borderless" size="small" title="DTU信息">
        <Descriptions size="small" column={3} items={dtuItems} />
      </Card>
      <Card variant="borderless" size="small" title="模块信息">
        <Descriptions size="small" column={2} items={moduleItems} />
      </Card>
    </div>
  );
}

/** 任务进度: finished of total as a whole percentage (seed 002 §9), and how many were tested. */
function TaskProgress({ task }: { task: DtuTask }) {
  const percent = wholePercent(task.finishNumber, task.productionNumber);
  const failed = Math.max(0, task.testedNumber - task.finishNumber);
  return (
    <Card variant="borderless" size="small" title="任务进度">
      <div className="dtu-watch-progress">
        <Progress type="circle" size={104} percent={percent} format={(value) => `${value ?? 0}%`} aria-label="完成进度" />
        <dl className="dtu-watch-progress__figures" aria-label="进度数据">
          <div>
            <dt>已完成</dt>
            <dd>
              {task.finishNumber} / {task.productionNumber} 台
            </dd>
          </div>
          <div>
            <dt>已检测</dt>
            <dd>{task.testedNumber} 台</dd>
          </div>
          <div>
            <dt>未通过</dt>
            <dd>{failed} 台</dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}
