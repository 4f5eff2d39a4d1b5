import * as z from 'zod';

/** Wagtail's admin API caps a listing at 20 items per request. */
export const API_MAX_LIMIT = 20;
const id = z.coerce
  .number({ error: 'Enter a whole number.' })
  .int('Enter a whole number.')
  .min(1, 'Enter a whole number of at least 1.')
  .max(2_147_483_647);

export const API_ORDERINGS = ['id', 'title', 'path', 'updated_at', 'first_published_at'] as const;

export const apiListQuerySchema = z
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
    child_of: z.union([z.literal('root'), id]).optional(),
    descendant_of: z.union([z.literal('root'), id]).optional(),
    type: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_.]+$/, 'type must be a page type name')
      .optional(),
    search: z.string().trim().max(255, 'search must be at most 255 characters').optional(),
    order: z
      .enum([...API_ORDERINGS, ...API_ORDERINGS.map((o) => `-${o}` as const)], {
        error: `order must be one of ${API_ORDERINGS.join(', ')} (prefix with - to reverse)`,
      })
      .optional(),
  })
  .strict()
  .refine((q) => !(q.child_of !== undefined && q.descendant_of !== undefined), {
    message: 'filtering by child_of with descendant_of is not supported',
    path: ['child_of'],
  });
export type ApiListQuery = z.infer<typeof apiListQuerySchema>;

export const apiPageParamsSchema = z.object({ pk: id });

export const apiFindQuerySchema = z.union(
  [
    z.object({ id }).strict(),
    z.object({ html_path: z.string().min(1).max(2000).startsWith('/', 'html_path must start with /') }).strict(),
  ],
  { error: 'Pass either id or html_path.' },
);

export const API_ACTIONS = ['copy', 'move', 'publish', 'unpublish', 'delete', 'revert_to_page_revision'] as const;
export type ApiActionName = (typeof API_ACTIONS)[number];

/** Each action's JSON body (Wagtail's admin API action serializers). */
export const apiActionBodySchemas = {
  publish: z.object({}).strict(),
  unpublish: z.object({ recursive: z.boolean().default(false) }).strict(),
  delete: z.object({}).strict(),
  move: z.object({ destination_page_id: id }).strict(),
  copy: z
    .object({
      destination_page_id: id.optional(),
      recursive: z.boolean().default(false),
      keep_live: z.boolean().default(false),
      update_attrs: z
        .object({
          title: z.string().trim().min(1).max(255).optional(),
          slug: z.string().trim().min(1).max(255).optional(),
        })
        .strict()
        .default({}),
    })
    .strict(),
  revert_to_page_revision: z.object({ revision_id: id }).strict(),
} satisfies Record<ApiActionName, z.ZodType>;
