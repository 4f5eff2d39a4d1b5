import { GRID_COLUMNS } from './constants';

/**
 * Packs tiles into rows in order: a tile that would push a row past 12 columns starts the next
 * row (spec section 9). Pure, so the rule is unit-tested apart from the markup.
 */
export function packRows<T extends { width: number }>(tiles: T[], columns = GRID_COLUMNS): T[][] {
  const rows: T[][] = [];
  let used = columns;
  for (const tile of tiles) {
    const width = Math.min(Math.max(tile.width, 1), columns);
    if (used + width > columns) {
      rows.push([]);
      used = 0;
    }
    rows[rows.length - 1]!.push(tile);
    used += width;
  }
  return rows;
}
