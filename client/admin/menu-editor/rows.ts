import type { MenuLinkRow, MenuSectionRow } from '../../../shared/schemas/menu-outline';

/**
 * The structured menu editor's state changes, as pure functions over the rows (each row carries
 * a stable `key` for React and for putting focus back after a move).
 */

export type LinkRow = Omit<MenuLinkRow, 'children'> & { key: string; children: LinkRow[]; error?: ErrorAt };
export type SectionRow = Omit<MenuSectionRow, 'links'> & { key: string; links: LinkRow[]; error?: ErrorAt };
/** A server error shown on one field of a row. */
export type ErrorAt = { field: 'role' | 'title' | 'label' | 'target'; message: string };

let counter = 0;
export const newKey = () => `r${(counter += 1)}`;

export const emptyLink = (): LinkRow => ({ key: newKey(), label: '', url: '', page: null, children: [] });
export const emptySection = (): SectionRow => ({ key: newKey(), role: 'primary', title: '', links: [emptyLink()] });

export { moved, movedTo } from '../../../shared/admin/ordered-list';

/** Which field a server message is about, from its words (the outline parser's messages). */
export function fieldOfMessage(message: string): ErrorAt['field'] {
  if (/address|page/i.test(message)) return 'target';
  if (/section starts|role/i.test(message)) return 'role';
  if (/^the title/i.test(message)) return 'title';
  return 'label';
}

/** Rows with keys, and the server's "Line N: …" error put on the row made from line N. */
export function keyedRows(
  sections: readonly MenuSectionRow[],
  error: { line: number; message: string } | null,
): { rows: SectionRow[]; placed: boolean } {
  let placed = false;
  const errorFor = (line: number | undefined): ErrorAt | undefined => {
    if (!error || line !== error.line) return undefined;
    placed = true;
    return { field: fieldOfMessage(error.message), message: error.message };
  };
  const link = (row: MenuLinkRow): LinkRow => ({
    ...row,
    key: newKey(),
    children: row.children.map(link),
    error: errorFor(row.line),
  });
  const rows = sections.map((section) => ({
    ...section,
    key: newKey(),
    links: section.links.map(link),
    error: errorFor(section.line),
  }));
  return { rows, placed };
}

/** The rows as the outline's model (what the form posts), without keys and errors. */
export function plainRows(rows: readonly SectionRow[]): MenuSectionRow[] {
  const link = (row: LinkRow): MenuLinkRow => ({
    label: row.label,
    url: row.url,
    page: row.page,
    children: row.children.map(link),
  });
  return rows.map((section) => ({ role: section.role, title: section.title, links: section.links.map(link) }));
}
