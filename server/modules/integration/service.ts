import type { Db } from '../../db';
import type { RequestSite } from '../pages/request-site';
import {
  FORM_LOCATION_SEARCH_LIMIT,
  HEADER_LIST_LIMIT,
  QUICK_SEARCH_LIMIT,
  SEARCH_RADIUS_MILES,
} from '../../../shared/locations/search-limits';
import { integrationManifestSchema, type IntegrationManifest } from '../../../shared/schemas/integration-manifest';
import { STATE_LIST_TYPE } from '../locations/page-types';
import * as pagesRepo from '../pages/repo';
import { publicPath } from '../pages/site-tree';

/**
 * The manifest of the requesting site. Every URL is built on the site's configured origin, never
 * on the request, because the answer is cached publicly. Checked against its own schema before
 * it is served, so a broken manifest is a 500 in tests rather than a silent lie to integrators.
 */
export async function integrationManifest(
  db: Db,
  { site, tree, origin }: Pick<RequestSite, 'site' | 'tree' | 'origin'>,
): Promise<IntegrationManifest> {
  const defaultRoot = tree.roots[0]!;
  const stateList = await pagesRepo.findLivePageOfType(db, STATE_LIST_TYPE, defaultRoot.page.path);
  const stateListPath = stateList ? publicPath(tree, stateList) : null;
  const mapPage = stateList ? await pagesRepo.findLivePageOfType(db, 'LocationsPageMap', stateList.path) : undefined;
  const mapPath = mapPage ? publicPath(tree, mapPage) : null;
  const url = (path: string) => `${origin}${path}`;

  return integrationManifestSchema.parse({
    manifestVersion: 1,
    site: {
      name: site.site_name,
      origin,
      defaultLanguage: defaultRoot.languageCode,
      languages: tree.roots.map((root) => ({ code: root.languageCode, homeUrl: url(`${root.prefix}/`) })),
    },
    discovery: {
      sitemap: url('/sitemap.xml'),
      robots: url('/robots.txt'),
      securityTxt: url('/.well-known/security.txt'),
    },
    pages: {
      locations: stateListPath ? url(stateListPath) : null,
      locationsMap: mapPath ? url(mapPath) : null,
      notFound: url('/error-pages/404/'),
      order: url('/order?rlid={rlid}'),
      localPage: url('/seafood-restaurants/locations/{localPageURL}'),
    },
    apis: [
      {
        name: 'getlocations',
        method: 'GET',
        url: url('/api/location/getlocations/'),
        query: ['latitude', 'longitude', 'radius', 'limit', 'state', 'country'],
        description:
          'Restaurants nearest a point, with distances in miles (spec section 7); with state and country, every restaurant in that state or province, nearest the point first.',
      },
      {
        name: 'getlocation',
        method: 'GET',
        url: url('/api/location/getlocation/'),
        query: ['rlid'],
        description: 'One restaurant by its rlid.',
      },
      {
        name: 'geocode',
        method: 'GET',
        url: url('/api/location/geocode/'),
        query: ['q', 'country'],
        description:
          "A city, state, province, ZIP or postal code to coordinates, from the offline gazetteer; country (US or CA) ranks the visitor's country first.",
      },
      {
        name: 'csrftoken',
        method: 'GET',
        url: url('/api-nc/csrftoken/'),
        query: [],
        description: 'A CSRF token for the forms that post to this site.',
      },
      {
        name: 'health',
        method: 'GET',
        url: url('/api/ht/'),
        query: [],
        description: 'Health of the database and media storage; 503 when one fails.',
      },
      {
        name: 'static-map',
        method: 'GET',
        url: url('/media/maps/locations/{rlid}/{variant}.png'),
        query: [],
        description: 'A restaurant’s map image; variant is small or large.',
      },
    ],
    limits: {
      searchRadiusMiles: SEARCH_RADIUS_MILES,
      headerListLimit: HEADER_LIST_LIMIT,
      quickSearchLimit: QUICK_SEARCH_LIMIT,
      formLocationSearchLimit: FORM_LOCATION_SEARCH_LIMIT,
    },
  });
}
