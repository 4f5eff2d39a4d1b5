import * as z from 'zod';

const REQUIRED = 'This field is required.';
const SELECT = 'Select a valid choice.';

/** The collection form (Wagtail's CollectionForm): a name and the parent collection. */
export const collectionFormSchema = z
  .object({
    name: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .max(255, 'Ensure this value has at most 255 characters.'),
    parent: z.coerce.number({ error: SELECT }).int(SELECT).min(1, SELECT).max(2_147_483_647, SELECT),
  })
  .transform((data) => ({ name: data.name, parentId: data.parent }));
export type CollectionInput = z.infer<typeof collectionFormSchema>;
