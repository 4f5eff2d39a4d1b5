import * as z from 'zod';

/**
 * /integration-manifest.json (spec section 2): what another system needs to integrate with one
 * site, in one document. docs/integration-manifest.md describes every field.
 */
const absoluteUrl = z.url({ protocol: /^https?$/ });

export const integrationApiSchema = z.object({
  name: z.string().min(1),
  method: z.enum(['GET', 'POST']),
  /** An absolute URL; `{name}` marks a path parameter. */
  url: z.string().min(1),
  query: z.array(z.string().min(1)),
  description: z.string().min(1),
});

export const integrationManifestSchema = z.object({
  manifestVersion: z.literal(1),
  site: z.object({
    name: z.string().min(1),
    origin: absoluteUrl,
    defaultLanguage: z.string().min(2),
    languages: z.array(z.object({ code: z.string().min(2), homeUrl: absoluteUrl })).min(1),
  }),
  discovery: z.object({ sitemap: absoluteUrl, robots: absoluteUrl, securityTxt: absoluteUrl }),
  pages: z.object({
    locations: absoluteUrl.nullable(),
    locationsMap: absoluteUrl.nullable(),
    notFound: absoluteUrl,
    /** Templates with `{rlid}` or `{localPageURL}` to fill in. */
    order: z.string().min(1),
    localPage: z.string().min(1),
  }),
  apis: z.array(integrationApiSchema).min(1),
  limits: z.object({
    searchRadiusMiles: z.number().positive(),
    headerListLimit: z.number().int().positive(),
    quickSearchLimit: z.number().int().positive(),
    formLocationSearchLimit: z.number().int().positive(),
  }),
});

export type IntegrationManifest = z.infer<typeof integrationManifestSchema>;
