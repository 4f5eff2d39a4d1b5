import { kindOf, resolveVariant, type JsonSchema } from '../editor/json-schema';
import type { ChooserDefinition, ChooserItem, ChooserPage, ChooserQuery } from './types';

/** The fields of an admin API listing item the chooser reads (server/modules/admin-api/service.ts). */
export type ApiPageItem = {
  id: number;
  title: string;
  meta: {
    type_label: string;
    html_url: string | null;
    /** Site and language, when the tree has several (server/modules/pages/page-places.ts). */
    place?: { site: string; locale: string } | null;
    status: { status: string };
    children: { count: number };
  };
};

type ApiListing = { meta: { total_count: number }; items: ApiPageItem[] };

/** The admin API's largest page (API_MAX_LIMIT in shared/schemas/admin-api.ts). */
const PAGE_SIZE = 20;
const API = '/wagtail/api/main/pages/';

/** The API answers `{error: {message}}` (server/http/error-handler.ts); else the status is shown. */
async function apiError(res: Response): Promise<Error> {
  if (res.status === 401) return new Error('Your session has ended. Sign in again in another tab, then try again.');
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  return new Error(body?.error?.message ?? `The pages could not be loaded (${res.status}).`);
}

function toItem(page: ApiPageItem): ChooserItem {
  return {
    id: page.id,
    title: page.title,
    detail: [
      page.meta.place ? `${page.meta.place.site} · ${page.meta.place.locale}` : null,
      page.meta.type_label,
      page.meta.status.status,
      page.meta.html_url,
    ]
      .filter(Boolean)
      .join(' · '),
    childCount: page.meta.children.count,
    // Pages outside every site have no address to link to.
    unavailable: page.meta.html_url ? undefined : 'Not on a site',
    record: page,
  };
}

/**
 * Browses the page tree from the site roots (`child_of=root`) or searches all pages by title.
 * The API lists only pages the signed-in user may see, so the chooser needs no rules of its own.
 */
async function load(query: ChooserQuery, signal: AbortSignal): Promise<ChooserPage> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(query.offset) });
  if (query.search) params.set('search', query.search);
  else params.set('child_of', query.parent ? String(query.parent.id) : 'root');
  const res = await fetch(`${API}?${params}`, {
    signal,
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (!res.ok) throw await apiError(res);
  const listing = (await res.json()) as ApiListing;
  return { items: listing.items.map(toItem), total: listing.meta.total_count, pageSize: PAGE_SIZE };
}

/**
 * The stored value takes the schema's shape: a page id (number), a URL (string), or an object
 * whose `id`, `url` and `title` properties are filled (the tiered navigation's links).
 */
function toValue(item: ChooserItem, schema: JsonSchema): unknown {
  const page = item.record as ApiPageItem;
  const resolved = resolveVariant(schema);
  switch (kindOf(resolved)) {
    case 'number':
      return page.id;
    case 'string':
      return page.meta.html_url ?? '';
    default: {
      const fields: Record<string, unknown> = { id: page.id, url: page.meta.html_url ?? '', title: page.title };
      const keys = Object.keys(resolved.properties ?? {});
      return Object.fromEntries(keys.filter((key) => key in fields).map((key) => [key, fields[key]]));
    }
  }
}

function describe(value: unknown): string | null {
  if (typeof value === 'number') return `Page ${value}`;
  if (typeof value === 'string') return value || null;
  if (typeof value !== 'object' || value === null) return null;
  const { id, title, url } = value as { id?: unknown; title?: unknown; url?: unknown };
  if (typeof title === 'string' && title) return typeof url === 'string' && url ? `${title} (${url})` : title;
  return typeof id === 'number' ? `Page ${id}` : null;
}

export const pageChooser: ChooserDefinition = {
  widget: 'page_chooser',
  noun: 'page',
  browsable: true,
  load,
  toValue,
  describe,
};
