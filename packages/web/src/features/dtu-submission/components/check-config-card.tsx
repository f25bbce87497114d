import { aqlText, type CheckConfig, DTU_SUBMISSION_MSG as M, inspectionLevelName } from '@factory/contracts';
import { App, Button, Card, Descriptions, Tooltip } from 'antd';
import { useState } from 'react';
import { ListEmpty } from '../../../components/page-result';
import { runWithFeedback } from '../../../lib/api-client';
import { useUnbindCheckTask } from '../api/unbind-check-task';
import { EMPTY, orDash } from '../dtu-submission-view';
import { CheckConfigDialog } from './check-config-dialog';

interface CheckConfigCardProps {
  taskId: number;
  config: CheckConfig | undefined;
  /** the configuration could not be read: 重试 instead of the figures */
  failed: boolean;
  onRetry(): void;
}

/**
 * The task's sampling configuration with 配置抽检任务 and 解绑终端 (seed 002 §2 /checkTask).
 * A task whose firmware changed after a submission cannot be sampled: its 配置抽检任务 is
 * disabled with the seed's tooltip (§4), and the server refuses a binding as well.
 */
export function CheckConfigCard({ taskId, config, failed, onRetry }: CheckConfigCardProps) {
  const { modal } = App.useApp();
  const [open, setOpen] = useState(false);
  const unbind = useUnbindCheckTask(taskId);
  const canCheck = config?.canCheck ?? false;

  const confirmUnbind = () =>
    modal.confirm({
      title: '提示',
      content: M.unbindConfirm,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: () => runWithFeedback(() => unbind.mutateAsync(), M.unbound),
    });

  const configure = (
    <Button type="primary" disabled={!config || !canCheck} onClick={() => setOpen(true)}>
      配置抽检任务
    </Button>
  );
  const buttons = (
    <div className="check-config-card__buttons">
      {/* a disabled button takes no hover: the tooltip sits on its wrapper */}
      {config && !canCheck ? (
        <Tooltip title={M.firmwareChanged}>
          <span className="check-config-card__disabled">{configure}</span>
        </Tooltip>
      ) : (
        configure
      )}
      <Button danger disabled={!config || config.pads.length === 0} onClick={confirmUnbind}>
        解绑终端
      </Button>
    </div>
  );

  const items = config
    ? [
        { key: 'line', label: '抽检产线', children: config.productLineName ?? '未配置' },
        { key: 'pads', label: '抽检终端', children: config.pads.length ? config.pads.map((pad) => pad.name).join('、') : EMPTY },
        { key: 'quantity', label: '抽检数量', children: config.productionNumber === null ? EMPTY : `${config.productionNumber} 台` },
        { key: 'level', label: '检验水平', children: inspectionLevelName(config.inspectionLevel) },
        { key: 'aql', label: 'AQL', children: aqlText(config.aql) },
        {
          key: 'proposal',
          label: '建议方案',
          children: config.proposal
            ? `批次批量 ${config.proposal.lotSize}，n=${config.proposal.sampleSize}，Ac=${config.proposal.acceptNumber}，Re=${config.proposal.rejectNumber}`
            : orDash(null),
        },
      ]
    : [];

  return (
    <Card variant="borderless" size="small" title="抽检配置" extra={buttons} loading={!config && !failed}>
      {config ? <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={items} /> : <ListEmpty failed what="抽检配置" onRetry={onRetry} />}
      {config && <CheckConfigDialog taskId={taskId} config={config} open={open} onClose={() => setOpen(false)} />}
    </Card>
  );
}
