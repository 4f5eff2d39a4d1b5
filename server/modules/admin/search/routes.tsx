import express, { type Router } from 'express';
import type { Db } from '../../../db';
import { formErrors } from '../../../http/validate';
import { adminSearchQuerySchema } from '../../../../shared/schemas/admin-search';
import { AdminSearchScreen } from '../../../../views/admin/AdminSearchScreen';
import { modelPermissionsFor } from '../../permissions/model-policy';
import { permissionsFor } from '../../permissions/request';
import { adminScreen } from '../screen';
import { searchAdmin } from './service';

/** /wagtail/search/ (Wagtail's admin search): one box, results grouped by kind (behind requireAdmin). */
export function adminSearchRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  // Permission: admin access; each group holds only what the viewer may see (search/service.ts).
  router.get('/search/', async (req, res) => {
    const raw = typeof req.query.q === 'string' ? req.query.q : '';
    const parsed = adminSearchQuerySchema.safeParse({ q: req.query.q });
    if (!parsed.success) {
      // A query too long, or q given twice: said on the form, which keeps what was typed.
      const { fieldErrors, nonFieldErrors } = formErrors(parsed.error, ['q']);
      const element = <AdminSearchScreen view={null} query={raw} error={fieldErrors.q ?? nonFieldErrors[0]} />;
      return adminScreen(req, res, { section: 'search', title: 'Search', element, status: 400 });
    }
    const { q } = parsed.data;
    const view = q
      ? await searchAdmin(db, q, {
          userId: req.user!.id,
          pages: await permissionsFor(db, req),
          models: await modelPermissionsFor(db, req),
        })
      : null;
    adminScreen(req, res, {
      section: 'search',
      title: q ? `Search: ${q}` : 'Search',
      element: <AdminSearchScreen view={view} query={q} />,
    });
  });

  return router;
}
