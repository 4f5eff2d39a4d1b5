import type { ChooserDefinition, ChooserItem, ChooserPage, ChooserQuery } from './types';

/** The fields of a documents API listing item the chooser reads (server/modules/documents/service.ts). */
type ApiDocumentItem = { id: number; title: string; meta: { download_url: string } };
type ApiListing = { meta: { total_count: number }; items: ApiDocumentItem[] };

/** The admin API's largest page (API_MAX_LIMIT in shared/schemas/admin-api.ts). */
const PAGE_SIZE = 20;
const API = '/wagtail/api/main/documents/';

async function failure(res: Response, what: string): Promise<Error> {
  if (res.status === 401) return new Error('Your session has ended. Sign in again in another tab, then try again.');
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  return new Error(body?.error?.message ?? `${what} (${res.status}).`);
}

/** Titles seen in this editor (listed or uploaded), so a chosen document is named rather than numbered. */
const titles = new Map<number, string>();

/** The file name at the end of a document's URL (/documents/{id}/{file_name}). */
const fileNameOf = (url: string) => decodeURIComponent(url.slice(url.lastIndexOf('/') + 1));

async function load(query: ChooserQuery, signal: AbortSignal): Promise<ChooserPage> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(query.offset) });
  if (query.search) params.set('search', query.search);
  if (query.filters?.collection) params.set('collection', query.filters.collection);
  if (query.filters?.tag) params.set('tags', query.filters.tag);
  const res = await fetch(`${API}?${params}`, {
    signal,
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (!res.ok) throw await failure(res, 'The documents could not be loaded');
  const listing = (await res.json()) as ApiListing;
  for (const doc of listing.items) titles.set(doc.id, doc.title);
  const items: ChooserItem[] = listing.items.map((doc) => ({
    id: doc.id,
    title: doc.title,
    detail: fileNameOf(doc.meta.download_url),
    record: doc,
  }));
  return { items, total: listing.meta.total_count, pageSize: PAGE_SIZE };
}

/** Uploads through the library's own upload route (same checks, limits and audit log), then chooses the document. */
async function send(
  fields: { file: File; title: string; filters: Readonly<Record<string, string>> },
  signal: AbortSignal,
): Promise<ChooserItem> {
  const field = document.querySelector<HTMLInputElement>('input[name=csrfmiddlewaretoken]');
  if (!field) throw new Error('Reload the page: its form has no security token.');
  const body = new FormData();
  body.set('csrfmiddlewaretoken', field.value);
  body.set('title', fields.title);
  body.set('collection', fields.filters.collection ?? '');
  body.set('file', fields.file);
  const res = await fetch('/wagtail/documents/multiple/add/', {
    method: 'POST',
    body,
    signal,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'X-CSRFToken': field.value, 'X-Requested-With': 'fetch' },
  });
  if (!res.ok) throw await failure(res, 'The document could not be uploaded');
  const answer = (await res.json()) as { uploaded: Array<{ id: number; title: string }>; errors: string[] };
  const stored = answer.uploaded[0];
  if (!stored) throw new Error(answer.errors.join(' ') || 'The document could not be uploaded.');
  titles.set(stored.id, stored.title);
  return { id: stored.id, title: stored.title, record: stored };
}

type Choices = Array<{ value: string; label: string }>;

/** The collection and tag filters' choices. */
async function chooserOptions(signal: AbortSignal): Promise<{ collections: Choices; tags: Choices }> {
  const res = await fetch('/wagtail/documents/chooser/', {
    signal,
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (!res.ok) throw await failure(res, 'The filters could not be loaded');
  return (await res.json()) as { collections: Choices; tags: Choices };
}

/**
 * Documents of the library (`document_chooser` fields, e.g. the press section's download tiles):
 * search by title, a collection filter, and an upload form whose new document is chosen at once. The stored value is
 * the document's id; the page shows the file's type and size from the document itself.
 */
export const documentChooser: ChooserDefinition = {
  widget: 'document_chooser',
  noun: 'document',
  browsable: false,
  load,
  toValue: (item) => item.id,
  editUrlOf: (value) => (typeof value === 'number' && value > 0 ? `/wagtail/documents/${value}/` : null),
  describe: (value) => (typeof value === 'number' && value > 0 ? (titles.get(value) ?? `Document ${value}`) : null),
  filters: [
    {
      name: 'collection',
      label: 'Collection',
      anyLabel: 'Any collection',
      choices: async (signal) => (await chooserOptions(signal)).collections,
    },
    { name: 'tag', label: 'Tag', anyLabel: 'Any tag', choices: async (signal) => (await chooserOptions(signal)).tags },
  ],
  upload: {
    accept: '',
    help: 'A file of a type the settings allow (PDF, Word, Excel, ZIP, images). It goes into the collection chosen above (none: the root collection).',
    altText: false,
    send,
  },
};
