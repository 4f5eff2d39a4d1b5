import * as z from 'zod';
import { isSafeSitePath } from '../urls/site-path';

/** The spec's background styles (section 3); 'lobster' is the default. */
export const BACKGROUND_STYLES = [
  'wood-texture',
  'lighthouse',
  'faded-shoreline',
  'military-monday',
  'lobster',
  'blue-chill',
] as const;
export const backgroundStyleSchema = z.enum(BACKGROUND_STYLES).default('lobster');
export type BackgroundStyle = (typeof BACKGROUND_STYLES)[number];

/**
 * Internal paths, http(s), mailto and tel only: never javascript: or data:. A value that starts
 * with '/' claims to be a site path and must pass the same rule as redirects ('/\\host' and
 * '/.//host' lead browsers to another site).
 */
export const safeUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .refine(
    (url) => /^(\/|#|https?:\/\/|mailto:|tel:)/i.test(url),
    'must be a site path, an http(s) URL, mailto: or tel:',
  )
  .refine(
    (url) => !url.startsWith('/') || isSafeSitePath(url),
    'must be a path on this site: it cannot lead to // or hold a backslash or control characters',
  );

/** A content link (spec section 3): external links open in a new tab. */
export const linkSchema = z.object({
  url: safeUrlSchema,
  display_name: z.string().trim().min(1).max(120),
  link_type: z.enum(['internal', 'external']).default('internal'),
  link_style: z.enum(['primary', 'secondary', 'text']).default('text'),
});
export type Link = z.output<typeof linkSchema>;
