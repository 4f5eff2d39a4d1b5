import type { ChooserDefinition, ChooserItem, ChooserPage, ChooserQuery } from './types';

/** The fields of an images API listing item the chooser reads (server/modules/images/library-service.ts). */
type ApiImageItem = { id: number; title: string; width: number; height: number };
type ApiListing = { meta: { total_count: number }; items: ApiImageItem[] };
/** An image as a block stores it (shared/schemas/media.ts), as /wagtail/images/chooser/{id}/ answers. */
type BlockImage = {
  image_id?: number;
  renditions: unknown[];
  default_alt_text?: string;
  imageData?: { title?: string };
};

/** The admin API's largest page (API_MAX_LIMIT in shared/schemas/admin-api.ts). */
const PAGE_SIZE = 20;
const API = '/wagtail/api/main/images/';
const CHOOSER = '/wagtail/images/chooser/';

/** The API and the upload answer `{error: {message}}` (server/http/error-handler.ts); else the status is shown. */
async function failure(res: Response, what: string): Promise<Error> {
  if (res.status === 401) return new Error('Your session has ended. Sign in again in another tab, then try again.');
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  return new Error(body?.error?.message ?? `${what} (${res.status}).`);
}

const getJson = async <T>(url: string, signal: AbortSignal, what: string): Promise<T> => {
  const res = await fetch(url, { signal, headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (!res.ok) throw await failure(res, what);
  return (await res.json()) as T;
};

/** A small WebP rendition (every image has WebP renditions; 320 is the smallest allowed width). */
const listThumbnail = (id: number) => `/media/images/${id}/w320.webp`;

async function load(query: ChooserQuery, signal: AbortSignal): Promise<ChooserPage> {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(query.offset) });
  if (query.search) params.set('search', query.search);
  if (query.filters?.collection) params.set('collection', query.filters.collection);
  if (query.filters?.tag) params.set('tags', query.filters.tag);
  const listing = await getJson<ApiListing>(`${API}?${params}`, signal, 'The images could not be loaded');
  const items: ChooserItem[] = listing.items.map((image) => ({
    id: image.id,
    title: image.title,
    detail: `${image.width} × ${image.height} px`,
    thumbnail: listThumbnail(image.id),
    record: image,
  }));
  return { items, total: listing.meta.total_count, pageSize: PAGE_SIZE };
}

/** The chosen image as blocks store it: its renditions are made by the server now. */
async function resolve(item: ChooserItem, signal: AbortSignal): Promise<ChooserItem> {
  const { image } = await getJson<{ image: BlockImage }>(
    `${CHOOSER}${item.id}/`,
    signal,
    'The image could not be added',
  );
  return { ...item, record: image };
}

/** The page's CSRF token: the chooser opens inside a form that carries one. */
function csrfToken(): string {
  const field = document.querySelector<HTMLInputElement>('input[name=csrfmiddlewaretoken]');
  if (!field) throw new Error('Reload the page: its form has no security token.');
  return field.value;
}

/** Uploads through the library's own upload route (same checks, limits and audit log), then chooses the image. */
async function send(
  fields: { file: File; title: string; altText: string; filters: Readonly<Record<string, string>> },
  signal: AbortSignal,
): Promise<ChooserItem> {
  const body = new FormData();
  const token = csrfToken();
  body.set('csrfmiddlewaretoken', token);
  body.set('title', fields.title);
  body.set('default_alt_text', fields.altText);
  body.set('collection', fields.filters.collection ?? '');
  body.set('file', fields.file);
  const res = await fetch('/wagtail/images/multiple/add/', {
    method: 'POST',
    body,
    signal,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'X-CSRFToken': token, 'X-Requested-With': 'fetch' },
  });
  if (!res.ok) throw await failure(res, 'The image could not be uploaded');
  const answer = (await res.json()) as { uploaded: Array<{ id: number; title: string }>; errors: string[] };
  const stored = answer.uploaded[0];
  if (!stored) throw new Error(answer.errors.join(' ') || 'The image could not be uploaded.');
  return { id: stored.id, title: stored.title, record: null };
}

type Choices = Array<{ value: string; label: string }>;

/** The collection and tag filters' choices (one request serves both selects). */
const chooserOptions = (signal: AbortSignal) =>
  getJson<{ collections: Choices; tags: Choices }>(CHOOSER, signal, 'The filters could not be loaded');

/**
 * The chosen image's picture in the field: its smallest WebP rendition as stored (an image from
 * outside the library has only what the block carries), else the smallest of any format.
 */
function thumbnailOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const renditions = (value as BlockImage).renditions as Array<{ url?: unknown; width?: unknown; mimetype?: unknown }>;
  if (!Array.isArray(renditions)) return null;
  const usable = renditions
    .filter((r): r is { url: string; width: number; mimetype: string } => typeof r.url === 'string' && r.url !== '')
    .sort((a, b) => (a.mimetype === 'image/webp' ? 0 : 1) - (b.mimetype === 'image/webp' ? 0 : 1) || a.width - b.width);
  return usable[0]?.url ?? null;
}

function describe(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const image = value as BlockImage;
  if (!Array.isArray(image.renditions) || image.renditions.length === 0) return null;
  const title = image.imageData?.title;
  if (title) return title;
  return typeof image.image_id === 'number' ? `Image ${image.image_id}` : 'An image';
}

/**
 * Images of the library (every `image_chooser` block field): search by title or alt text, a
 * collection filter, and an upload form whose new image is chosen at once. The stored value is
 * the image as blocks carry it (renditions with their real sizes), which the server makes when
 * an image is chosen.
 */
export const imageChooser: ChooserDefinition = {
  widget: 'image_chooser',
  noun: 'image',
  browsable: false,
  layout: 'grid',
  thumbnailOf,
  editUrlOf: (value) => {
    const id = (value as BlockImage | null)?.image_id;
    return typeof id === 'number' ? `/wagtail/images/${id}/` : null;
  },
  load,
  resolve,
  toValue: (item) => item.record,
  describe,
  filters: [
    {
      name: 'collection',
      label: 'Collection',
      anyLabel: 'Any collection',
      choices: async (signal) => (await chooserOptions(signal)).collections,
    },
    {
      name: 'tag',
      label: 'Tag',
      anyLabel: 'Any tag',
      choices: async (signal) => (await chooserOptions(signal)).tags,
    },
  ],
  upload: {
    accept: 'image/jpeg,image/png,image/webp,image/avif,image/gif',
    help: 'JPEG, PNG, WebP, AVIF or GIF. It goes into the collection chosen above (none: the root collection).',
    altText: true,
    send,
  },
};
