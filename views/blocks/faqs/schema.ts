import * as z from 'zod';
import { defineBlockSchema } from '../define';
import { richHtml } from '../rich-html';

export const faqsSchema = z.object({
  heading: z.string().trim().max(160).default(''),
  layout: z.enum(['one_column', 'two_columns']).default('one_column'),
  faqs: z
    .array(
      z.object({
        question: z.string().trim().min(1).max(300),
        answer: richHtml().refine((html) => html.length > 0, 'Required'),
      }),
    )
    .min(1)
    .max(100),
});

export type FaqsValue = z.output<typeof faqsSchema>;

export const faqsBlock = defineBlockSchema({
  type: 'faqs',
  schema: faqsSchema,
  meta: {
    label: 'FAQs',
    fields: {
      layout: { label: 'Layout', widget: 'select', helpText: 'One or two columns of questions.' },
      faqs: { label: 'Questions', helpText: 'Visitors can open several answers at once.' },
    },
  },
  demo: {
    heading: 'Frequently Asked Questions',
    layout: 'two_columns',
    faqs: [
      {
        question: 'Do you take reservations?',
        answer: '<p>Most restaurants do. Choose a location and select <strong>Reserve a Table</strong>.</p>',
      },
      {
        question: 'Can I join the wait list online?',
        answer: '<p>Yes, from the location picker when the restaurant offers it.</p>',
      },
      { question: 'Where does your fish come from?', answer: '<p>From fisheries we audit every year.</p>' },
      { question: 'Do you offer gluten-free dishes?', answer: '<p>Ask your server for our allergen guide.</p>' },
    ],
  },
});
