import type { Db } from '../../db';
import { HttpError } from '../../errors';
import type { Logger } from '../../logger';
import { liveReads } from '../pages/live-reads';
import type { ResolvedPage } from '../pages/public-service';
import { publicPath } from '../pages/site-tree';
import { preferredRlidFromCookieHeader } from './preferred-cookie';
import { locationByRlid } from './service';
import type { PickerContext, PickerContextLoader } from '../../ssr/render';

export type { PickerContext, PickerContextLoader };

/**
 * The RenderDeps hook behind the header picker: the saved location (from the 'li' cookie) and
 * the URL of the site's map page ('View Map' and 'View All Locations' show only when it exists).
 */
export function pickerContextLoader(db: Db, logger: Logger): PickerContextLoader {
  return async (cookieHeader, resolved) => {
    const [preferredLocation, mapPageUrl] = await Promise.all([
      savedLocation(db, logger, cookieHeader),
      mapPagePath(db, resolved),
    ]);
    return { preferredLocation, mapPageUrl };
  };
}

async function savedLocation(db: Db, logger: Logger, cookieHeader: string | undefined) {
  const rlid = preferredRlidFromCookieHeader(cookieHeader);
  if (rlid === null) return null;
  try {
    return await locationByRlid(db, rlid);
  } catch (error) {
    // A closed-down restaurant's rlid in an old cookie is expected: the visitor simply has none.
    if (error instanceof HttpError && error.status === 404) return null;
    // Anything else (e.g. LocationDataError carrying the validation report) is logged, and the
    // page still renders with the picker's search state rather than failing as a whole.
    logger.error({ err: error, rlid }, 'loading the preferred location failed');
    return null;
  }
}

/** The map page of the page's language, else of the site's default language. */
async function mapPagePath(db: Db, resolved: ResolvedPage): Promise<string | null> {
  for (const root of [resolved.root, resolved.tree.roots[0]!]) {
    const page = await liveReads(db).findLivePageOfType('LocationsPageMap', root.page.path);
    if (page) return publicPath(resolved.tree, page);
  }
  return null;
}
