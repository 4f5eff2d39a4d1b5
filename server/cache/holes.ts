/** The per-answer parts of a cached page: the CSP nonce and the header picker's saved location. */
export type Hole = 'nonce' | 'pickerText' | 'pickerAttr' | 'pickerJson';
export type HoleValues = Record<Hole, string>;
