/**
 * The social networks of the spec (section 3) and their labels. Plain constants without zod, so
 * browser components can import them without pulling the schema library into every page.
 */
export const SOCIAL_ICONS = ['twitter', 'facebook', 'youtube', 'linkedin', 'instagram', 'tiktok', 'pinterest'] as const;
export type SocialIcon = (typeof SOCIAL_ICONS)[number];

export const SOCIAL_LABELS: Readonly<Record<SocialIcon, string>> = {
  twitter: 'Twitter',
  facebook: 'Facebook',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
};
