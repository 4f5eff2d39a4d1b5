import type { Db } from '../../db';
import { notFound } from '../../errors';
import { loadSiteTree, type LocaleRoot, type SiteTree } from '../pages/site-tree';
import type { UserModelPermissions } from '../permissions/model-policy';
import { pagePermissions, type PermissionUser } from '../permissions/policy';
import { listLocales, listSites } from '../sites/repo';
import type { Locale } from '../sites/table';
import { findChrome, type ChromeListing, type ChromeTable } from '../snippets/service';
import { SNIPPET_MODELS, type SnippetModel } from './snippet-segments';

/**
 * What the snippet translation services share: the model's table and words, the site's tree, and
 * who may translate. A snippet is translated by whoever may work on the model, or by whoever may
 * do the same to pages in the target language on the snippet's site (its home page there): the
 * Translators group, granted the Canada site's French tree, translates its menus and footers too.
 */
export const SNIPPET_TABLES: Record<SnippetModel, ChromeTable> = {
  'core.tierednavigation': 'snippet_navigation',
  'core.footer': 'snippet_footers',
};

export const SNIPPET_NAMES: Record<SnippetModel, string> = {
  'core.tierednavigation': 'header menu',
  'core.footer': 'footer',
};

/** The model of `/snippets/{app}/{model}/`, or 404 for a snippet without languages (countries have no segments). */
export function snippetModelOf(app: string, model: string): SnippetModel {
  const key = `${app}.${model}`;
  const found = SNIPPET_MODELS.find((m) => m === key);
  if (!found) throw notFound('That snippet cannot be translated.');
  return found;
}

/** The viewset's words for a row: "Header menu of Harborline Seafood Canada (fr-CA)". */
export function snippetTitle(model: SnippetModel, row: ChromeListing): string {
  const name = SNIPPET_NAMES[model];
  return `${name[0]!.toUpperCase()}${name.slice(1)} of ${row.site_name || row.site_hostname} (${row.language_code})`;
}

export async function snippetRow(db: Db, model: SnippetModel, id: number, lock = false): Promise<ChromeListing> {
  const row = await findChrome(SNIPPET_TABLES[model])(db, id, { lock });
  if (!row) throw notFound(`The ${SNIPPET_NAMES[model]} does not exist.`);
  return row;
}

export async function siteTreeOf(db: Db, siteId: number): Promise<SiteTree | undefined> {
  const site = (await listSites(db)).find((s) => s.id === siteId);
  if (!site) return undefined;
  try {
    return await loadSiteTree(db, site);
  } catch {
    return undefined; // a site whose root page is gone serves no language
  }
}

export function rootIn(tree: SiteTree | undefined, languageCode: string): LocaleRoot | undefined {
  return tree?.roots.find((root) => root.languageCode === languageCode);
}

export async function localeByCode(db: Db, code: string): Promise<Locale | undefined> {
  return (await listLocales(db)).find((locale) => locale.language_code === code);
}

export type SnippetTranslator = { user: PermissionUser; models: UserModelPermissions };

export type SnippetTranslateAction = 'add' | 'change' | 'publish';

/** Whether the user may `action` a translation of the model into the site's language. */
export async function maySnippetTranslate(
  db: Db,
  who: SnippetTranslator,
  model: SnippetModel,
  siteId: number,
  languageCode: string,
  action: SnippetTranslateAction,
): Promise<boolean> {
  if (who.models.can(model, action)) return true;
  const root = rootIn(await siteTreeOf(db, siteId), languageCode);
  if (!root) return false;
  return (await pagePermissions(db, who.user)).can(action, root.page);
}
