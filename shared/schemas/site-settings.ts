import * as z from 'zod';

/**
 * Site settings (Wagtail's BaseSiteSetting 'core.sitesettings'), one value per site. An empty
 * field means "use the environment's default" (server/config.ts), so a fresh site behaves as
 * before. Overrides are limited to what is safe to change from the back office: https addresses,
 * plain host names for embeds (no IP addresses, no wildcards, no localhost).
 */
const max = (n: number) => `Ensure this value has at most ${n} characters.`;
const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

const httpsUrl = (what: string) =>
  z
    .string()
    .trim()
    .max(2000, max(2000))
    .refine((value) => {
      if (value === '') return true;
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && !url.username && !url.password;
      } catch {
        return false;
      }
    }, `Enter the ${what} as an https:// address, or leave it empty for the default.`);

export const ROBOTS_POLICIES = ['index', 'noindex'] as const;

/** The stored value (also what the cache holds). */
export const siteSettingsValueSchema = z.object({
  new_header: z.boolean().default(false),
  a11y_feedback_url: z.string().default(''),
  embed_hosts: z.array(z.string()).nullable().default(null),
  security_contact: z.string().default(''),
  default_social_image_id: z.number().int().nullable().default(null),
  robots_policy: z.enum(ROBOTS_POLICIES).default('index'),
  map_style_url: z.string().default(''),
});
export type SiteSettingsValue = z.infer<typeof siteSettingsValueSchema>;

/** The settings form as posted (text fields; the checkbox 'on' or ''). */
export const siteSettingsFormSchema = z
  .object({
    new_header: z.preprocess((value) => value === 'on', z.boolean()),
    a11y_feedback_url: httpsUrl('accessibility feedback address'),
    embed_hosts: z
      .string()
      .max(4000, max(4000))
      .transform((text) =>
        text
          .split(/[\s,]+/)
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      )
      .superRefine((hosts, ctx) => {
        const bad = hosts.filter((host) => !HOST.test(host) || /^[\d.]+$/.test(host) || host.endsWith('.localhost'));
        if (bad.length)
          ctx.addIssue({
            code: 'custom',
            message: `Enter host names such as www.youtube-nocookie.com, one per line (not: ${bad.slice(0, 3).join(', ')}).`,
          });
        if (hosts.length > 50) ctx.addIssue({ code: 'custom', message: 'Enter at most 50 hosts.' });
      }),
    security_contact: z
      .string()
      .trim()
      .max(500, max(500))
      .refine(
        (value) => value === '' || /^(mailto:[^\s@]+@[^\s@]+\.[^\s@]+|https:\/\/\S+)$/.test(value),
        'Enter a mailto: address or an https:// address, or leave it empty for the default.',
      ),
    default_social_image: z.union([
      z.literal(''),
      z.coerce
        .number({ error: 'Enter an image id.' })
        .int('Enter an image id.')
        .min(1, 'Enter an image id.')
        .max(2_147_483_647),
    ]),
    robots_policy: z.enum(ROBOTS_POLICIES, { error: 'Select a valid choice.' }),
    map_style_url: httpsUrl('map style'),
  })
  .transform((data): SiteSettingsValue => ({
    new_header: data.new_header,
    a11y_feedback_url: data.a11y_feedback_url,
    embed_hosts: data.embed_hosts.length ? [...new Set(data.embed_hosts)] : null,
    security_contact: data.security_contact,
    default_social_image_id: data.default_social_image === '' ? null : data.default_social_image,
    robots_policy: data.robots_policy,
    map_style_url: data.map_style_url,
  }));

export const settingsParamsSchema = z.object({
  app: z.string().regex(/^[a-z_]{1,40}$/, 'Unknown settings.'),
  model: z.string().regex(/^[a-z_]{1,40}$/, 'Unknown settings.'),
  site_id: z.coerce
    .number({ error: 'Enter a whole number.' })
    .int('Enter a whole number.')
    .min(1, 'Enter a whole number.')
    .max(2_147_483_647, 'Enter a whole number.'),
});
