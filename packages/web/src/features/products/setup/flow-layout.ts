import { FLOW_LIMITS } from '@factory/contracts';

/** A place in the snake grid: row and column, 0-based, as drawn. */
export interface GridPlace {
  row: number;
  column: number;
}

/**
 * Where the i-th tile (0-based, in flow order) is drawn: rows of `perRow`,
 * left to right on the first row, right to left on the second, and so on.
 */
export function snakePlace(index: number, perRow: number = FLOW_LIMITS.perRowOnFlowPage): GridPlace {
  const row = Math.floor(index / perRow);
  const offset = index % perRow;
  return { row, column: row % 2 === 0 ? offset : perRow - 1 - offset };
}

/** The tiles row by row, each row in drawing order (left to right on screen). */
export function snakeRows<T>(items: readonly T[], perRow: number = FLOW_LIMITS.perRowOnFlowPage): T[][] {
  const rows: T[][] = [];
  for (let start = 0; start < items.length; start += perRow) {
    const row = items.slice(start, start + perRow);
    rows.push((rows.length % 2 === 0 ? row : row.reverse()));
  }
  return rows;
}

export interface OrderedFlow {
  id: number;
}

/** What a drop lands on: a tile, or the connector between two consecutive flows. */
export type DropTarget = { kind: 'tile'; id: number } | { kind: 'gap'; leftId: number; rightId: number };

export type DropAction =
  | { kind: 'swap'; fromId: number; toId: number }
  | { kind: 'insert'; left: number | null; middle: number; right: number | null };

/**
 * What dropping the dragged flow does (seed 001 §2): on another tile the two
 * swap; on the connector between two flows it moves there; on itself or on its
 * own neighbouring connectors nothing happens (null).
 */
export function dropAction(draggedId: number, target: DropTarget): DropAction | null {
  if (target.kind === 'tile') {
    return target.id === draggedId ? null : { kind: 'swap', fromId: draggedId, toId: target.id };
  }
  if (target.leftId === draggedId || target.rightId === draggedId) return null;
  return { kind: 'insert', left: target.leftId, middle: draggedId, right: target.rightId };
}

/**
 * The sort dialog: the flow moves to the target's position, the flows between
 * shift by one. 'same' when the target is the flow itself (该流程还处于当前顺序).
 */
export function moveToPosition(
  flows: readonly OrderedFlow[],
  movingId: number,
  targetId: number,
): Extract<DropAction, { kind: 'insert' }> | 'same' | null {
  const from = flows.findIndex((flow) => flow.id === movingId);
  const to = flows.findIndex((flow) => flow.id === targetId);
  if (from < 0 || to < 0) return null;
  if (from === to) return 'same';
  // Moving down: it goes after the target; moving up: before it.
  const left = from < to ? flows[to] : flows[to - 1];
  const right = from < to ? flows[to + 1] : flows[to];
  return { kind: 'insert', left: left?.id ?? null, middle: movingId, right: right?.id ?? null };
}
