import * as z from 'zod';
import { imageSchema } from './media';

/** Releases per list page; 25 seeded releases make three pages. */
export const PRESS_PAGE_SIZE = 10;
/** Releases the press section page shows above its 'See All' link. */
export const PRESS_SECTION_LATEST = 3;

/** A press release as lists show it (spec section 3): id, url, title, date, feature_image. */
export const pressArticleSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  title: z.string(),
  date: z.iso.date(),
  feature_image: imageSchema.nullable(),
});
export type PressArticle = z.output<typeof pressArticleSchema>;

export const pressSectionLinkSchema = z.object({ url: z.string(), title: z.string() });

/** The list page (spec section 3): articles, current_page, num_pages; plus its press section. */
export const pressListExtraSchema = z.object({
  articles: z.array(pressArticleSchema),
  current_page: z.number().int().positive(),
  num_pages: z.number().int().positive(),
  press_section: pressSectionLinkSchema.nullable(),
});
export type PressListExtra = z.output<typeof pressListExtraSchema>;

export const pressReleaseExtraSchema = z.object({ press_section: pressSectionLinkSchema.nullable() });
export type PressReleaseExtra = z.output<typeof pressReleaseExtraSchema>;

/** A media download tile (spec section 3): file_size in bytes, file_extension without the dot. */
export const mediaDownloadTileSchema = z.object({
  title: z.string(),
  image: imageSchema.nullable(),
  file_extension: z.string(),
  file_size: z.number().int().nonnegative(),
  url: z.string(),
});
export type MediaDownloadTile = z.output<typeof mediaDownloadTileSchema>;

export const pressSectionExtraSchema = z.object({
  articles: z.array(pressArticleSchema),
  see_all_link: z.object({ id: z.number().int(), url: z.string(), title: z.string() }).nullable(),
  media_download_tiles: z.array(mediaDownloadTileSchema),
});
export type PressSectionExtra = z.output<typeof pressSectionExtraSchema>;
