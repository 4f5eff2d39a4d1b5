import * as z from 'zod';
import { tagsFieldSchema } from './tags';

const REQUIRED = 'This field is required.';
const SELECT = 'Select a valid choice.';

/** The document (and image, video) edit form: a title and the collection. */
export const mediaFormSchema = z
  .object({
    title: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .max(255, 'Ensure this value has at most 255 characters.'),
    collection: z.coerce.number({ error: SELECT }).int(SELECT).min(1, SELECT).max(2_147_483_647, SELECT),
  })
  .transform((data) => ({ title: data.title, collectionId: data.collection }));
export type MediaFormInput = z.infer<typeof mediaFormSchema>;

/** The document edit form: title, collection and tags (commas between them). */
export const documentFormSchema = z
  .object({
    title: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .max(255, 'Ensure this value has at most 255 characters.'),
    collection: z.coerce.number({ error: SELECT }).int(SELECT).min(1, SELECT).max(2_147_483_647, SELECT),
    tags: tagsFieldSchema,
  })
  .transform((data) => ({ title: data.title, collectionId: data.collection, tags: data.tags }));
export type DocumentFormInput = z.infer<typeof documentFormSchema>;

/**
 * The upload form's other fields: a title for a single file, the collection, and an image's alt
 * text (the image chooser's upload form asks for it; ignored for other files).
 */
export const uploadFieldsSchema = z.object({
  title: z.string().trim().max(255, 'Ensure this value has at most 255 characters.').default(''),
  default_alt_text: z.string().trim().max(400, 'Ensure this value has at most 400 characters.').default(''),
  // Empty: the root collection.
  collection: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: SELECT }).int(SELECT).min(1, SELECT).max(2_147_483_647, SELECT).optional(),
  ),
});
