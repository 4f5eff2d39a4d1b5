import * as z from 'zod';

const realDate = (value: string) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
};
/** A date input's value: empty (no bound) or a real calendar date. */
const dateBound = z
  .union([
    z.literal(''),
    z.iso.date({ error: 'Enter a valid date (YYYY-MM-DD).' }).refine(realDate, 'Enter a valid date (YYYY-MM-DD).'),
  ])
  .default('');

/** The filters of a page's history screen (GET, so the address keeps them). */
export const pageHistoryQuerySchema = z
  .object({
    action: z
      .string()
      .regex(/^[a-z_.]{0,40}$/, 'Choose an action from the list.')
      .default(''),
    user: z.union([z.literal(''), z.coerce.number().int().min(1).max(2_147_483_647)]).default(''),
    date_from: dateBound,
    date_to: dateBound,
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    message: 'The start date must be on or before the end date.',
    path: ['date_to'],
  });
export type PageHistoryQuery = z.output<typeof pageHistoryQuerySchema>;

/** The revert confirmation: the form must say yes, so a stray POST never replaces a draft. */
export const revertConfirmSchema = z.object({
  confirm: z.literal('yes', { error: 'Confirm that the current draft should be replaced with this revision.' }),
});
