import type { Db } from '../../db';
import { eventBusFor } from '../../events';
import { siteOrigin } from '../../http/host';
import type { Logger } from '../../logger';
import {
  footerContentSchema,
  headerContentSchema,
  type FooterContent,
  type HeaderContent,
  type Region,
} from '../../../shared/schemas/navigation';
import { loadSiteTree, publicPath, type SiteTree } from '../pages/site-tree';
import { listSites } from '../sites/repo';
import { withPageAddresses } from './page-links';
import { allChrome, allCountries, onSnippetsChanged, SNIPPETS_CHANNEL } from './service';

type CountryEntry = { id: number; iso: string; languageCode: string; name: string; url: string | null };
type Snapshot = {
  headers: Map<string, HeaderContent>;
  footers: Map<string, Omit<FooterContent, 'regions'>>;
  countries: CountryEntry[];
};

const keyOf = (siteId: number, languageCode: string) => `${siteId} ${languageCode}`;

/**
 * The published header menus, footers and countries of every site, held in this process (a few
 * rows per site) and dropped when any dyno publishes a snippet: `snippetsChanged` clears this
 * process's caches at once and tells the others over the event bus (SNIPPETS_CHANNEL). A load that
 * raced with a change is not kept (the generation moved on).
 */
export class SnippetsCache {
  private loading: Promise<Snapshot> | undefined;
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly logger?: Logger,
  ) {}

  invalidate(): void {
    this.generation += 1;
    this.loading = undefined;
  }

  private load(): Promise<Snapshot> {
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = this.read().catch((error: unknown) => {
      if (this.loading === loading) this.loading = undefined;
      throw error;
    });
    this.loading = loading;
    void loading.then(
      () => {
        if (this.generation !== generation && this.loading === loading) this.loading = undefined;
      },
      () => undefined,
    );
    return loading;
  }

  private async read(): Promise<Snapshot> {
    const [navigation, footers, countries, sites] = await Promise.all([
      allChrome(this.db, 'snippet_navigation'),
      allChrome(this.db, 'snippet_footers'),
      allCountries(this.db),
      listSites(this.db),
    ]);
    const trees = new Map<number, SiteTree>();
    for (const site of sites) trees.set(site.id, await loadSiteTree(this.db, site));
    const valid: Array<{ key: string; content: HeaderContent; tree: SiteTree | undefined }> = [];
    for (const row of navigation) {
      const parsed = headerContentSchema.safeParse(row.content);
      if (parsed.success)
        valid.push({ key: keyOf(row.site_id, row.language_code), content: parsed.data, tree: trees.get(row.site_id) });
      else
        this.logger?.warn({ siteId: row.site_id, issues: parsed.error.issues }, 'stored header menu fails its schema');
    }
    // Page links get their page's current address (a page moved since the menu was saved).
    const resolved = await withPageAddresses(this.db, valid, [...trees.values()]);
    const headers = new Map(valid.map((header, index) => [header.key, resolved[index]!]));
    const footerMap = new Map<string, Omit<FooterContent, 'regions'>>();
    for (const row of footers) {
      const parsed = footerContentSchema.safeParse(row.content);
      if (parsed.success) footerMap.set(keyOf(row.site_id, row.language_code), parsed.data);
      else this.logger?.warn({ siteId: row.site_id, issues: parsed.error.issues }, 'stored footer fails its schema');
    }
    const entries: CountryEntry[] = countries.map((row) => {
      const tree = row.site_id === null ? undefined : trees.get(row.site_id);
      let url: string | null = null;
      if (tree) {
        const path = row.root_url_path && row.root_live ? publicPath(tree, { url_path: row.root_url_path }) : '/';
        url = `${siteOrigin(tree.site)}${path ?? '/'}`;
      }
      return { id: row.id, iso: row.iso_code, languageCode: row.language_code, name: row.printable_name, url };
    });
    return { headers, footers: footerMap, countries: entries };
  }

  /** The header menu and footer of a site in a language, else in the site's default language. */
  async chrome(
    siteId: number,
    languageCode: string,
    defaultLanguageCode: string,
  ): Promise<{ header?: HeaderContent; footer?: FooterContent }> {
    const snapshot = await this.load();
    const pick = <T>(map: Map<string, T>) =>
      map.get(keyOf(siteId, languageCode)) ?? map.get(keyOf(siteId, defaultLanguageCode));
    const header = pick(snapshot.headers);
    const footer = pick(snapshot.footers);
    return { header, footer: footer ? { ...footer, regions: regionsOf(snapshot.countries, languageCode) } : undefined };
  }

  /** A country's printable name in a language (else its English or first name, else the code). */
  async countryName(isoCode: string, languageCode: string): Promise<string> {
    const snapshot = await this.load();
    return countryIn(snapshot.countries, isoCode, languageCode)?.name ?? isoCode;
  }
}

function countryIn(countries: CountryEntry[], iso: string, languageCode: string): CountryEntry | undefined {
  const rows = countries.filter((c) => c.iso === iso);
  const language = languageCode.slice(0, 2).toLowerCase();
  return (
    rows.find((c) => c.languageCode === languageCode) ??
    rows.find((c) => c.languageCode.slice(0, 2).toLowerCase() === language) ??
    rows.find((c) => c.languageCode.startsWith('en')) ??
    rows[0]
  );
}

/** The region switcher: each country once, named in the page's language, linking to its root. */
function regionsOf(countries: CountryEntry[], languageCode: string): Region[] {
  const regions: Region[] = [];
  for (const iso of [...new Set(countries.map((c) => c.iso))]) {
    const named = countryIn(countries, iso, languageCode);
    const linked = named?.url ? named : countries.find((c) => c.iso === iso && c.url);
    if (named && linked?.url) regions.push({ id: named.id, title: named.name, url: linked.url });
  }
  return regions.slice(0, 12);
}

const caches = new WeakMap<Db, SnippetsCache>();

/** The process's cache for a database handle, listening for changes from the first use. */
export function snippetsCacheFor(db: Db, logger?: Logger): SnippetsCache {
  let cache = caches.get(db);
  if (cache) return cache;
  const created = new SnippetsCache(db, logger);
  cache = created;
  caches.set(db, created);
  onSnippetsChanged(() => created.invalidate());
  try {
    // A missed message may have been a change: drop the snapshot then too.
    eventBusFor(db)
      .subscribe(
        SNIPPETS_CHANNEL,
        () => created.invalidate(),
        () => created.invalidate(),
      )
      .catch((error: unknown) => logger?.error({ err: error }, 'snippets cache cannot hear changes'));
  } catch (error) {
    logger?.warn({ err: error }, 'snippets cache has no event bus: it reloads only on local changes');
  }
  return created;
}
