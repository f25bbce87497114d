import { FLOW_LIMITS, type Flow } from '@factory/contracts';
import { PlusOutlined } from '@ant-design/icons';
import { useState, type CSSProperties, type DragEvent, type ReactNode } from 'react';
import { dropAction, snakePlace, type DropAction, type DropTarget } from '../flow-layout';
import { FlowTile } from './flow-tile';
import './flow-grid.css';

interface FlowGridProps {
  /** in order */
  flows: readonly Flow[];
  boundCode: string;
  editable: boolean;
  onOpen(flow: Flow): void;
  onAdd(): void;
  onEdit(flow: Flow): void;
  onDelete(flow: Flow): void;
  onSort(flow: Flow): void;
  /** a drop that changes the order: a swap or an insert */
  onMove(action: DropAction): void;
}

const PER_ROW = FLOW_LIMITS.perRowOnFlowPage;

/** Grid cells: tiles on odd columns, connectors between them; tile rows and connector rows alternate. */
const tileCell = (index: number): CSSProperties => {
  const place = snakePlace(index, PER_ROW);
  return { gridRow: place.row * 2 + 1, gridColumn: place.column * 2 + 1 };
};

function connectorCell(index: number): { style: CSSProperties; direction: 'right' | 'left' | 'down' } {
  const from = snakePlace(index, PER_ROW);
  const to = snakePlace(index + 1, PER_ROW);
  if (from.row !== to.row) return { style: { gridRow: from.row * 2 + 2, gridColumn: from.column * 2 + 1 }, direction: 'down' };
  return {
    style: { gridRow: from.row * 2 + 1, gridColumn: Math.min(from.column, to.column) * 2 + 2 },
    direction: to.column > from.column ? 'right' : 'left',
  };
}

const targetKey = (target: DropTarget) => (target.kind === 'tile' ? `tile-${target.id}` : `gap-${target.leftId}-${target.rightId}`);

/**
 * The flows as a snake (seed 001 §2): 8 per row, the direction alternating per
 * row, connectors between consecutive tiles, a plus tile at the end. A tile
 * dropped on another swaps with it; dropped on the connector between two flows
 * it moves there; on itself or its own neighbouring connectors nothing happens.
 */
export function FlowGrid(props: FlowGridProps) {
  const { flows, editable } = props;
  const [draggedId, setDraggedId] = useState<number | null>(null);
  const [overKey, setOverKey] = useState<string | null>(null);

  const draggedOf = (event: DragEvent): number | null => {
    if (draggedId !== null) return draggedId;
    const text = event.dataTransfer?.getData('text/plain') ?? '';
    return /^\d+$/.test(text) ? Number(text) : null;
  };
  const endDrag = () => {
    setDraggedId(null);
    setOverKey(null);
  };
  const dropHandlers = (target: DropTarget) => ({
    onDragOver: (event: DragEvent<HTMLDivElement>) => {
      const dragged = draggedOf(event);
      if (dragged === null || dropAction(dragged, target) === null) return;
      // Accepting the drop is what lets it land here.
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
      setOverKey(targetKey(target));
    },
    onDragLeave: () => setOverKey((current) => (current === targetKey(target) ? null : current)),
    onDrop: (event: DragEvent<HTMLDivElement>) => {
      event.preventDefault();
      const dragged = draggedOf(event);
      endDrag();
      const action = dragged === null ? null : dropAction(dragged, target);
      if (action) props.onMove(action);
    },
  });

  const cells: ReactNode[] = flows.map((flow, index) => (
    <div key={`flow-${flow.id}`} className="flow-grid__cell" style={tileCell(index)}>
      <FlowTile
        flow={flow}
        boundCode={props.boundCode}
        editable={editable}
        dragging={draggedId === flow.id}
        dropping={overKey === targetKey({ kind: 'tile', id: flow.id })}
        onOpen={() => props.onOpen(flow)}
        onEdit={() => props.onEdit(flow)}
        onDelete={() => props.onDelete(flow)}
        onSort={() => props.onSort(flow)}
        onDragStart={(event) => {
          event.dataTransfer?.setData('text/plain', String(flow.id));
          if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
          setDraggedId(flow.id);
        }}
        onDragEnd={endDrag}
        {...(editable ? dropHandlers({ kind: 'tile', id: flow.id }) : { onDragOver: noop, onDragLeave: noop, onDrop: noop })}
      />
    </div>
  ));

  const tileCount = flows.length + (editable ? 1 : 0);
  for (let index = 0; index + 1 < tileCount; index += 1) {
    const { style, direction } = connectorCell(index);
    const left = flows[index]!;
    const right = flows[index + 1];
    const target: DropTarget | null = right ? { kind: 'gap', leftId: left.id, rightId: right.id } : null;
    const active = target !== null && overKey === targetKey(target);
    cells.push(
      <div
        key={`gap-${index}`}
        style={style}
        className={`flow-grid__connector flow-grid__connector--${direction}${active ? ' flow-grid__connector--active' : ''}`}
        data-testid={right ? `connector-${left.id}-${right.id}` : `connector-${left.id}-add`}
        aria-hidden
        {...(editable && target ? dropHandlers(target) : {})}
      >
        <span className="flow-grid__line" />
      </div>,
    );
  }

  if (editable) {
    cells.push(
      <div key="add" className="flow-grid__cell" style={tileCell(flows.length)}>
        <button type="button" className="flow-tile flow-tile--add" aria-label="新增流程" onClick={props.onAdd}>
          <PlusOutlined />
          <span>新增流程</span>
        </button>
      </div>,
    );
  }

  return (
    <div className="flow-grid" aria-label="流程列表" role="group">
      {cells}
    </div>
  );
}

function noop() {}
