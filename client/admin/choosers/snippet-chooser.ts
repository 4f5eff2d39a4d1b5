import type { ChooserDefinition, ChooserItem, ChooserPage, ChooserQuery } from './types';

/** A row of the snippet chooser's listing (server/modules/admin/snippets/routes.tsx). */
type ApiSnippetItem = { id: number; title: string; meta: { blocks: number; edit_url: string } };
type ApiListing = { meta: { total_count: number }; items: ApiSnippetItem[] };

const PAGE_SIZE = 20;
const API = '/wagtail/api/main/snippets/core/toolbox/';

async function load(query: ChooserQuery, signal: AbortSignal): Promise<ChooserPage> {
  const params = new URLSearchParams({ offset: String(query.offset) });
  if (query.search) params.set('search', query.search);
  const res = await fetch(`${API}?${params}`, {
    signal,
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (res.status === 401) throw new Error('Your session has ended. Sign in again in another tab, then try again.');
  if (!res.ok) throw new Error(`The toolboxes could not be loaded (${res.status}).`);
  const listing = (await res.json()) as ApiListing;
  const items: ChooserItem[] = listing.items.map((item) => ({
    id: item.id,
    title: item.title,
    detail: `${item.meta.blocks} ${item.meta.blocks === 1 ? 'block' : 'blocks'}`,
    record: item,
  }));
  return { items, total: listing.meta.total_count, pageSize: PAGE_SIZE };
}

/**
 * Toolbox snippets (the Toolbox block's `toolbox` field): a flat, searchable list; the stored
 * value is the toolbox's id.
 */
export const snippetChooser: ChooserDefinition = {
  widget: 'snippet_chooser',
  noun: 'toolbox',
  browsable: false,
  load,
  toValue: (item) => item.id,
  describe: (value) => (typeof value === 'number' ? `Toolbox ${value}` : null),
};
