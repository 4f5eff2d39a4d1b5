import type { Request } from 'express';
import * as z from 'zod';
import { formatAdminTime } from '../../../../shared/admin/admin-clock';

/*
 * What the forms area's date-filtered lists share (a form page's submissions, the accessibility
 * reports): their query, page size, times and links.
 */

export const FORMS_PER_PAGE = 50;

const realDate = (value: string) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
};
const date = z
  .union([
    z.literal(''),
    z.iso.date({ error: 'Enter a valid date (YYYY-MM-DD).' }).refine(realDate, 'Enter a valid date (YYYY-MM-DD).'),
  ])
  .default('');

/** ?date_from=&date_to= (a bad date keeps the screen, with a message and a 400), ?p=, ?export=csv|xlsx. */
export const dateListQuerySchema = z.object({
  date_from: date,
  date_to: date,
  p: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  export: z.enum(['csv', 'xlsx']).optional().catch(undefined),
});
export type DateListQuery = z.infer<typeof dateListQuerySchema>;

/** The query as read, or (bad dates) the unfiltered first page and the message the filter shows. */
export function readDateListQuery(req: Request): { query: DateListQuery; error?: string } {
  const parsed = dateListQuerySchema.safeParse(req.query);
  if (parsed.success) return { query: parsed.data };
  return { query: { date_from: '', date_to: '', p: 1, export: undefined }, error: 'Enter valid dates (YYYY-MM-DD).' };
}

/** Times in the reader's zone, named (shared/admin/admin-clock.ts). */
export const adminTime = (value: Date | string | null) => (value ? formatAdminTime(value) : '');

/** This list's URL with some query parameters changed (undefined removes one). */
export function hrefWith(req: Request, changes: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(req.query)) if (typeof value === 'string' && value) params.set(key, value);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return `${req.baseUrl}${req.path}${query ? `?${query}` : ''}`;
}

/** Previous and next links of a page of `total` rows. */
export function pagination(req: Request, page: number, total: number) {
  const pages = Math.max(1, Math.ceil(total / FORMS_PER_PAGE));
  return {
    page,
    pages,
    prevHref: page > 1 ? hrefWith(req, { p: String(page - 1) }) : undefined,
    nextHref: page < pages ? hrefWith(req, { p: String(page + 1) }) : undefined,
  };
}

/** The list's download links for the query it shows (every row, no page), when the viewer may export. */
export function exportHrefsFor(req: Request, mayExport: boolean) {
  if (!mayExport) return undefined;
  return {
    csv: hrefWith(req, { export: 'csv', p: undefined }),
    xlsx: hrefWith(req, { export: 'xlsx', p: undefined }),
  };
}
