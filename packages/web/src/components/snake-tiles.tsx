import { ArrowDownOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { TASK_LIMITS } from '@factory/contracts';
import type { CSSProperties, Key, ReactNode } from 'react';
import { snakeRows } from '../lib/snake-rows';
import './snake-tiles.css';

const PER_ROW = TASK_LIMITS.flowsPerRow;

/** Grid cells: tiles on odd columns with arrows between them; tile rows and turn rows alternate. */
const at = (row: number, column: number): CSSProperties => ({ gridRow: row * 2 + 1, gridColumn: column * 2 + 1 });

interface SnakeTilesProps<Item> {
  /** in drawing order (the first tile top left) */
  items: readonly Item[];
  /** names the list for screen readers */
  label: string;
  /** the page's block class, added as `${className}`, `${className}__cell`, `__arrow` and `__turn` */
  className: string;
  keyOf(item: Item): Key;
  renderTile(item: Item): ReactNode;
  /** the cell is the list item (when the tile is a button); otherwise the tile carries role="listitem" itself */
  cellIsItem?: boolean;
}

/**
 * Tiles 4 per row in a snake (seed 000 §2, §9): the first row left to right, the
 * next right to left, an arrow between neighbours and a turn arrow under the end
 * of every full row. Task flows and a device's flows are drawn this way.
 */
export function SnakeTiles<Item>({ items, label, className, keyOf, renderTile, cellIsItem = false }: SnakeTilesProps<Item>) {
  const rows = snakeRows(items, PER_ROW);
  const cells: ReactNode[] = [];
  rows.forEach((row, rowIndex) => {
    const reversed = rowIndex % 2 === 1;
    row.forEach((item, column) => {
      if (item === null) return;
      const key = keyOf(item);
      cells.push(
        <div
          key={`tile-${key}`}
          style={at(rowIndex, column)}
          className={`snake-tiles__cell ${className}__cell`}
          role={cellIsItem ? 'listitem' : undefined}
        >
          {renderTile(item)}
        </div>,
      );
      if (row[column + 1]) {
        cells.push(
          <div
            key={`arrow-${key}`}
            style={{ gridRow: rowIndex * 2 + 1, gridColumn: column * 2 + 2 }}
            className={`snake-tiles__arrow ${className}__arrow`}
            aria-hidden
          >
            <ArrowRightOutlined rotate={reversed ? 180 : 0} />
          </div>,
        );
      }
    });
    if (rowIndex < rows.length - 1) {
      cells.push(
        <div
          key={`turn-${rowIndex}`}
          style={{ gridRow: rowIndex * 2 + 2, gridColumn: (reversed ? 0 : PER_ROW - 1) * 2 + 1 }}
          className={`snake-tiles__turn ${className}__turn`}
          aria-hidden
        >
          <ArrowDownOutlined />
        </div>,
      );
    }
  });
  return (
    <div className={`snake-tiles ${className}`} role="list" aria-label={label}>
      {cells}
    </div>
  );
}
