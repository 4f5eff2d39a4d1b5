import type { ChooserDefinition, ChooserItem, ChooserPage, ChooserQuery } from './types';

/** A row of /wagtail/api/main/videos/ (server/modules/videos/service.ts): with the value a block stores. */
type ApiVideoItem = {
  id: number;
  title: string;
  meta: { duration: number | null; mimetype: string };
  block_value: unknown;
};
type ApiListing = { meta: { total_count: number }; items: ApiVideoItem[] };

const PAGE_SIZE = 20;
const API = '/wagtail/api/main/videos/';

const duration = (seconds: number | null) =>
  seconds === null
    ? 'length unknown'
    : `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, '0')}`;

async function load(query: ChooserQuery, signal: AbortSignal): Promise<ChooserPage> {
  const params = new URLSearchParams({ offset: String(query.offset), limit: String(PAGE_SIZE) });
  if (query.search) params.set('search', query.search);
  const res = await fetch(`${API}?${params}`, {
    signal,
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (res.status === 401) throw new Error('Your session has ended. Sign in again in another tab, then try again.');
  if (!res.ok) throw new Error(`The videos could not be loaded (${res.status}).`);
  const listing = (await res.json()) as ApiListing;
  const items: ChooserItem[] = listing.items.map((item) => ({
    id: item.id,
    title: item.title,
    detail: `${item.meta.mimetype === 'video/mp4' ? 'MP4' : 'WebM'}, ${duration(item.meta.duration)}`,
    record: item,
  }));
  return { items, total: listing.meta.total_count, pageSize: PAGE_SIZE };
}

type StoredVideo = { media_id?: number; title?: string; sources?: Array<{ url: string }> };

/**
 * Videos of the library (every video field: the video feature, full-width media, the media
 * grid's looping and playable tiles): a flat, searchable list. The stored value is the video as
 * blocks carry it (sources, poster, caption tracks) with its `media_id`.
 */
export const videoChooser: ChooserDefinition = {
  widget: 'video_chooser',
  noun: 'video',
  browsable: false,
  load,
  toValue: (item) => (item.record as ApiVideoItem).block_value,
  describe: (value) => {
    if (typeof value !== 'object' || value === null) return null;
    const video = value as StoredVideo;
    if (typeof video.media_id === 'number') return `${video.title || 'Untitled'} (video ${video.media_id})`;
    // Content from before the library: a video read from a static file.
    const url = video.sources?.[0]?.url;
    return url ? `${video.title || url} (static file)` : null;
  },
};
