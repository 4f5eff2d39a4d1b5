/** Rows of the media grid fill to at most this many columns (spec section 9). Zod-free for the browser. */
export const GRID_COLUMNS = 12;
