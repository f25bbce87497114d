import type { ProductionRecord } from '@factory/contracts';
import { RightOutlined } from '@ant-design/icons';
import { Empty } from 'antd';
import { SnakeTiles } from '../../../components/snake-tiles';
import { FLOW_RESULT_NAMES, secondsText, UNTESTED } from '../record-view';
import { FlowResultTag } from './record-status-tag';
import './record-flow-tiles.css';

type RecordFlow = ProductionRecord['flows'][number];

interface RecordFlowTilesProps {
  flows: readonly RecordFlow[];
  /** a tested tile was clicked */
  onOpen(flow: RecordFlow & { runtimeTaskResultEntity: NonNullable<RecordFlow['runtimeTaskResultEntity']> }): void;
}

/**
 * A device's flows as tiles, 4 per row in a snake (seed 000 §2, §9), as the task
 * detail draws a task's flows: each with its latest result; a tested tile opens
 * that result.
 */
export function RecordFlowTiles({ flows, onOpen }: RecordFlowTilesProps) {
  if (flows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="该任务没有流程" />;
  const ordered = [...flows].sort((left, right) => left.sequence - right.sequence);
  return (
    <SnakeTiles
      items={ordered}
      label="检测流程"
      className="record-flow-tiles"
      keyOf={(flow) => flow.id}
      renderTile={(flow) => <RecordFlowTile flow={flow} onOpen={onOpen} />}
      cellIsItem
    />
  );
}

function RecordFlowTile({ flow, onOpen }: { flow: RecordFlow; onOpen: RecordFlowTilesProps['onOpen'] }) {
  const result = flow.runtimeTaskResultEntity;
  const body = (
    <>
      <header className="record-flow-tiles__head">
        <span className="record-flow-tiles__order">{flow.sequence}</span>
        <span className="record-flow-tiles__name" title={flow.name}>
          {flow.name}
        </span>
        <FlowResultTag status={result?.status} />
      </header>
      <dl className="record-flow-tiles__figures">
        <div>
          <dt>开始时间</dt>
          <dd>{result?.startTime ?? '—'}</dd>
        </div>
        <div>
          <dt>用时</dt>
          <dd>{result ? secondsText(result.speed) : '—'}</dd>
        </div>
        <div>
          <dt>历史次数</dt>
          <dd>{result?.historyCount ?? 0}</dd>
        </div>
      </dl>
      {result && (
        <span className="record-flow-tiles__more" aria-hidden>
          查看详情 <RightOutlined />
        </span>
      )}
    </>
  );
  const label = `流程${flow.sequence} ${flow.name} ${result ? FLOW_RESULT_NAMES[result.status] : UNTESTED}`;
  if (!result) {
    return (
      <article className="record-flow-tiles__tile record-flow-tiles__tile--untested" aria-label={label}>
        {body}
      </article>
    );
  }
  return (
    <button
      type="button"
      className={`record-flow-tiles__tile record-flow-tiles__tile--${result.status === 'TEST_SUCCESS' ? 'pass' : 'fail'}`}
      aria-label={label}
      onClick={() => onOpen({ ...flow, runtimeTaskResultEntity: result })}
    >
      {body}
    </button>
  );
}
