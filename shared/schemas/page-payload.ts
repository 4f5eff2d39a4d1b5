import * as z from 'zod';
import { locationSchema } from './locations';
import { siteFooterPayloadSchema, siteHeaderPayloadSchema } from './navigation';

const catalogEntry = z.object({
  context: z.string(),
  key: z.string(),
  value: z.union([z.string(), z.tuple([z.string(), z.string()])]),
});

/** What every public page carries for hydration (spec section 2, "Page data"). */
export const pageContextSchema = z.object({
  languageCode: z.string(),
  /** The path prefix of the page's language on its site: '' for the site's own language, else e.g. '/fr'. */
  localePrefix: z.string().optional(),
  catalog: z.array(catalogEntry),
  sentryDsn: z.string().nullable(),
  commitId: z.string(),
  branch: z.string(),
  siteName: z.string(),
  /** The site's origin as the visitor reached it, e.g. http://ca.localhost:3000 */
  siteUrl: z.string(),
  /** Other languages of this page, for the language switcher. */
  alternates: z.array(z.object({ languageCode: z.string(), url: z.string() })),
  isPreview: z.boolean(),
  /** The site's header and footer snippets (server/modules/navigation); absent when not configured. */
  header: siteHeaderPayloadSchema.optional(),
  footer: siteFooterPayloadSchema.optional(),
  /**
   * The header location picker's server data: the location saved in the visitor's 'li' cookie
   * (so the trigger text renders without a flash and hydrates identically) and the site's map page.
   */
  locationPicker: z
    .object({ preferredLocation: locationSchema.nullable(), mapPageUrl: z.string().nullable() })
    .optional(),
});

export const blockSchema = z.object({ type: z.string(), id: z.string(), value: z.unknown() });
export type BlockData = z.infer<typeof blockSchema>;

export const pageDataSchema = z.object({
  id: z.number(),
  pageType: z.string(),
  title: z.string(),
  seoTitle: z.string(),
  searchDescription: z.string(),
  robots: z.string(),
  url: z.string(),
  lastPublishedAt: z.string().nullable(),
  /** Type-specific content, already validated and cleaned by the server. */
  content: z.record(z.string(), z.unknown()),
  /** What the page type's loader added (lists, related pages...). */
  extra: z.record(z.string(), z.unknown()),
});

export const pagePayloadSchema = z.object({
  template: z.string(),
  page: pageDataSchema,
  context: pageContextSchema,
});

export type PageContext = z.infer<typeof pageContextSchema>;
export type PageData = z.infer<typeof pageDataSchema>;
export type PagePayload = z.infer<typeof pagePayloadSchema>;
