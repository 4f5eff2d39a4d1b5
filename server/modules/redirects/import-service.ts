import { randomBytes } from 'node:crypto';
import { inTransaction, type Db } from '../../db';
import { checkOldPath, lookupKeys, normalisePath, redirectKey } from '../../../shared/redirects/normalise';
import { normaliseRedirectLink } from '../../../shared/schemas/redirects';
import { logModelAction } from '../audit/model-log';
import { loadSiteTree, splitLocalePrefix, urlPathFor, type SiteTree } from '../pages/site-tree';
import { listSites } from '../sites/repo';
import type { Site } from '../sites/table';
import { ImportFileError, readImportFile } from './import-file';
import * as repo from './repo';
import { internalPathOf, REDIRECT_MODEL, importExpired } from './service';

/**
 * Redirect import (Wagtail's redirects import, with a preview): the file is read and every row
 * checked against the database and the rows above it; the preview is kept in `redirect_imports`
 * under a random token and nothing is written until the user confirms. Confirming checks every
 * row again (someone may have added a redirect meanwhile) and writes the accepted ones in one
 * transaction.
 */
export type ImportOptions = { siteId: number | null; isPermanent: boolean };

export type ImportRow = {
  line: number;
  from: string;
  to: string;
  status: 'accepted' | 'rejected';
  reason: string;
  redirect?: {
    oldPath: string;
    siteId: number | null;
    pageId: number | null;
    link: string | null;
    targetPath: string | null;
    isPermanent: boolean;
    matchQueryString: boolean;
  };
};

export type ImportPreview = { token: string; fileName: string; rows: ImportRow[]; accepted: number; rejected: number };

const PREVIEW_LIFETIME_MINUTES = 60;
const FROM = ['from', 'old path', 'old_path', 'oldpath', 'source', 'redirect from'];
const TO = ['to', 'new path', 'new_path', 'target', 'destination', 'redirect to', 'redirect_to', 'link'];
const TYPE = ['type', 'status', 'permanent', 'is_permanent'];
const SITE = ['site', 'hostname', 'host'];
const columnOf = (headers: string[], names: string[]) =>
  headers.findIndex((h) => names.includes(h.trim().toLowerCase().replace(/\s+/g, ' ')));

function typeOf(cell: string, fallback: boolean): boolean | undefined {
  const value = cell.trim().toLowerCase();
  if (value === '') return fallback;
  if (['301', 'permanent', 'yes', 'true', '1'].includes(value)) return true;
  if (['302', 'temporary', 'no', 'false', '0'].includes(value)) return false;
  return undefined;
}

/** What the rows are checked against: every redirect and live page path, loaded once. */
async function loadContext(db: Db) {
  const sites = await listSites(db);
  const trees = new Map<number, SiteTree>();
  for (const site of sites) {
    try {
      trees.set(site.id, await loadSiteTree(db, site));
    } catch {
      // A site whose root page is gone serves no page.
    }
  }
  const existing = await repo.listKeys(db);
  const livePages = new Map((await repo.listLivePagePaths(db)).map((p) => [p.url_path, p.id] as const));
  return { sites, trees, existing, livePages };
}

type Context = Awaited<ReturnType<typeof loadContext>>;

const overlaps = (a: number | null, b: number | null) => a === null || b === null || a === b;

/** Checks every row of the file; the earlier rows count as existing for the later ones. */
function checkRows(
  table: { headers: string[]; rows: Array<{ line: number; cells: string[] }> },
  options: ImportOptions,
  context: Context,
): ImportRow[] {
  const fromColumn = columnOf(table.headers, FROM);
  const toColumn = columnOf(table.headers, TO);
  const typeColumn = columnOf(table.headers, TYPE);
  const siteColumn = columnOf(table.headers, SITE);
  const keys = context.existing.map((r) => ({
    key: r.old_path,
    siteId: r.site_id,
    targetPath: r.target_path,
    line: null as number | null,
  }));
  const pageIds = new Set(context.livePages.values());
  const defaultTree = [...context.trees.values()].find((t) => t.site.is_default_site) ?? [...context.trees.values()][0];

  return table.rows.map(({ line, cells }): ImportRow => {
    const from = cells[fromColumn] ?? '';
    const to = cells[toColumn] ?? '';
    const reject = (reason: string): ImportRow => ({ line, from, to, status: 'rejected', reason });
    let siteId = options.siteId;
    const siteCell = siteColumn >= 0 ? (cells[siteColumn] ?? '').trim().toLowerCase() : '';
    if (siteCell && siteCell !== 'all' && siteCell !== '*') {
      const site = context.sites.find((s: Site) => s.hostname === siteCell || String(s.id) === siteCell);
      if (!site) return reject(`Unknown site: ${siteCell}.`);
      siteId = site.id;
    } else if (siteCell === 'all' || siteCell === '*') siteId = null;
    const isPermanent = typeColumn >= 0 ? typeOf(cells[typeColumn] ?? '', options.isPermanent) : options.isPermanent;
    if (isPermanent === undefined) return reject('Bad type: use 301, 302, permanent or temporary.');

    // The form's rules, row by row: checkOldPath and normaliseRedirectLink are what the form uses.
    const normalised = checkOldPath(from);
    if ('error' in normalised) return reject(`Bad path: ${normalised.error}`);
    const matchQueryString = normalised.query !== '';
    const oldPath = redirectKey(normalised, matchQueryString);
    const ownPath = normalised.path;
    if (to.trim() === '') return reject('Target missing: the "to" cell is empty.');

    const same = keys.find((k) => k.key === oldPath && (k.siteId ?? 0) === (siteId ?? 0));
    if (same)
      return reject(
        same.line === null ? `Duplicate: a redirect from ${oldPath} already exists.` : `Duplicate of row ${same.line}.`,
      );

    let pageId: number | null = null;
    let link: string | null = null;
    let targetPath: string | null = null;
    if (/^\d{1,10}$/.test(to.trim())) {
      if (!pageIds.has(Number(to.trim()))) return reject(`Target missing: there is no live page with id ${to.trim()}.`);
      pageId = Number(to.trim());
    } else {
      const checked = normaliseRedirectLink(to.trim());
      if ('error' in checked) return reject(`Bad target: ${checked.error}`);
      targetPath = internalPathOf(checked.link, context.sites);
      if (targetPath === null && checked.link.startsWith('/'))
        return reject('Bad target: enter a path on this site, such as /menu/.');
      if (targetPath === null) link = checked.link;
      else {
        const targetKeys = lookupKeys(normalisePath(targetPath) as { path: string; query: string });
        if (targetKeys.includes(oldPath) || targetKeys.includes(ownPath))
          return reject('Loop: the target is the old path itself.');
        const onward = keys.find((k) => targetKeys.includes(k.key) && overlaps(k.siteId, siteId));
        if (onward)
          return reject(
            `Loop or chain: ${onward.key} already redirects${onward.line ? ` (row ${onward.line})` : ''}; point at its final address.`,
          );
        const tree = (siteId === null ? defaultTree : context.trees.get(siteId)) ?? defaultTree;
        const { root, rest } = tree
          ? splitLocalePrefix(tree, targetPath.split('?')[0]!)
          : { root: undefined, rest: '' };
        const page = root ? context.livePages.get(urlPathFor(root, rest)) : undefined;
        if (page === undefined) return reject(`Target missing: no live page answers ${targetPath}.`);
        pageId = page;
        targetPath = null;
      }
    }
    const incoming = keys.find((k) => k.targetPath === ownPath && overlaps(k.siteId, siteId));
    if (incoming)
      return reject(
        `Chain: ${incoming.key} already redirects to this path${incoming.line ? ` (row ${incoming.line})` : ''}.`,
      );
    keys.push({ key: oldPath, siteId, targetPath, line });
    return {
      line,
      from,
      to,
      status: 'accepted',
      reason: '',
      redirect: { oldPath, siteId, pageId, link, targetPath, isPermanent, matchQueryString },
    };
  });
}

/** Reads and checks a file, keeps the preview under a new token; writes no redirect. */
export async function previewImport(
  db: Db,
  userId: number,
  file: { name: string; bytes: Buffer },
  options: ImportOptions,
): Promise<ImportPreview> {
  const table = await readImportFile(file.name, file.bytes);
  if (columnOf(table.headers, FROM) < 0 || columnOf(table.headers, TO) < 0) {
    throw new ImportFileError(
      'The first row must name the columns: "from" and "to" (and optionally "type" and "site").',
    );
  }
  const rows = checkRows(table, options, await loadContext(db));
  const token = randomBytes(24).toString('base64url');
  await repo.deleteStaleImports(db, PREVIEW_LIFETIME_MINUTES);
  await repo.insertImport(db, { token, user_id: userId, file_name: file.name.slice(0, 200), rows: { rows, options } });
  return summarise(token, file.name, rows);
}

function summarise(token: string, fileName: string, rows: ImportRow[]): ImportPreview {
  const accepted = rows.filter((r) => r.status === 'accepted').length;
  return { token, fileName, rows, accepted, rejected: rows.length - accepted };
}

type Stored = { rows: ImportRow[]; options: ImportOptions };

export async function getPreview(db: Db, userId: number, token: string): Promise<ImportPreview> {
  const stored = await repo.findImport(db, token, userId);
  if (!stored) throw importExpired();
  return summarise(token, stored.file_name, (stored.rows as Stored).rows);
}

/**
 * Writes the accepted rows of a preview. Every row is checked again first; rows that are no
 * longer valid are skipped and counted. Returns how many were written and skipped.
 */
export async function confirmImport(
  db: Db,
  userId: number,
  token: string,
): Promise<{ created: number; skipped: number; fileName: string }> {
  return inTransaction(db, async (trx) => {
    const stored = await repo.findImport(trx, token, userId);
    if (!stored) throw importExpired();
    const { rows, options } = stored.rows as Stored;
    const accepted = rows.filter((row) => row.status === 'accepted');
    const table = {
      headers: ['from', 'to', 'type', 'site'],
      rows: accepted.map((row) => ({
        line: row.line,
        cells: [
          row.from,
          row.to,
          row.redirect!.isPermanent ? '301' : '302',
          row.redirect!.siteId === null ? 'all' : String(row.redirect!.siteId),
        ],
      })),
    };
    const again = checkRows(table, options, await loadContext(trx));
    let created = 0;
    for (const row of again) {
      if (row.status !== 'accepted' || !row.redirect) continue;
      const r = row.redirect;
      const inserted = await repo.insertRedirectRow(trx, {
        old_path: r.oldPath,
        site_id: r.siteId,
        redirect_page_id: r.pageId,
        redirect_link: r.link,
        target_path: r.targetPath,
        is_permanent: r.isPermanent,
        match_query_string: r.matchQueryString,
      });
      await logModelAction(trx, {
        model: REDIRECT_MODEL,
        objectId: inserted.id,
        objectStr: inserted.old_path,
        userId,
        action: 'create',
        data: { source: 'import', file: stored.file_name },
      });
      created++;
    }
    await repo.deleteImport(trx, token);
    return { created, skipped: accepted.length - created, fileName: stored.file_name };
  });
}
