import * as z from 'zod';
import { imageSchema } from '../../../shared/schemas/media';
import { demoImage } from '../demo-images';
import { defineBlockSchema } from '../define';
import { headingBlock } from '../heading/schema';
import { richTextBlock } from '../rich-text/schema';

/** Blocks that may sit inside the wrapper. */
export const WRAPPER_CHILD_TYPES = ['rich_text', 'heading'] as const;
export type WrapperChildType = (typeof WRAPPER_CHILD_TYPES)[number];

/**
 * The schemas of those blocks, imported directly: the registry (../schemas) imports this file,
 * so reading it from here would be an import cycle.
 */
const childSchemas: Record<WrapperChildType, z.ZodType> = {
  heading: headingBlock.schema,
  rich_text: richTextBlock.schema,
};

/** A nested block, validated by its own type's schema. */
const childBlockSchema = z
  .object({ type: z.enum(WRAPPER_CHILD_TYPES), id: z.string().trim().min(1).max(64), value: z.unknown() })
  .transform((block, ctx) => {
    const parsed = childSchemas[block.type].safeParse(block.value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['value', ...issue.path] });
      }
      return z.NEVER;
    }
    return { ...block, value: parsed.data as unknown };
  });

export const customBackgroundImageWrapperSchema = z.object({
  background_image: imageSchema,
  /** Used below the 840px breakpoint instead of the background image. */
  mobile_image: imageSchema.optional(),
  children: z.array(childBlockSchema).min(1).max(20),
});

export type CustomBackgroundImageWrapperValue = z.output<typeof customBackgroundImageWrapperSchema>;

export const customBackgroundImageWrapperBlock = defineBlockSchema({
  type: 'custom_background_image_wrapper',
  schema: customBackgroundImageWrapperSchema,
  meta: {
    label: 'Custom background image wrapper',
    fields: {
      background_image: { label: 'Background image', widget: 'image_chooser' },
      mobile_image: {
        label: 'Mobile image',
        widget: 'image_chooser',
        helpText: 'Used on screens narrower than 840px.',
      },
      children: { label: 'Content', helpText: 'Headings and rich text shown over the image.', widget: 'stream' },
    },
  },
  demo: {
    background_image: demoImage('dock-hero', ''),
    mobile_image: demoImage('crab-legs', ''),
    children: [
      {
        type: 'heading',
        id: 'wrapper-heading',
        value: { text: 'Dock to Table', level: 'h2', rope: true, alignment: 'centered' },
      },
      {
        type: 'rich_text',
        id: 'wrapper-text',
        value: {
          html: '<p>Our buyers are on the docks before sunrise, choosing the catch you will eat tonight.</p>',
          alignment: 'centered',
          container: 'twoThirds',
        },
      },
    ],
  },
});
