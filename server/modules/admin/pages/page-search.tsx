import type { Request, Response } from 'express';
import type { Db } from '../../../db';
import { formErrors } from '../../../http/validate';
import { pageSearchQuerySchema } from '../../../../shared/schemas/explorer';
import { PageSearchScreen } from '../../../../views/admin/PageSearchScreen';
import { searchAdminPages } from '../../pages/search-service';
import { permissionsFor } from '../../permissions/request';
import { takeFlash } from '../flash';
import { adminScreen } from '../screen';
import { listingHref, readPageFilters } from './explorer-filters';

const BASE = '/wagtail/pages/search/';

/**
 * /wagtail/pages/search/?q=..&type=..&status=..: the page search with the explorer's filter drawer
 * and bulk actions bar. The words and the filters are all in the URL; every chip, "clear all",
 * paging link and the bulk actions' way back keep the others. A refused value (words too long, a
 * filter naming nothing) is a 400 with its reason by its field, and no filter is applied until all
 * are valid. Filters without words list every page passing them.
 */
export async function pageSearch(db: Db, req: Request, res: Response): Promise<void> {
  const raw = typeof req.query.q === 'string' ? req.query.q : '';
  const query = pageSearchQuerySchema.safeParse(req.query);
  const q = query.success ? query.data.q : raw.trim();
  const permissions = await permissionsFor(db, req);
  const filters = await readPageFilters(db, req, BASE, q ? [['q', q]] : [], permissions.explorablePaths());
  const filterErrors = Object.keys(filters.view.errors).length > 0;
  let error: string | undefined;
  if (!query.success) {
    // Shown on the search form itself, which has the one field q.
    const { fieldErrors, nonFieldErrors } = formErrors(query.error, ['q', 'p']);
    error = fieldErrors.q ?? (fieldErrors.p ? `Page number: ${fieldErrors.p}` : nonFieldErrors[0]);
  }
  const searching = query.success && (q !== '' || filters.view.applied.length > 0);
  const view = searching ? await searchAdminPages(db, q, query.data.p, permissions, filters.applied) : null;
  const page = view?.pagination.page ?? 1;
  const selfHref = listingHref(BASE, q ? [['q', q]] : [], [
    ...filters.view.applied,
    ...(page > 1 ? [['p', String(page)] as [string, string]] : []),
  ]);
  const invalid = !query.success || filterErrors;
  const title = q ? `Search pages: ${q}` : 'Search pages';
  adminScreen(req, res, {
    section: 'pages',
    title: `${invalid ? 'Error: ' : ''}${title}`,
    element: (
      <PageSearchScreen
        view={view}
        query={q}
        error={error}
        filters={filters.view}
        selfHref={selfHref}
        message={takeFlash(req)}
      />
    ),
    status: invalid ? 400 : undefined,
  });
}
