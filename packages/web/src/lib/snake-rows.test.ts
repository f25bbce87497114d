import { describe, expect, it } from 'vitest';
import { snakeRows } from './snake-rows';

describe('snakeRows', () => {
  it('runs row 1 left to right, row 2 right to left, keeping a short row under the turn', () => {
    const flows = (count: number) => Array.from({ length: count }, (_value, index) => index + 1);
    expect(snakeRows(flows(3), 4)).toEqual([[1, 2, 3, null]]);
    expect(snakeRows(flows(4), 4)).toEqual([[1, 2, 3, 4]]);
    expect(snakeRows(flows(5), 4)).toEqual([
      [1, 2, 3, 4],
      [null, null, null, 5],
    ]);
    expect(snakeRows(flows(10), 4)).toEqual([
      [1, 2, 3, 4],
      [8, 7, 6, 5],
      [9, 10, null, null],
    ]);
    expect(snakeRows(flows(12), 4)[2]).toEqual([9, 10, 11, 12]);
    expect(snakeRows([], 4)).toEqual([]);
  });
});
