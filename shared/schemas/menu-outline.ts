import { HEADER_SECTION_ROLES, type HeaderContent } from './navigation';

/**
 * The header menu as text, one line per entry: the form's field in every browser, and what the
 * structured menu editor (client/admin/menu-editor/) reads and writes. It stays the posted value
 * so the form works without JavaScript (docs/decisions/2026-11-29-structured-menu-editor.md).
 *
 *   # primary: Menu            a section: its role and its title
 *   - Full Menu | /menu/       a link (second level) to an address
 *   -- Fish | page:42          a link under the previous one (third level) to page 42
 *
 * A page link stores the page's id, so it follows the page when it moves; its address is read
 * from the tree when the header is rendered. This file imports no zod: the browser uses it.
 */

export type MenuRole = (typeof HEADER_SECTION_ROLES)[number];

/** One line of the outline, with where it came from (1-based) so errors can point at it. */
export type OutlineEntry =
  | { kind: 'section'; line: number; role: string; title: string }
  | { kind: 'link' | 'child'; line: number; label: string; url: string; page: number | null };

/** A link's target part: 'page:42' is a page, anything else an address. */
const PAGE_TARGET = /^page:\s*(\d{1,10})$/i;

export type OutlineProblem = { line: number; field: 'role' | 'title' | 'label' | 'target'; message: string };

const linesOf = (text: string) => text.replace(/\r\n?/g, '\n').split('\n');

function splitLink(text: string): { label: string; url: string; page: number | null } {
  const bar = text.lastIndexOf('|');
  if (bar === -1) return { label: text.trim(), url: '', page: null };
  const target = text.slice(bar + 1).trim();
  const page = PAGE_TARGET.exec(target);
  return {
    label: text.slice(0, bar).trim(),
    url: page ? '' : target,
    page: page ? Number(page[1]) : null,
  };
}

/** The outline's lines as entries, or the first line that is not one (with its line number). */
export function readOutline(
  text: string,
): { ok: true; entries: OutlineEntry[] } | { ok: false; problem: OutlineProblem } {
  const entries: OutlineEntry[] = [];
  let sawSection = false;
  let sawLink = false;
  for (const [index, raw] of linesOf(text).entries()) {
    const line = raw.trim();
    const at = index + 1;
    if (line === '') continue;
    if (line.startsWith('#')) {
      const match = /^#\s*([a-z-]+)\s*(?::\s*(.*))?$/.exec(line);
      if (!match || !(HEADER_SECTION_ROLES as readonly string[]).includes(match[1]!))
        return {
          ok: false,
          problem: {
            line: at,
            field: 'role',
            message: `a section starts with "# " and one of ${HEADER_SECTION_ROLES.join(', ')}, then ": " and its title.`,
          },
        };
      entries.push({ kind: 'section', line: at, role: match[1]!, title: (match[2] ?? '').trim() });
      sawSection = true;
      sawLink = false;
      continue;
    }
    const level = /^(-{1,2})\s*(.*)$/.exec(line);
    if (!level)
      return {
        ok: false,
        problem: {
          line: at,
          field: 'label',
          message: 'a link starts with "- " (or "-- " under the link above it), then its name, " | " and its address.',
        },
      };
    if (!sawSection)
      return {
        ok: false,
        problem: { line: at, field: 'label', message: 'a link must come after a section line ("# primary: Menu").' },
      };
    const link = splitLink(level[2]!);
    if (!link.label) return { ok: false, problem: { line: at, field: 'label', message: 'the link has no name.' } };
    if (level[1] === '--' && !sawLink)
      return {
        ok: false,
        problem: { line: at, field: 'label', message: 'a third-level link ("-- ") must come under a link ("- ").' },
      };
    if (level[1] === '-') sawLink = true;
    entries.push({ kind: level[1] === '-' ? 'link' : 'child', line: at, ...link });
  }
  return { ok: true, entries };
}

const targetOf = (link: { url?: string; page?: number }) =>
  link.page !== undefined ? ` | page:${link.page}` : link.url ? ` | ${link.url}` : '';

/** Stored header content as the outline (the form's value). */
export function menuOutlineOf(content: HeaderContent): string {
  const out: string[] = [];
  for (const section of content.sections) {
    out.push(`# ${section.role}: ${section.title}`.trimEnd());
    for (const link of section.links) {
      out.push(`- ${link.display_name}${targetOf(link)}`);
      for (const child of link.children ?? []) out.push(`-- ${child.display_name}${targetOf(child)}`);
    }
  }
  return out.join('\n');
}

/** The structured editor's model: sections holding links holding children. */
export type MenuLinkRow = { label: string; url: string; page: number | null; children: MenuLinkRow[]; line?: number };
export type MenuSectionRow = { role: string; title: string; links: MenuLinkRow[]; line?: number };

/** Entries as nested rows, each keeping the outline line it came from (server errors name that line). */
export function rowsOf(entries: readonly OutlineEntry[]): MenuSectionRow[] {
  const sections: MenuSectionRow[] = [];
  for (const entry of entries) {
    if (entry.kind === 'section') {
      sections.push({ role: entry.role, title: entry.title, links: [], line: entry.line });
      continue;
    }
    const row: MenuLinkRow = { label: entry.label, url: entry.url, page: entry.page, children: [], line: entry.line };
    const section = sections.at(-1);
    if (!section) continue;
    if (entry.kind === 'link') section.links.push(row);
    else section.links.at(-1)?.children.push(row);
  }
  return sections;
}

/** Rows back to the outline: one line per row, in order (what the form posts). */
export function outlineOfRows(sections: readonly MenuSectionRow[]): string {
  const target = (row: MenuLinkRow) => (row.page !== null ? ` | page:${row.page}` : row.url ? ` | ${row.url}` : '');
  const out: string[] = [];
  for (const section of sections) {
    out.push(`# ${section.role}: ${section.title}`.trimEnd());
    for (const link of section.links) {
      out.push(`- ${link.label}${target(link)}`);
      for (const child of link.children) out.push(`-- ${child.label}${target(child)}`);
    }
  }
  return out.join('\n');
}

/** "Line 4: the link's address …" -> the line and the message, for the editor to attach to its row. */
export function lineOfError(message: string): { line: number; message: string } | null {
  const match = /^Line (\d+): (.*)$/s.exec(message);
  return match ? { line: Number(match[1]), message: match[2]! } : null;
}
