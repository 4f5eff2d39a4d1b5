import * as z from 'zod';

/** The page list the server puts in `page.extra.sitemap` for pages with a sitemap block. */
export const sitemapEntrySchema = z.object({
  title: z.string(),
  url: z.string(),
  level: z.number().int().nonnegative(),
});
export const sitemapExtraSchema = z.array(sitemapEntrySchema);
export type SitemapEntry = z.output<typeof sitemapEntrySchema>;
