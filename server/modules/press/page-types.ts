import * as z from 'zod';
import { imageSchema } from '../../../shared/schemas/media';
import { sanitizeRichText } from '../../../shared/rich-text/sanitize';
import {
  pressListExtraSchema,
  pressReleaseExtraSchema,
  pressSectionExtraSchema,
  type PressArticle,
} from '../../../shared/schemas/press';
import { definePageType, PageLoadOutcome, type LoaderContext } from '../pages/page-type';
import { pressReleasePage, pressSectionData, releaseList, releaseSection } from './service';

export const PRESS_SECTION_TYPE = 'PressSectionPage';
export const PRESS_LIST_TYPE = 'PressReleaseListPage';
export const PRESS_RELEASE_TYPE = 'PressReleasePage';

const richText = z.string().max(100_000).transform(sanitizeRichText);

/** A release's own fields (spec section 3): its press date, rich-text copy and a feature image. */
export const pressReleaseContentSchema = z.object({
  date: z.iso.date().default(() => new Date().toISOString().slice(0, 10)),
  copy: z.object({ html: richText.default('') }).default({ html: '' }),
  feature_image: imageSchema.optional(),
});

/** A media download tile names a library document; its extension and size come from the document. */
export const mediaDownloadTileInputSchema = z.object({
  title: z.string().trim().min(1).max(200),
  document_id: z.number().int().positive(),
  image: imageSchema.optional(),
});

export const pressSectionContentSchema = z.object({
  contact_info: richText.default(''),
  media_download_tiles: z.array(mediaDownloadTileInputSchema).max(24).default([]),
});

export const pressSectionPage = definePageType({
  type: PRESS_SECTION_TYPE,
  label: 'Press section',
  contentSchema: pressSectionContentSchema,
  streamFields: [],
  contentFields: {
    contact_info: { label: 'Press inquiries', widget: 'rich_text', helpText: 'Who the press contacts, and how.' },
    media_download_tiles: {
      label: 'Media downloads',
      helpText: "Each tile links to a document; its '.ext File, size' line comes from the document.",
      fields: {
        title: { label: 'Title' },
        document_id: { label: 'Document', widget: 'document_chooser' },
        image: { label: 'Image', widget: 'image_chooser', helpText: 'Optional.' },
      },
    },
  },
  parentTypes: ['HomePage'],
  routable: true,
  async load({ db, page, pageUrl }: LoaderContext) {
    const content = pressSectionContentSchema.parse(page.content);
    return pressSectionExtraSchema.parse(await pressSectionData(db, page, content.media_download_tiles, pageUrl));
  },
});

/** Reads ?page= the spec's way: absent is page 1; '1' redirects to the bare URL; anything else must be a page number. */
export function requestedPage(raw: unknown): number | 'redirect' | 'notFound' {
  if (raw === undefined) return 1;
  if (typeof raw !== 'string' || !/^[1-9]\d{0,8}$/.test(raw)) return 'notFound';
  return raw === '1' ? 'redirect' : Number(raw);
}

export const pressReleaseListPage = definePageType({
  type: PRESS_LIST_TYPE,
  label: 'Press release list',
  contentSchema: z.object({}),
  streamFields: [],
  parentTypes: [PRESS_SECTION_TYPE, 'HomePage'],
  routable: true,
  async load({ db, page, query, pageUrl }: LoaderContext) {
    const requested = requestedPage(query.page);
    if (requested === 'notFound') throw new PageLoadOutcome({ kind: 'notFound' });
    if (requested === 'redirect') throw new PageLoadOutcome({ kind: 'redirect', location: pageUrl(page), status: 301 });
    const list = await releaseList(db, page, requested, pageUrl);
    if (!list) throw new PageLoadOutcome({ kind: 'notFound' });
    return pressListExtraSchema.parse(list);
  },
});

export const pressReleasePageType = definePageType({
  type: PRESS_RELEASE_TYPE,
  label: 'Press release',
  contentSchema: pressReleaseContentSchema,
  streamFields: [],
  contentFields: {
    date: { label: 'Date', widget: 'date' },
    copy: { label: 'Copy', fields: { html: { label: 'Text', widget: 'rich_text' } } },
    feature_image: { label: 'Feature image', widget: 'image_chooser' },
  },
  parentTypes: [PRESS_SECTION_TYPE, PRESS_LIST_TYPE],
  routable: true,
  async load({ db, page, pageUrl }: LoaderContext) {
    return pressReleaseExtraSchema.parse({ press_section: await releaseSection(db, page, pageUrl) });
  },
  structuredData: ({ page, url, site }) => {
    const release = pressReleasePage(page);
    if (!release) return undefined;
    const image = largestRendition(release.feature_image);
    return {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: page.title,
      datePublished: release.date,
      ...(page.last_published_at ? { dateModified: new Date(page.last_published_at).toISOString() } : {}),
      mainEntityOfPage: url,
      url,
      ...(image ? { image: [new URL(image, url).href] } : {}),
      publisher: { '@type': 'Organization', name: site.site_name },
    };
  },
});

function largestRendition(image: PressArticle['feature_image'] | undefined): string | undefined {
  if (!image) return undefined;
  return [...image.renditions].sort((a, b) => b.width - a.width)[0]?.url;
}
