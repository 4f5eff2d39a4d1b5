import * as z from 'zod';
import { API_MAX_LIMIT } from './admin-api';

const id = z.coerce
  .number({ error: 'id must be a positive integer' })
  .int('id must be a positive integer')
  .min(1, 'id must be a positive integer')
  .max(2_147_483_647, 'id must be a positive integer');

export const MEDIA_API_ORDERINGS = ['id', 'title', 'created_at'] as const;

/** /wagtail/api/main/{documents,images}/: as the pages API (limit capped at 20), plus a collection filter. */
export const mediaApiListQuerySchema = z
  .object({
    limit: z.coerce
      .number({ error: 'limit must be a positive integer' })
      .int('limit must be a positive integer')
      .min(1, 'limit must be a positive integer')
      .max(API_MAX_LIMIT, `limit cannot be higher than ${API_MAX_LIMIT}`)
      .default(API_MAX_LIMIT),
    offset: z.coerce
      .number({ error: 'offset must be a positive integer' })
      .int('offset must be a positive integer')
      .min(0, 'offset must be a positive integer')
      .max(10_000_000)
      .default(0),
    search: z.string().trim().max(255, 'search must be at most 255 characters').default(''),
    collection: id.optional(),
    // Wagtail's API: ?tags=a,b lists what carries every one of them.
    tags: z
      .string()
      .trim()
      .max(500, 'tags must be at most 500 characters')
      .transform((text) =>
        text
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
          .join(','),
      )
      .optional(),
    order: z
      .enum([...MEDIA_API_ORDERINGS, ...MEDIA_API_ORDERINGS.map((o) => `-${o}` as const)], {
        error: `order must be one of ${MEDIA_API_ORDERINGS.join(', ')} (prefix with - to reverse)`,
      })
      .default('-created_at'),
  })
  .strict();
export type MediaApiListQuery = z.infer<typeof mediaApiListQuerySchema>;

export const mediaApiParamsSchema = z.object({ pk: id });
export const mediaApiFindQuerySchema = z.object({ id }).strict();
