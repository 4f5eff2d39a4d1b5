import * as z from 'zod';
import { linkSchema, safeUrlSchema } from '../../../shared/schemas/content';
import { imageSchema } from '../../../shared/schemas/media';
import { demoImage } from '../demo-images';
import { defineBlockSchema } from '../define';

export const articlePreviewGridSchema = z.object({
  heading: z.string().trim().max(160).default(''),
  articles: z
    .array(
      z.object({
        image: imageSchema.optional(),
        date: z.iso.date(),
        title: z.string().trim().min(1).max(200),
        link: safeUrlSchema,
      }),
    )
    .min(1)
    .max(24),
  see_all_link: linkSchema.optional(),
});

export type ArticlePreviewGridValue = z.output<typeof articlePreviewGridSchema>;

export const articlePreviewGridBlock = defineBlockSchema({
  type: 'article_preview_grid',
  schema: articlePreviewGridSchema,
  meta: {
    label: 'Article preview grid',
    fields: { articles: { label: 'Articles' }, see_all_link: { label: "'See all' link", widget: 'link' } },
  },
  demo: {
    heading: 'Press Releases',
    articles: [
      {
        image: demoImage('lobster-roll', 'A lobster roll'),
        date: '2026-03-07',
        title: 'Lobster Rolls Return for Summer',
        link: '/press/lobster-rolls/',
      },
      {
        image: demoImage('crab-legs', 'Snow crab legs'),
        date: '2026-10-21',
        title: 'Crab Season Comes to Every Harborline',
        link: '/press/crab-season/',
      },
    ],
    see_all_link: {
      url: '/press/',
      display_name: 'See All Press Releases',
      link_type: 'internal',
      link_style: 'secondary',
    },
  },
});
