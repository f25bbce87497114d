import type { TaskDetailFlow } from '@factory/contracts';
import { DesktopOutlined } from '@ant-design/icons';
import { Empty, Typography } from 'antd';
import { SnakeTiles } from '../../../components/snake-tiles';
import { FlowStatusTag } from './task-status-tag';
import './flow-tiles.css';

/**
 * The task's flows as tiles, 4 per row in a snake (seed 000 §2, §9): the first row
 * left to right, the next right to left, an arrow between neighbours and a turn
 * arrow under the end of every full row.
 */
export function FlowTiles({ flows }: { flows: readonly TaskDetailFlow[] }) {
  if (flows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该任务没有流程" />;
  const ordered = [...flows].sort((left, right) => left.sequence - right.sequence);
  return (
    <SnakeTiles
      items={ordered}
      label="任务流程"
      className="flow-tiles"
      keyOf={(flow) => flow.id}
      renderTile={(flow) => <FlowTile flow={flow} />}
    />
  );
}

/** Seconds per unit with one decimal; no result in the last hour gives no pace at all. */
const paceOf = (realSpeed: number) => (realSpeed > 0 ? `${Math.round(realSpeed * 10) / 10} 秒/台` : '—');

function FlowTile({ flow }: { flow: TaskDetailFlow }) {
  const label = `流程${flow.sequence}`;
  return (
    <article className="flow-tiles__tile" role="listitem" aria-label={`${label} ${flow.name}`}>
      <header className="flow-tiles__head">
        <span className="flow-tiles__order">{flow.sequence}</span>
        <span className="flow-tiles__name" title={flow.name}>
          {flow.name}
        </span>
        <FlowStatusTag status={flow.flowStatus} />
      </header>
      <dl className="flow-tiles__figures">
        <div>
          <dt>完成</dt>
          <dd>
            {flow.finishNumber}/{flow.productionNumber}
          </dd>
        </div>
        <div>
          <dt>节拍</dt>
          <dd title={flow.realSpeed > 0 ? '近一小时平均每台用时' : '近一小时没有检测结果'}>{paceOf(flow.realSpeed)}</dd>
        </div>
        <div>
          <dt>检测次数</dt>
          <dd>{flow.totalCount}</dd>
        </div>
        <div>
          <dt>在用终端</dt>
          <dd>{flow.useCount}</dd>
        </div>
      </dl>
      <ul className="flow-tiles__pads" aria-label={`${label}的终端`}>
        {flow.padsWithUserInfo.length === 0 && (
          <li className="flow-tiles__pad flow-tiles__pad--none">
            <Typography.Text type="secondary">未设置终端</Typography.Text>
          </li>
        )}
        {flow.padsWithUserInfo.map((pad) => {
          const inUse = !pad.free && pad.userName;
          return (
            <li key={pad.id} className="flow-tiles__pad">
              <DesktopOutlined aria-hidden className="flow-tiles__pad-icon" />
              <span className="flow-tiles__pad-name" title={`${pad.name} (${pad.code})`}>
                {pad.name} <span className="flow-tiles__pad-code">({pad.code})</span>
              </span>
              {inUse ? (
                <span className="flow-tiles__user">{pad.userName}</span>
              ) : (
                <span className="flow-tiles__free">空闲</span>
              )}
            </li>
          );
        })}
      </ul>
    </article>
  );
}
