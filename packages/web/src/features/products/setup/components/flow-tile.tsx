import type { Flow } from '@factory/contracts';
import { LinkOutlined, WarningFilled } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import type { DragEvent } from 'react';

/** The warning of a flow whose checked properties changed after it was saved. */
export const abnormalTip = (order: number) => `流程${order}的属性已被修改，请重新编辑该流程`;

export interface FlowTileProps {
  flow: Flow;
  /** MAC or IMEI, by the product's communication */
  boundCode: string;
  editable: boolean;
  dragging: boolean;
  dropping: boolean;
  onOpen(): void;
  onEdit(): void;
  onDelete(): void;
  onSort(): void;
  onDragStart(event: DragEvent<HTMLDivElement>): void;
  onDragEnd(): void;
  onDragOver(event: DragEvent<HTMLDivElement>): void;
  onDragLeave(): void;
  onDrop(event: DragEvent<HTMLDivElement>): void;
}

/**
 * One flow of the snake grid (seed 001 §2): 流程N, the name, the bound code and a
 * warning when not normal. Hovering shows 删除 and 排序 (only with a next flow) and
 * 编辑; clicking opens the flow's detail.
 */
export function FlowTile(props: FlowTileProps) {
  const { flow, boundCode, editable } = props;
  const hasNext = flow.nextId !== null;
  const classes = [
    'flow-tile',
    flow.normal ? '' : 'flow-tile--abnormal',
    props.dragging ? 'flow-tile--dragging' : '',
    props.dropping ? 'flow-tile--dropping' : '',
  ];
  const act = (run: () => void) => (event: { stopPropagation(): void }) => {
    event.stopPropagation();
    run();
  };
  return (
    <div
      className={classes.filter(Boolean).join(' ')}
      role="button"
      tabIndex={0}
      aria-label={`流程${flow.order} ${flow.name}`}
      data-flow-id={flow.id}
      draggable={editable}
      onClick={props.onOpen}
      onKeyDown={(event) => {
        if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
          event.preventDefault();
          props.onOpen();
        }
      }}
      onDragStart={props.onDragStart}
      onDragEnd={props.onDragEnd}
      onDragOver={props.onDragOver}
      onDragLeave={props.onDragLeave}
      onDrop={props.onDrop}
    >
      <div className="flow-tile__order">
        <span>流程{flow.order}</span>
        {!flow.normal && (
          <Tooltip title={abnormalTip(flow.order)}>
            <WarningFilled className="flow-tile__warning" aria-label={abnormalTip(flow.order)} />
          </Tooltip>
        )}
      </div>
      <div className="flow-tile__name" title={flow.name}>
        {flow.name}
      </div>
      {flow.bindMac && (
        <div className="flow-tile__bound" title={`绑定${boundCode}`}>
          <LinkOutlined /> {boundCode}
        </div>
      )}
      {editable && (
        <div className="flow-tile__actions">
          {hasNext && (
            <Button size="small" type="text" danger onClick={act(props.onDelete)}>
              删除
            </Button>
          )}
          <Button size="small" type="text" onClick={act(props.onEdit)}>
            编辑
          </Button>
          {hasNext && (
            <Button size="small" type="text" onClick={act(props.onSort)}>
              排序
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
