import * as z from 'zod';
import { defineBlockSchema } from '../define';

const cell = z.string().trim().max(500);

/** A data table: container width full (default), twoThirds or half; an optional header row and caption. */
export const tableSchema = z
  .object({
    container: z.enum(['full', 'twoThirds', 'half']).default('full'),
    caption: z.string().trim().max(300).default(''),
    first_row_is_header: z.boolean().default(true),
    rows: z.array(z.array(cell).min(1).max(12)).min(1).max(200),
  })
  .refine((table) => table.rows.every((row) => row.length === table.rows[0]!.length), {
    message: 'every row must have the same number of cells',
    path: ['rows'],
  });
export type TableValue = z.output<typeof tableSchema>;

export const tableBlock = defineBlockSchema({
  type: 'table',
  schema: tableSchema,
  meta: {
    label: 'Table',
    fields: {
      container: { label: 'Container width', widget: 'select' },
      first_row_is_header: { label: 'First row is a header', widget: 'checkbox' },
      rows: { label: 'Rows', widget: 'table' },
    },
  },
  demo: {
    container: 'twoThirds',
    caption: 'Lunch specials, Monday to Friday',
    first_row_is_header: true,
    rows: [
      ['Dish', 'Served', 'Price'],
      ['Shrimp Linguine', '11 am – 3 pm', '$14.99'],
      ['Fish Tacos', '11 am – 3 pm', '$12.49'],
    ],
  },
});
