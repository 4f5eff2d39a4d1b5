import * as z from 'zod';
import { blockBodySchema } from '../../../../shared/schemas/block-body';
import { backgroundStyleSchema, safeUrlSchema } from '../../../../shared/schemas/content';
import { definePageType } from '../page-type';

const SITE_ROOTS = ['HomePage'];
const CONTENT_PARENTS = ['HomePage', 'ExamplePage', 'UtilityPage', 'RedirectPage'];

/** The invisible top of the tree; every site's home page is its child. */
export const rootPage = definePageType({
  type: 'Root',
  label: 'Root',
  contentSchema: z.object({}),
  streamFields: [],
  parentTypes: [],
  routable: false,
});

export const homePage = definePageType({
  type: 'HomePage',
  label: 'Home page',
  contentSchema: z.object({ body: blockBodySchema }),
  streamFields: ['body'],
  parentTypes: ['Root'],
  routable: true,
});

/** The generic content page: a body, and on some pages a confirmation-content area. */
export const examplePage = definePageType({
  type: 'ExamplePage',
  label: 'Content page',
  contentSchema: z.object({ body: blockBodySchema, confirmation_content: blockBodySchema }),
  streamFields: ['body', 'confirmation_content'],
  parentTypes: [...SITE_ROOTS, ...CONTENT_PARENTS],
  routable: true,
});

export const utilityPage = definePageType({
  type: 'UtilityPage',
  label: 'Utility page',
  contentSchema: z.object({ body: blockBodySchema, background_style: backgroundStyleSchema }),
  streamFields: ['body'],
  parentTypes: [...SITE_ROOTS, ...CONTENT_PARENTS],
  routable: true,
});

/**
 * Renders only the page shell; with a target it answers an HTTP redirect. It also serves as
 * a folder for pages that have no page of their own (e.g. /error-pages/).
 */
export const redirectPage = definePageType({
  type: 'RedirectPage',
  label: 'Redirect page',
  contentSchema: z.object({ redirect_to: safeUrlSchema.optional() }),
  streamFields: [],
  parentTypes: [...SITE_ROOTS, ...CONTENT_PARENTS],
  routable: true,
});
