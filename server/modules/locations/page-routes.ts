import { Router, type Request } from 'express';
import type { Db } from '../../db';
import { requestSiteOf } from '../pages/request-site';
import { renderPage, type RenderDeps } from '../../ssr/render';
import { directionsUrl, orderUrl } from '../../../shared/locations/links';
import type { PageData } from '../../../shared/schemas/page-payload';
import { pageAlternates, type ResolvedPage } from '../pages/public-service';
import type { ViewGate } from '../privacy/gate';
import { findLivePageOfType } from '../pages/service';
import { publicPath } from '../pages/site-tree';
import { cityListing, locationPage } from './directory';
import { cityListExtraSchema, locationPageExtraSchema } from '../../../shared/schemas/locations';
import { countryOf, STATE_LIST_TYPE, stateListContentSchema } from './page-types';
import { localPageLocation } from './local-page';
import { restaurantJsonLd } from './structured-data';

/** {state list path}list/{state}/{city}/ and .../{line1}/ (trailing slash optional). */
const DIRECTORY_PATH = /^(.*\/)list\/([a-z0-9-]+)\/([a-z0-9-]+)(?:\/([a-z0-9-]+))?\/?$/;

/** Every path these routes can match (the app skips the router for the others). */
export const LOCATION_PAGE_SCOPE = /\/list\/|^(?:\/[^/]+)?\/seafood-restaurants\/locations\//i;

/**
 * City and single-location pages of the directory. They are not tree pages: they live under the
 * site's state list page and render from location rows. Anything not found falls through to the
 * public page router, which answers the site's not-found page.
 */
export function locationPageRoutes(db: Db, renderDeps: RenderDeps, gate?: ViewGate): Router {
  const router = Router();

  router.get(DIRECTORY_PATH, async (req, res, next) => {
    const match = DIRECTORY_PATH.exec(req.path)!;
    const [, base, stateSlug = '', citySlug = '', line1Slug] = match;

    const { site, tree, root, origin } = requestSiteOf(res);
    const stateList = await findLivePageOfType(db, STATE_LIST_TYPE, root.page.path);
    const stateListUrl = stateList ? publicPath(tree, stateList) : null;
    const content = stateListContentSchema.safeParse(stateList?.content);
    if (!stateList || stateListUrl !== base || !content.success) return next();
    const country = await countryOf(db, content.data.country, root.languageCode);
    // The same directory page in the site's other languages: the state list's translations,
    // with the same state, city and restaurant below them (the slugs are the same in every language).
    const below = req.path.slice(base.length);
    const alternates = (await pageAlternates(db, tree, stateList)).map((alt) => ({
      ...alt,
      url: `${alt.url}${below}`,
    }));

    const page = (fields: Pick<PageData, 'title' | 'pageType' | 'extra'> & { url: string }): PageData => ({
      id: stateList.id,
      seoTitle: '',
      searchDescription: '',
      robots: '',
      lastPublishedAt: null,
      content: {},
      ...fields,
    });
    const resolved = (template: string, data: PageData, structuredData?: Record<string, unknown>): ResolvedPage => ({
      kind: 'page',
      status: 200,
      tree,
      root,
      template,
      alternates,
      page: data,
      structuredData,
    });

    if (!line1Slug) {
      const listing = await cityListing(db, country.code, stateListUrl, stateSlug, citySlug, root.languageCode);
      if (!listing) return next();
      const title = `${listing.city.name}, ${listing.state.code}`;
      const cityPage = resolved(
        'LocationsPageLocationList',
        page({
          title,
          pageType: 'LocationsPageLocationList',
          url: req.path,
          extra: cityListExtraSchema.parse({ ...listing, country, stateListUrl }),
        }),
      );
      // Directory pages live under the state list page and share its privacy.
      if (gate && !(await gate(req, res, cityPage))) return;
      await renderPage(res, cityPage, renderDeps);
      return;
    }

    const found = await locationPage(db, country.code, stateListUrl, { stateSlug, citySlug, line1Slug });
    if (!found) return next();
    const { row, ...data } = found;
    const extra = locationPageExtraSchema.parse({
      ...data,
      country,
      stateListUrl,
      directionsUrl: directionsUrl(row.latitude, row.longitude),
      orderUrl: row.has_online_ordering ? orderUrl(row.rlid, row.country_root_url) : null,
    });
    const title = `${row.address1}, ${row.city}, ${row.state}`;
    const locationResolved = resolved(
      'LocationsPageLocation',
      page({ title, pageType: 'LocationsPageLocation', url: req.path, extra }),
      restaurantJsonLd(row, {
        name: site.site_name,
        url: new URL(req.path, origin).href,
        specialHours: data.specialHours,
      }),
    );
    if (gate && !(await gate(req, res, locationResolved))) return;
    await renderPage(res, locationResolved, renderDeps);
  });

  // The local page of a location (spec section 2) is its directory page: on this site when it
  // lists the restaurant's country, else on the site that does (a US map page can show a
  // restaurant in Canada).
  // Under a language prefix ('/fr/seafood-restaurants/...') it leads to the page in that language.
  router.get(
    ['/seafood-restaurants/locations/:localPageUrl', '/:language/seafood-restaurants/locations/:localPageUrl'],
    async (req: Request<{ localPageUrl: string; language?: string }>, res, next) => {
      const { tree, root } = requestSiteOf(res);
      // '/de/...' on a site without German is no page.
      if ((req.params.language ? `/${req.params.language}` : '') !== root.prefix) return next();
      const location = await localPageLocation(db, tree, root, req.params.localPageUrl);
      if (!location) return next();
      res.redirect(301, location);
    },
  );

  return router;
}
