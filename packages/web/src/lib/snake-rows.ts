/**
 * The tiles of a snake layout row by row, each row `perRow` cells in drawing order
 * (left to right on screen): the first row runs left to right, the second right to
 * left, and so on. Cells a short last row leaves empty are null, so the row's tiles
 * stay under the end of the row before, where the turn arrow points.
 */
export function snakeRows<T>(items: readonly T[], perRow: number): Array<Array<T | null>> {
  const rows: Array<Array<T | null>> = [];
  for (let start = 0; start < items.length; start += perRow) {
    const row: Array<T | null> = items.slice(start, start + perRow);
    while (row.length < perRow) row.push(null);
    rows.push(rows.length % 2 === 0 ? row : row.reverse());
  }
  return rows;
}
