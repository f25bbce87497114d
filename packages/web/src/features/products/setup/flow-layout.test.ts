import { describe, expect, it } from 'vitest';
import { dropAction, moveToPosition, snakePlace, snakeRows } from './flow-layout';

describe('snake layout', () => {
  it('runs left to right on row 1 and right to left on row 2', () => {
    const flows = Array.from({ length: 10 }, (_value, index) => index + 1);
    expect(snakeRows(flows, 8)).toEqual([
      [1, 2, 3, 4, 5, 6, 7, 8],
      [10, 9],
    ]);
    expect(snakePlace(7, 8)).toEqual({ row: 0, column: 7 });
    expect(snakePlace(8, 8)).toEqual({ row: 1, column: 7 });
    expect(snakePlace(9, 8)).toEqual({ row: 1, column: 6 });
    expect(snakePlace(16, 8)).toEqual({ row: 2, column: 0 });
  });
});

describe('drop rules', () => {
  it('swaps on another tile, inserts on a connector, and ignores itself and its own connectors', () => {
    expect(dropAction(1, { kind: 'tile', id: 3 })).toEqual({ kind: 'swap', fromId: 1, toId: 3 });
    expect(dropAction(1, { kind: 'tile', id: 1 })).toBeNull();
    expect(dropAction(1, { kind: 'gap', leftId: 3, rightId: 4 })).toEqual({ kind: 'insert', left: 3, middle: 1, right: 4 });
    expect(dropAction(3, { kind: 'gap', leftId: 3, rightId: 4 })).toBeNull();
    expect(dropAction(4, { kind: 'gap', leftId: 3, rightId: 4 })).toBeNull();
  });

  it('sorts to a position: after the target when moving down, before it when moving up', () => {
    const flows = [{ id: 11 }, { id: 12 }, { id: 13 }, { id: 14 }];
    expect(moveToPosition(flows, 12, 12)).toBe('same');
    expect(moveToPosition(flows, 11, 13)).toEqual({ kind: 'insert', left: 13, middle: 11, right: 14 });
    expect(moveToPosition(flows, 11, 14)).toEqual({ kind: 'insert', left: 14, middle: 11, right: null });
    expect(moveToPosition(flows, 14, 12)).toEqual({ kind: 'insert', left: 11, middle: 14, right: 12 });
    expect(moveToPosition(flows, 13, 11)).toEqual({ kind: 'insert', left: null, middle: 13, right: 11 });
  });
});
