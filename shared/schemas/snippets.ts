import * as z from 'zod';
import { SOCIAL_ICONS, type SocialIcon } from '../constants/social';
import {
  footerColumnSchema,
  headerContentSchema,
  socialIconSchema,
  type FooterContent,
  type HeaderContent,
} from './navigation';
import { menuOutlineOf, readOutline } from './menu-outline';

export { menuOutlineOf };

/**
 * The snippets' forms (/wagtail/snippets/...): every field arrives as posted text. The header
 * menus and footer columns are edited as an outline in a textarea, one line per entry, so the
 * forms work without JavaScript (docs/decisions/2026-11-24-snippets.md):
 *
 *   # primary: Menu            a section: its role and its title
 *   - Full Menu | /menu/       a link (second level)
 *   -- Fish | /menu/fish/      a link under the previous one (third level)
 */

const REQUIRED = 'This field is required.';
const SELECT = 'Select a valid choice.';
const siteId = z.coerce.number({ error: SELECT }).int(SELECT).min(1, SELECT).max(2_147_483_647, SELECT);
const languageCode = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(20, SELECT)
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, SELECT);

export const countryFormSchema = z
  .object({
    printable_name: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .max(80, 'Ensure this value has at most 80 characters.'),
    iso_code: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .transform((value) => value.toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{2}$/, 'Enter the two-letter ISO 3166 code, such as US or CA.')),
    language: languageCode,
    site: z.union([z.literal(''), siteId]),
    root_page: z.string().trim().max(2000, 'Ensure this value has at most 2000 characters.'),
  })
  .transform((data) => ({
    printableName: data.printable_name,
    isoCode: data.iso_code,
    languageCode: data.language,
    siteId: data.site === '' ? null : data.site,
    rootPage: data.root_page,
  }));
export type CountryInput = z.output<typeof countryFormSchema>;

const MAX_LINES = 400;

type LineIssue = { line: number; message: string };
const issueText = (issue: LineIssue) => `Line ${issue.line}: ${issue.message}`;

/** 'Name | url' (url optional when `urlOptional`). */
function splitLink(text: string): { display_name: string; url?: string } {
  const bar = text.lastIndexOf('|');
  if (bar === -1) return { display_name: text.trim() };
  const url = text.slice(bar + 1).trim();
  return { display_name: text.slice(0, bar).trim(), ...(url ? { url } : {}) };
}

const linesOf = (text: string) => text.replace(/\r\n?/g, '\n').split('\n');

/**
 * The header outline -> header content, or the first problem as "Line N: …" (the structured
 * editor attaches it to the row made from that line).
 */
export function parseMenuOutline(text: string): { ok: true; content: HeaderContent } | { ok: false; message: string } {
  if (linesOf(text).length > MAX_LINES) return { ok: false, message: `The menu has more than ${MAX_LINES} lines.` };
  const read = readOutline(text);
  if (!read.ok) return { ok: false, message: issueText(read.problem) };
  type RawLink = { display_name: string; url?: string; page?: number };
  const sections: Array<{ role: string; title: string; links: Array<RawLink & { children?: RawLink[] }> }> = [];
  // The outline line of each entry, by the same path the schema's issues carry.
  const lineAt = new Map<string, number>();
  for (const entry of read.entries) {
    if (entry.kind === 'section') {
      lineAt.set(`sections.${sections.length}`, entry.line);
      sections.push({ role: entry.role, title: entry.title, links: [] });
      continue;
    }
    const link: RawLink = {
      display_name: entry.label,
      ...(entry.url ? { url: entry.url } : {}),
      ...(entry.page !== null ? { page: entry.page } : {}),
    };
    const section = sections.at(-1)!;
    const s = sections.length - 1;
    if (entry.kind === 'link') {
      lineAt.set(`sections.${s}.links.${section.links.length}`, entry.line);
      section.links.push(link);
    } else {
      const parent = section.links.at(-1)!;
      const children = (parent.children ??= []);
      lineAt.set(`sections.${s}.links.${section.links.length - 1}.children.${children.length}`, entry.line);
      children.push(link);
    }
  }
  const parsed = headerContentSchema.safeParse({ sections });
  if (parsed.success) return { ok: true, content: parsed.data };
  const issue = parsed.error.issues[0]!;
  const path = issue.path.map(String);
  // The deepest entry the issue is inside gives the line; the last key names the part.
  for (let length = path.length; length > 0; length -= 1) {
    const line = lineAt.get(path.slice(0, length).join('.'));
    if (line === undefined) continue;
    const key = path[length];
    const part =
      key === 'url' ? 'the address ' : key === 'display_name' ? 'the name ' : key === 'title' ? 'the title ' : '';
    const message =
      key === 'links' || key === 'children'
        ? `too many links here (${issue.message.toLowerCase()}).`
        : `${part}${issue.message}`.trim();
    return { ok: false, message: issueText({ line, message }) };
  }
  return { ok: false, message: describeIssue(parsed.error, [], 'sections') };
}

/** A schema issue as a sentence naming the entry (a section or a link by its position). */
function describeIssue(error: z.ZodError, _lines: string[], root: string): string {
  const issue = error.issues[0]!;
  const path = issue.path.map(String);
  const where: string[] = [];
  for (let i = 0; i < path.length; i += 1) {
    const key = path[i]!;
    const next = path[i + 1];
    if (next !== undefined && /^\d+$/.test(next)) {
      const label =
        key === root
          ? root === 'sections'
            ? 'section'
            : 'column'
          : key === 'links'
            ? 'link'
            : key === 'children'
              ? 'sub-link'
              : key.replace(/_/g, ' ');
      where.push(`${label} ${Number(next) + 1}`);
      i += 1;
    } else if (key === 'url') where.push('address');
    else if (key === 'display_name' || key === 'title') where.push('name');
  }
  return `${where.length ? `${where.join(', ')}: ` : ''}${issue.message}`;
}

/** Footer columns: '# Title' (add ' [collapsible]' to fold it on phones), then '- Name | url'. */
export function parseColumnsOutline(
  text: string,
): { ok: true; columns: FooterContent['columns'] } | { ok: false; message: string } {
  const lines = linesOf(text);
  if (lines.length > MAX_LINES) return { ok: false, message: `The columns have more than ${MAX_LINES} lines.` };
  const columns: Array<{
    title: string;
    is_collapsable: boolean;
    links: Array<{ display_name: string; url?: string }>;
  }> = [];
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    const at = index + 1;
    if (line === '') continue;
    if (line.startsWith('#')) {
      const title = line.replace(/^#\s*/, '');
      const collapsible = /\s*\[collapsible\]$/i.test(title);
      columns.push({ title: title.replace(/\s*\[collapsible\]$/i, '').trim(), is_collapsable: collapsible, links: [] });
      continue;
    }
    const link = /^-\s*(.*)$/.exec(line);
    if (!link)
      return {
        ok: false,
        message: issueText({
          line: at,
          message: 'a column starts with "# " and its title; a link with "- ", its name, " | " and its address.',
        }),
      };
    const column = columns.at(-1);
    if (!column)
      return {
        ok: false,
        message: issueText({ line: at, message: 'a link must come after a column line ("# About Us").' }),
      };
    const parsedLink = splitLink(link[1]!);
    if (!parsedLink.url)
      return { ok: false, message: issueText({ line: at, message: 'a footer link needs an address after " | ".' }) };
    column.links.push(parsedLink);
  }
  const parsed = z.array(footerColumnSchema).max(8, 'The footer has at most 8 columns.').safeParse(columns);
  if (!parsed.success) return { ok: false, message: describeIssue(parsed.error, lines, '') };
  return { ok: true, columns: parsed.data };
}

export function columnsOutlineOf(columns: FooterContent['columns']): string {
  const out: string[] = [];
  for (const column of columns) {
    out.push(`# ${column.title}${column.is_collapsable ? ' [collapsible]' : ''}`);
    for (const link of column.links) out.push(`- ${link.display_name} | ${link.url}`);
  }
  return out.join('\n');
}

/** Social icons: one 'network | address' a line. */
export function parseSocialLines(
  text: string,
): { ok: true; icons: FooterContent['social_icons'] } | { ok: false; message: string } {
  const icons: Array<{ icon: SocialIcon; link: string }> = [];
  for (const [index, raw] of linesOf(text).entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const [name = '', link = ''] = line.split('|').map((part) => part.trim());
    const icon = SOCIAL_ICONS.find((n) => n === name.toLowerCase());
    if (!icon)
      return {
        ok: false,
        message: issueText({ line: index + 1, message: `the network must be one of ${SOCIAL_ICONS.join(', ')}.` }),
      };
    const parsed = socialIconSchema.safeParse({ icon, link });
    if (!parsed.success)
      return {
        ok: false,
        message: issueText({ line: index + 1, message: 'enter the profile’s address after " | " (https://…).' }),
      };
    if (icons.some((i) => i.icon === icon))
      return { ok: false, message: issueText({ line: index + 1, message: `${name} is listed twice.` }) };
    icons.push(parsed.data);
  }
  return { ok: true, icons };
}

export const socialLinesOf = (icons: FooterContent['social_icons']) =>
  icons.map((i) => `${i.icon} | ${i.link}`).join('\n');

const outline = (max: number) => z.string().max(max, `Ensure this value has at most ${max} characters.`);

export const navigationFormSchema = z
  .object({ site: siteId, language: languageCode, menu: outline(40_000) })
  .transform((data, ctx) => {
    const menu = parseMenuOutline(data.menu);
    if (!menu.ok) {
      ctx.addIssue({ code: 'custom', path: ['menu'], message: menu.message });
      return z.NEVER;
    }
    return { siteId: data.site, languageCode: data.language, content: menu.content };
  });
export type NavigationInput = z.output<typeof navigationFormSchema>;

export const footerFormSchema = z
  .object({
    site: siteId,
    language: languageCode,
    columns: outline(40_000),
    social_icons: outline(5000),
    legal_text: z.string().trim().max(2000, 'Ensure this value has at most 2000 characters.'),
    use_twitter_bird: z.preprocess((value) => value === 'on', z.boolean()),
  })
  .transform((data, ctx) => {
    const columns = parseColumnsOutline(data.columns);
    if (!columns.ok) ctx.addIssue({ code: 'custom', path: ['columns'], message: columns.message });
    const social = parseSocialLines(data.social_icons);
    if (!social.ok) ctx.addIssue({ code: 'custom', path: ['social_icons'], message: social.message });
    if (!columns.ok || !social.ok) return z.NEVER;
    return {
      siteId: data.site,
      languageCode: data.language,
      content: {
        columns: columns.columns,
        social_icons: social.icons,
        legal_text: data.legal_text.replace(/\r\n?/g, '\n'),
        use_twitter_bird: data.use_twitter_bird,
      },
    };
  });
export type FooterInput = z.output<typeof footerFormSchema>;

/** The footer as stored: everything but the regions, which come from the country snippets. */
export type StoredFooter = Omit<FooterContent, 'regions'>;

/**
 * A toolbox: its name and its blocks as JSON (the block editor's stored shape, [{type, id, value}]).
 * Each block's own schema is checked on the server (it knows every block type).
 */
export const toolboxFormSchema = z
  .object({
    name: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .max(120, 'Ensure this value has at most 120 characters.'),
    blocks: z.string().max(500_000, 'The blocks are too large (at most 500,000 characters).'),
  })
  .transform((data, ctx) => {
    let blocks: unknown = [];
    if (data.blocks.trim() !== '') {
      try {
        blocks = JSON.parse(data.blocks);
      } catch {
        ctx.addIssue({
          code: 'custom',
          path: ['blocks'],
          message: 'The blocks are not valid JSON: a list such as [{"type": "heading", "id": "a1", "value": {…}}].',
        });
        return z.NEVER;
      }
    }
    if (!Array.isArray(blocks)) {
      ctx.addIssue({ code: 'custom', path: ['blocks'], message: 'The blocks must be a list ([…]).' });
      return z.NEVER;
    }
    return { name: data.name, blocks: blocks as unknown[] };
  });
export type ToolboxInput = z.output<typeof toolboxFormSchema>;

/** The snippet chooser's listing query (GET /wagtail/api/main/snippets/core/toolbox/). */
export const SNIPPET_CHOOSER_PAGE_SIZE = 20;
export const snippetChooserQuerySchema = z.object({
  search: z.string().trim().max(200).default(''),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
