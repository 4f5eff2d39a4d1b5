import * as z from 'zod';

/** The public userbar's question: which public path the visitor is on (their own location.pathname). */
export const userbarQuerySchema = z.object({
  path: z
    .string({ error: 'Give the public path of the page, e.g. /press/.' })
    .startsWith('/', { error: 'The path starts with a slash, e.g. /press/.' })
    .max(2000, { error: 'The path is too long.' }),
});

/** What the bar shows a signed-in member of staff (never sent to anyone else). */
export type UserbarView = {
  /** The page at that path, when a live page answers it. */
  page: { id: number; title: string } | null;
  /** Each link only when the user may use it. */
  editUrl: string | null;
  adminUrl: string;
  checksUrl: string | null;
};
