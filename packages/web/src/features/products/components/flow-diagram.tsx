import { FLOW_LIMITS, type Flow } from '@factory/contracts';
import { ArrowDownOutlined, ArrowRightOutlined, WarningFilled } from '@ant-design/icons';
import { Empty, Tooltip } from 'antd';
import { Fragment } from 'react';
import './flow-diagram.css';

const PER_ROW = FLOW_LIMITS.perRowOnDetail;

/** Flows cut into rows of three, in order. */
export function flowRows<T>(flows: readonly T[], perRow: number = PER_ROW): T[][] {
  const rows: T[][] = [];
  for (let start = 0; start < flows.length; start += perRow) rows.push(flows.slice(start, start + perRow));
  return rows;
}

/**
 * The product's flows as a snake (seed 001 §2, product detail): three per row,
 * the second row running right to left, an arrow between neighbours and a turn
 * at each row's end. A flow whose properties changed since it was saved carries
 * a warning icon.
 */
export function FlowDiagram({ flows }: { flows: readonly Flow[] }) {
  if (flows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无流程" />;
  const rows = flowRows(flows);
  return (
    <ol className="flow-diagram" aria-label="流程图">
      {rows.map((row, rowIndex) => {
        const reversed = rowIndex % 2 === 1;
        const last = rowIndex === rows.length - 1;
        return (
          <Fragment key={row[0]!.id}>
            <li className={`flow-diagram__row${reversed ? ' flow-diagram__row--reversed' : ''}`}>
              <ol className="flow-diagram__nodes">
                {row.map((flow, index) => (
                  <Fragment key={flow.id}>
                    {index > 0 && (
                      <li className="flow-diagram__connector" aria-hidden>
                        <ArrowRightOutlined rotate={reversed ? 180 : 0} />
                      </li>
                    )}
                    <FlowNode flow={flow} />
                  </Fragment>
                ))}
              </ol>
            </li>
            {!last && (
              <li
                className={`flow-diagram__turn${reversed ? ' flow-diagram__turn--left' : ''}`}
                aria-hidden
              >
                <ArrowDownOutlined />
              </li>
            )}
          </Fragment>
        );
      })}
    </ol>
  );
}

function FlowNode({ flow }: { flow: Flow }) {
  const label = `流程${flow.order}`;
  return (
    <li className={`flow-diagram__node${flow.normal ? '' : ' flow-diagram__node--abnormal'}`} aria-label={`${label} ${flow.name}`}>
      <span className="flow-diagram__order">{label}</span>
      <span className="flow-diagram__name" title={flow.name}>
        {flow.name}
      </span>
      {!flow.normal && (
        <Tooltip title={`${label}的属性已修改，请重新编辑该流程`}>
          <WarningFilled className="flow-diagram__warning" aria-label="属性已修改" />
        </Tooltip>
      )}
    </li>
  );
}
