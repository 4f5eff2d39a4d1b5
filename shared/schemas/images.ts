import * as z from 'zod';
import { tagsFieldSchema } from './tags';

const REQUIRED = 'This field is required.';
const SELECT = 'Select a valid choice.';
const FRACTION = 'Enter a number from 0 to 1.';

const fraction = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.coerce.number({ error: FRACTION }).min(0, FRACTION).max(1, FRACTION).optional(),
);

/**
 * The image edit form: title, alt text, collection, tags and the focal point as fractions of the width
 * and height (0 is the left / top edge), both or neither. The alt text may be empty only for a
 * decorative image, which the form says with the 'decorative' checkbox.
 */
export const imageFormSchema = z
  .object({
    title: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .max(255, 'Ensure this value has at most 255 characters.'),
    default_alt_text: z.string().trim().max(400, 'Ensure this value has at most 400 characters.').default(''),
    decorative: z.string().default(''),
    collection: z.coerce.number({ error: SELECT }).int(SELECT).min(1, SELECT).max(2_147_483_647, SELECT),
    focal_point_x: fraction,
    focal_point_y: fraction,
    tags: tagsFieldSchema,
  })
  .superRefine((data, ctx) => {
    if ((data.focal_point_x === undefined) !== (data.focal_point_y === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [data.focal_point_x === undefined ? 'focal_point_x' : 'focal_point_y'],
        message: 'Give both coordinates of the focal point, or neither.',
      });
    }
    if (!data.default_alt_text && data.decorative !== 'on') {
      ctx.addIssue({
        code: 'custom',
        path: ['default_alt_text'],
        message: 'Describe the image for people who cannot see it, or tick “Decorative image”.',
      });
    }
  })
  .transform((data) => ({
    title: data.title,
    altText: data.decorative === 'on' ? '' : data.default_alt_text,
    collectionId: data.collection,
    tags: data.tags,
    focalPoint:
      data.focal_point_x !== undefined && data.focal_point_y !== undefined
        ? ([data.focal_point_x, data.focal_point_y] as [number, number])
        : undefined,
  }));
export type ImageFormInput = z.infer<typeof imageFormSchema>;
