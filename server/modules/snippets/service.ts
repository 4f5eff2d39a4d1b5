import type { Db } from '../../db';
import { badRequest } from '../../errors';
import { eventBusFor } from '../../events';
import type { ListQuery } from '../../listing/list-query';
import { resolvePageTarget } from '../redirects/service';
import { listLocales, listSites } from '../sites/repo';
import type {
  CountryInput,
  FooterInput,
  NavigationInput,
  StoredFooter,
  ToolboxInput,
} from '../../../shared/schemas/snippets';
import * as z from 'zod';
import { blockBodySchema } from '../../../shared/schemas/block-body';
import { contentForSave } from '../pages/content';
import type { PageTypeDefinition } from '../pages/page-type';
import { checkHeaderPages } from './page-links';
import * as repo from './repo';

export type { ChromeListing, ChromeTable, CountryListing } from './repo';

/** Every dyno drops its snippets cache (header, footer, countries, toolboxes) when one publishes. */
export const SNIPPETS_CHANNEL = 'snippets_changed';

/** A toolbox's blocks are checked as a one-field page content would be. */
const TOOLBOX_PAGE_TYPE = {
  type: 'Toolbox',
  label: 'Toolbox',
  contentSchema: z.object({ blocks: blockBodySchema }),
  streamFields: ['blocks'],
  parentTypes: [],
} as unknown as PageTypeDefinition;

export const COUNTRY_MODEL = 'core.country';
export const NAVIGATION_MODEL = 'core.tierednavigation';
export const FOOTER_MODEL = 'core.footer';
export const TOOLBOX_MODEL = 'core.toolbox';

type Invalidator = () => void;
const localCaches = new Set<Invalidator>();

/** A cache of this process that holds snippets registers here; `snippetsChanged` clears them all. */
export function onSnippetsChanged(invalidate: Invalidator): () => void {
  localCaches.add(invalidate);
  return () => void localCaches.delete(invalidate);
}

/**
 * After a committed change of any snippet: this process's caches drop at once (the next request
 * sees the change) and every other dyno hears it on the event bus.
 */
export async function snippetsChanged(db: Db): Promise<void> {
  for (const invalidate of localCaches) invalidate();
  let bus;
  try {
    bus = eventBusFor(db);
  } catch {
    // A transaction or a handle without a bus (the seed, before any app listens): local only.
    return;
  }
  await bus.publish(SNIPPETS_CHANNEL, '');
}

/**
 * Inside a page's transaction (a move or a publish changes the addresses of header page links):
 * every process, this one included, drops its snippets caches when the transaction commits.
 */
export async function snippetsChangedOnCommit(trx: Db): Promise<void> {
  await repo.notifyOnCommit(trx, SNIPPETS_CHANNEL);
}

async function checkLanguage(db: Db, languageCode: string, field = 'language'): Promise<void> {
  const locales = await listLocales(db);
  if (!locales.some((l) => l.language_code === languageCode))
    throw badRequest('Select a valid choice.', { [field]: ['Select a valid choice.'] });
}

async function checkSite(db: Db, siteId: number | null): Promise<void> {
  if (siteId === null) return;
  const sites = await listSites(db);
  if (!sites.some((s) => s.id === siteId))
    throw badRequest('Select a valid choice.', { site: ['Select a valid choice.'] });
}

// Countries

export const listCountries = (db: Db, query: ListQuery) => repo.listCountries(db, query);
export const findCountry = (db: Db, id: number, options: { lock?: boolean } = {}) => repo.findCountry(db, id, options);

async function countryValues(db: Db, input: CountryInput, selfId: number | null): Promise<repo.CountryValues> {
  await checkLanguage(db, input.languageCode);
  await checkSite(db, input.siteId);
  const taken = await repo.findCountryByKey(db, input.isoCode, input.languageCode);
  if (taken && taken.id !== selfId) {
    const message = `${input.isoCode} already has a name in ${input.languageCode} (“${taken.printable_name}”): edit that one.`;
    throw badRequest(message, { iso_code: [message] });
  }
  let rootPageId: number | null = null;
  if (input.rootPage !== '') {
    const target = await resolvePageTarget(db, input.rootPage, input.siteId, await listSites(db));
    if ('error' in target) throw badRequest(target.error, { root_page: [target.error] });
    rootPageId = target.pageId;
  }
  return {
    iso_code: input.isoCode,
    language_code: input.languageCode,
    printable_name: input.printableName,
    site_id: input.siteId,
    root_page_id: rootPageId,
  };
}

export async function createCountry(db: Db, input: CountryInput): Promise<repo.CountryListing> {
  const row = await repo.insertCountry(db, await countryValues(db, input, null));
  return (await repo.findCountry(db, row.id))!;
}

export async function updateCountry(
  db: Db,
  row: repo.CountryListing,
  input: CountryInput,
): Promise<repo.CountryListing> {
  await repo.updateCountry(db, row.id, await countryValues(db, input, row.id));
  return (await repo.findCountry(db, row.id))!;
}

export const deleteCountries = (db: Db, rows: Array<{ id: number }>) =>
  repo.deleteCountries(
    db,
    rows.map((r) => r.id),
  );

// Header menus (tiered navigation) and footers: one published row per site and language.

export const listChrome = (table: repo.ChromeTable) => (db: Db, query: ListQuery) => repo.listChrome(db, table, query);
export const findChrome =
  (table: repo.ChromeTable) =>
  (db: Db, id: number, options: { lock?: boolean } = {}) =>
    repo.findChrome(db, table, id, options);

/** The header menu or footer of a site in one language, if it has one. */
export const findChromeFor = (table: repo.ChromeTable) => (db: Db, siteId: number, languageCode: string) =>
  repo.findChromeBySite(db, table, siteId, languageCode);

async function checkChromeKey(
  db: Db,
  table: repo.ChromeTable,
  input: { siteId: number; languageCode: string },
  selfId: number | null,
): Promise<void> {
  await checkLanguage(db, input.languageCode);
  await checkSite(db, input.siteId);
  // A header menu's page links must point at pages that exist.
  if (table === 'snippet_navigation') await checkHeaderPages(db, (input as NavigationInput).content);
  const taken = await repo.findChromeBySite(db, table, input.siteId, input.languageCode);
  if (taken && taken.id !== selfId) {
    const what = table === 'snippet_navigation' ? 'header menu' : 'footer';
    const message = `This site already has a ${what} in ${input.languageCode}: edit that one.`;
    throw badRequest(message, { language: [message] });
  }
}

type ChromeInput = NavigationInput | FooterInput;

export const createChrome =
  (table: repo.ChromeTable) =>
  async (db: Db, input: ChromeInput): Promise<repo.ChromeListing> => {
    await checkChromeKey(db, table, input, null);
    const row = await repo.insertChrome(db, table, {
      site_id: input.siteId,
      language_code: input.languageCode,
      content: input.content,
    });
    return (await repo.findChrome(db, table, row.id))!;
  };

/** Publishes the input onto the live row (the viewset's publish hook). */
export const publishChrome =
  (table: repo.ChromeTable) =>
  async (db: Db, row: { id: number }, input: ChromeInput): Promise<repo.ChromeListing> => {
    await checkChromeKey(db, table, input, row.id);
    await repo.updateChrome(db, table, row.id, {
      site_id: input.siteId,
      language_code: input.languageCode,
      content: input.content,
    });
    return (await repo.findChrome(db, table, row.id))!;
  };

export const touchChrome =
  (table: repo.ChromeTable) =>
  async (db: Db, row: { id: number }): Promise<repo.ChromeListing> => {
    await repo.touchChrome(db, table, row.id);
    return (await repo.findChrome(db, table, row.id))!;
  };

export const deleteChrome = (table: repo.ChromeTable) => (db: Db, rows: Array<{ id: number }>) =>
  repo.deleteChrome(
    db,
    table,
    rows.map((r) => r.id),
  );

/** Saves published header and footer content without a user (the seed). */
export async function initialiseChrome(
  db: Db,
  siteId: number,
  languageCode: string,
  content: { header: NavigationInput['content'] | null; footer: StoredFooter | null },
): Promise<void> {
  if (content.header)
    await repo.upsertChrome(db, 'snippet_navigation', {
      site_id: siteId,
      language_code: languageCode,
      content: content.header,
    });
  if (content.footer)
    await repo.upsertChrome(db, 'snippet_footers', {
      site_id: siteId,
      language_code: languageCode,
      content: content.footer,
    });
}

/** Country rows without a user (the seed). */
export async function initialiseCountry(db: Db, values: repo.CountryValues): Promise<void> {
  const existing = await repo.findCountryByKey(db, values.iso_code, values.language_code);
  if (existing) await repo.updateCountry(db, existing.id, values);
  else await repo.insertCountry(db, values);
}

export const allCountries = (db: Db) => repo.allCountries(db);
export const allChrome = (db: Db, table: repo.ChromeTable) => repo.allChrome(db, table);

export async function languageCodes(db: Db): Promise<string[]> {
  return (await listLocales(db)).map((l) => l.language_code);
}

/** How many of each snippet there are, by permission key (the snippets index). */
export async function countSnippets(db: Db): Promise<Record<string, number>> {
  const counts = await repo.countSnippets(db);
  return {
    [COUNTRY_MODEL]: counts.countries,
    [NAVIGATION_MODEL]: counts.navigation,
    [FOOTER_MODEL]: counts.footers,
    [TOOLBOX_MODEL]: counts.toolboxes,
  };
}

// Toolboxes

export const listToolboxes = (db: Db, query: ListQuery) => repo.listToolboxes(db, query);
export const findToolbox = (db: Db, id: number, options: { lock?: boolean } = {}) => repo.findToolbox(db, id, options);
export const findToolboxes = (db: Db, ids: number[]) => repo.findToolboxes(db, ids);

/** The blocks, each checked against its block type's schema (a toolbox never includes a toolbox). */
async function toolboxValues(
  db: Db,
  input: ToolboxInput,
  selfId: number | null,
): Promise<{ name: string; blocks: unknown }> {
  const taken = await repo.findToolboxByName(db, input.name);
  if (taken && taken.id !== selfId)
    throw badRequest(`A toolbox named “${taken.name}” already exists.`, {
      name: [`A toolbox named “${taken.name}” already exists.`],
    });
  const checked = contentForSave(TOOLBOX_PAGE_TYPE, { blocks: input.blocks });
  if (!checked.ok) {
    const [path, messages] = Object.entries(checked.errors)[0]!;
    const where = path
      .replace(/^blocks\.(\d+)/, (_m, index: string) => `Block ${Number(index) + 1}`)
      .replace(/\.value\./, ': ')
      .replace(/\./g, ' › ');
    const message = `${where}: ${messages[0]}`;
    throw badRequest(message, { blocks: [message] });
  }
  const blocks = (checked.content.blocks ?? []) as Array<{ type: string }>;
  const nested = blocks.findIndex((block) => block.type === 'toolbox');
  if (nested !== -1)
    throw badRequest(`Block ${nested + 1}: a toolbox cannot include another toolbox.`, {
      blocks: [`Block ${nested + 1}: a toolbox cannot include another toolbox.`],
    });
  return { name: input.name, blocks };
}

export async function createToolbox(db: Db, input: ToolboxInput) {
  return repo.insertToolbox(db, await toolboxValues(db, input, null));
}

export async function updateToolbox(db: Db, row: { id: number }, input: ToolboxInput) {
  await repo.updateToolbox(db, row.id, await toolboxValues(db, input, row.id));
  return (await repo.findToolbox(db, row.id))!;
}

export const deleteToolboxes = (db: Db, rows: Array<{ id: number }>) =>
  repo.deleteToolboxes(
    db,
    rows.map((r) => r.id),
  );

/** The chooser's listing: toolboxes by name, searched. */
export async function chooseToolboxes(db: Db, search: string, offset: number, limit: number) {
  return repo.listToolboxes(db, { q: search, filters: {}, order: { column: 'name', desc: false }, limit, offset });
}

/** A toolbox without a user (the seed). */
export async function initialiseToolbox(db: Db, name: string, blocks: unknown[]) {
  return (await repo.findToolboxByName(db, name)) ?? repo.insertToolbox(db, { name, blocks });
}
