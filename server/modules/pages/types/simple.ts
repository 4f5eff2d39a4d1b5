import * as z from 'zod';
import { definePageType } from '../page-type';

/*
 * The two simple pages of spec section 2 ("one with only a title and a noindex robots setting,
 * one with only page metadata"). The spec names no template for them; of its 17 names, the two
 * "landing page" ones fit by elimination (the press, contact and signup form pages have their
 * own sections of the spec). See docs/decisions/2026-11-22-simple-page-templates.md.
 */

const PARENTS = ['HomePage', 'ExamplePage', 'UtilityPage', 'RedirectPage'];

/**
 * Where a contact form lands after sending: a title ("Thanks for reaching out") and nothing a
 * search engine should list. The page type forces `noindex` whatever the editor typed.
 */
export const contactUsLandingPage = definePageType({
  type: 'ContactUsPageLandingPage',
  label: 'Title-only page (not indexed)',
  contentSchema: z.object({}),
  streamFields: [],
  parentTypes: PARENTS,
  routable: true,
  robots: 'noindex',
});

/**
 * A page that is only its metadata (title, SEO title, description, robots): a stable,
 * shareable URL for a campaign whose content lives elsewhere (e.g. an e-mail signup link).
 */
export const emailSignupLandingPage = definePageType({
  type: 'EmailSignupPageLandingPage',
  label: 'Metadata-only page',
  contentSchema: z.object({}),
  streamFields: [],
  parentTypes: PARENTS,
  routable: true,
});
