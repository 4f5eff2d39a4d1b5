import type { Response } from 'express';
import { notFound } from '../../../errors';
import { renderPage, type RenderDeps } from '../../../ssr/render';
import type { FooterContent, HeaderContent } from '../../../../shared/schemas/navigation';
import {
  columnsOutlineOf,
  footerFormSchema,
  menuOutlineOf,
  navigationFormSchema,
  socialLinesOf,
  type FooterInput,
  type NavigationInput,
  type StoredFooter,
} from '../../../../shared/schemas/snippets';
import { buildPage } from '../../pages/public-service';
import { loadSiteTree } from '../../pages/site-tree';
import { getSite } from '../../site-management/service';
import {
  createChrome,
  deleteChrome,
  findChrome,
  listChrome,
  publishChrome,
  snippetsChanged,
  touchChrome,
  type ChromeListing,
} from '../../snippets/service';
import { checkHeaderPages } from '../../snippets/page-links';
import { defineViewSet, type DraftHooks, type ViewSetContext } from '../viewsets/definition';
import { languageChoices, siteChoices, withAny } from './choices';
import { MODEL_PERMISSION_POLICY } from '../viewsets/permission-policy';
import { formatAdminTime } from '../../../../shared/admin/admin-clock';

/**
 * Preview: the site's home page in the snippet's language on the real site template, with the
 * posted header menu or footer in place of the published one. Nothing is saved.
 */
async function previewChrome(
  { db, render: deps }: ViewSetContext,
  res: Response,
  input: { siteId: number; languageCode: string },
  override: { header?: HeaderContent; footer?: StoredFooter },
): Promise<void> {
  const logger = deps.logger;
  const site = await getSite(db, input.siteId);
  const tree = await loadSiteTree(db, site);
  const root = tree.roots.find((r) => r.languageCode === input.languageCode) ?? tree.roots[0];
  if (!root) throw notFound('The site has no home page to preview on.');
  const resolved = await buildPage(db, logger, { tree, root, page: root.page, status: 200, query: {} });
  const previewDeps: RenderDeps = {
    ...deps,
    siteChrome: async (page) => {
      const live = (await deps.siteChrome?.(page)) ?? {};
      return {
        ...live,
        ...(override.header ? { header: { newHeader: live.header?.newHeader ?? true, content: override.header } } : {}),
        ...(override.footer
          ? {
              footer: {
                content: { ...override.footer, regions: live.footer?.content.regions ?? [] } as FooterContent,
                a11yFeedbackUrl: live.footer?.a11yFeedbackUrl ?? null,
              },
            }
          : {}),
      };
    },
  };
  res.setHeader('Cache-Control', 'no-store, private');
  res.setHeader('X-Robots-Tag', 'noindex');
  await renderPage(res, { ...resolved, page: { ...resolved.page, robots: 'noindex' } }, previewDeps);
}

/** Translate (the localize module's screen): segments are read from the stored content, not from this form. */
const translateLink = (model: string) => ({
  label: 'Translate',
  href: (pk: number) => `/wagtail/localize/submit/snippet/core/${model}/${pk}/`,
  permission: 'change' as const,
});

const chromeColumns = [
  {
    name: 'site',
    label: 'Site',
    sortable: true,
    linksToEdit: true,
    value: (row: ChromeListing) => row.site_name || row.site_hostname,
  },
  { name: 'language', label: 'Language', sortable: true, value: (row: ChromeListing) => row.language_code },
  {
    name: 'updated_at',
    label: 'Published',
    sortable: true,
    value: (row: ChromeListing) => formatAdminTime(row.updated_at),
  },
];

const chromeFilters = [
  { name: 'site', label: 'Site', choices: withAny('Any site', siteChoices) },
  { name: 'language', label: 'Language', choices: withAny('Any language', languageChoices) },
];

const siteAndLanguage = [
  { name: 'site', label: 'Site', widget: 'select' as const, required: true, loadChoices: siteChoices },
  { name: 'language', label: 'Language', widget: 'select' as const, required: true, loadChoices: languageChoices },
];

const MENU_HELP =
  'One line each. A section: “# primary: Menu” (roles: primary, secondary, social-media-row). A link: “- Full Menu | /menu/”, or to a page by its id: “- Fish | page:42” (the link follows the page when it moves). A link under the one above (third level): “-- Fish | /menu/fish/”. A link without an address is kept but not shown. With JavaScript the menu is edited as a list instead.';

const navigationDrafts: DraftHooks<ChromeListing, NavigationInput> = {
  toContent: (input) => input,
  fromContent: (content) => {
    const c = content as Partial<NavigationInput> | null;
    if (!c || typeof c.siteId !== 'number' || typeof c.languageCode !== 'string' || !c.content) return undefined;
    const parsed = navigationFormSchema.safeParse({
      site: String(c.siteId),
      language: c.languageCode,
      menu: menuOutlineOf(c.content),
    });
    return parsed.success ? parsed.data : undefined;
  },
  formValues: (input) => ({
    site: String(input.siteId),
    language: input.languageCode,
    menu: menuOutlineOf(input.content),
  }),
  publish: (db, row, input) => publishChrome('snippet_navigation')(db, row, input),
  touch: (db, row) => touchChrome('snippet_navigation')(db, row),
  check: (db, input) => checkHeaderPages(db, input.content),
  preview: (context, _req, res, input) => previewChrome(context, res, input, { header: input.content }),
};

/** /wagtail/snippets/core/tierednavigation/: the header's menus of a site in one language, with drafts. */
export const navigationViewSet = defineViewSet<ChromeListing, NavigationInput>({
  app: 'core',
  model: 'tierednavigation',
  names: { name: 'header menu', plural: 'header menus' },
  base: 'snippets/core/tierednavigation',
  permissions: MODEL_PERMISSION_POLICY,
  schema: navigationFormSchema,
  fields: [
    ...siteAndLanguage,
    // The structured menu editor (client/admin/menu-editor/) takes over this outline when JavaScript runs.
    {
      name: 'menu',
      label: 'Menu sections and links',
      widget: 'textarea',
      required: true,
      help: MENU_HELP,
      enhance: 'menu',
    },
  ],
  initialValues: { site: '', language: '', menu: '# primary: Menu\n- ' },
  formValues: (row) => ({
    site: String(row.site_id),
    language: row.language_code,
    menu: menuOutlineOf(row.content as HeaderContent),
  }),
  title: (row) => `Header menu of ${row.site_name || row.site_hostname} (${row.language_code})`,
  columns: chromeColumns,
  search: { placeholder: 'Site or language' },
  filters: chromeFilters,
  defaultOrder: 'site',
  store: {
    list: listChrome('snippet_navigation'),
    get: findChrome('snippet_navigation'),
    create: (db, input) => createChrome('snippet_navigation')(db, input),
    // Edits go through drafts (publish / touch); a plain update is a publish.
    update: (db, row, input) => publishChrome('snippet_navigation')(db, row, input),
    remove: ({ db }, rows) => deleteChrome('snippet_navigation')(db, rows),
  },
  drafts: navigationDrafts,
  editLinks: [translateLink('tierednavigation')],
  afterChange: snippetsChanged,
});

const footerValues = (input: { siteId: number; languageCode: string; content: StoredFooter }) => ({
  site: String(input.siteId),
  language: input.languageCode,
  columns: columnsOutlineOf(input.content.columns),
  social_icons: socialLinesOf(input.content.social_icons),
  legal_text: input.content.legal_text,
  use_twitter_bird: input.content.use_twitter_bird ? 'on' : '',
});

const footerDrafts: DraftHooks<ChromeListing, FooterInput> = {
  toContent: (input) => input,
  fromContent: (content) => {
    const c = content as Partial<FooterInput> | null;
    if (!c || typeof c.siteId !== 'number' || typeof c.languageCode !== 'string' || !c.content) return undefined;
    const parsed = footerFormSchema.safeParse(footerValues(c as FooterInput));
    return parsed.success ? parsed.data : undefined;
  },
  formValues: footerValues,
  publish: (db, row, input) => publishChrome('snippet_footers')(db, row, input),
  touch: (db, row) => touchChrome('snippet_footers')(db, row),
  preview: (context, _req, res, input) => previewChrome(context, res, input, { footer: input.content }),
};

/** /wagtail/snippets/core/footer/: a site's footer in one language (columns, social icons, legal text), with drafts. */
export const footerViewSet = defineViewSet<ChromeListing, FooterInput>({
  app: 'core',
  model: 'footer',
  names: { name: 'footer', plural: 'footers' },
  base: 'snippets/core/footer',
  permissions: MODEL_PERMISSION_POLICY,
  schema: footerFormSchema,
  fields: [
    ...siteAndLanguage,
    {
      name: 'columns',
      label: 'Columns',
      widget: 'textarea',
      help: 'One line each. A column: “# About Us” (add “ [collapsible]” to fold it on phones). A link: “- Our Story | /about/”.',
    },
    {
      name: 'social_icons',
      label: 'Social icons',
      widget: 'textarea',
      help: 'One “network | address” a line, such as “instagram | https://www.instagram.com/…”. Networks: twitter, facebook, youtube, linkedin, instagram, tiktok, pinterest.',
    },
    { name: 'legal_text', label: 'Legal text', widget: 'textarea', help: 'Plain text, one paragraph a line.' },
    { name: 'use_twitter_bird', label: 'Draw Twitter with the bird logo', widget: 'checkbox' },
  ],
  initialValues: { site: '', language: '', columns: '', social_icons: '', legal_text: '', use_twitter_bird: '' },
  formValues: (row) =>
    footerValues({ siteId: row.site_id, languageCode: row.language_code, content: row.content as StoredFooter }),
  title: (row) => `Footer of ${row.site_name || row.site_hostname} (${row.language_code})`,
  columns: chromeColumns,
  search: { placeholder: 'Site or language' },
  filters: chromeFilters,
  defaultOrder: 'site',
  store: {
    list: listChrome('snippet_footers'),
    get: findChrome('snippet_footers'),
    create: (db, input) => createChrome('snippet_footers')(db, input),
    update: (db, row, input) => publishChrome('snippet_footers')(db, row, input),
    remove: ({ db }, rows) => deleteChrome('snippet_footers')(db, rows),
  },
  drafts: footerDrafts,
  editLinks: [translateLink('footer')],
  afterChange: snippetsChanged,
});
