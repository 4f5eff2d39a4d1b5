import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { parseOr400 } from '../../../http/validate';
import { revisionParams } from '../../../../shared/schemas/page-actions';
import { UnscheduleScreen } from '../../../../views/admin/UnscheduleScreen';
import { csrfTokenFor } from '../../auth/csrf';
import { revisionOfPage } from '../../pages/revisions-service';
import { unschedulePage } from '../../pages/schedule-service';
import type { Page } from '../../pages/table';
import { assertCan } from '../../permissions/policy';
import { setFlash } from '../flash';
import { userFacingError } from '../form-input';
import { pageOf } from '../page-params';
import { adminScreen } from '../screen';

/** Wagtail's revisions_unschedule: a scheduled revision no longer waits for its go-live time. */
export function unscheduleRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  const render = async (
    req: Request,
    res: Response,
    page: Page,
    revisionId: number,
    errors: string[],
    status = 200,
  ) => {
    const revision = await revisionOfPage(db, page, revisionId);
    const goLiveAt = revision.approved_go_live_at ? new Date(revision.approved_go_live_at).toISOString() : null;
    const element = (
      <UnscheduleScreen
        page={page}
        revisionId={revision.id}
        goLiveAt={goLiveAt}
        csrfToken={csrfTokenFor(req)}
        errors={errors}
      />
    );
    adminScreen(req, res, { section: 'pages', title: `Unschedule ${page.title}`, element, status });
  };

  // Permission: 'publish' on the page (Wagtail's can_unschedule).
  router.get('/pages/:id/revisions/:revision_id/unschedule/', async (req, res) => {
    const { revision_id } = parseOr400(revisionParams, req.params, 'revision id');
    const page = await pageOf(db, req);
    await assertCan(db, req.user!, 'publish', page);
    await render(req, res, page, revision_id, []);
  });

  // Permission: 'publish' on the page.
  router.post('/pages/:id/revisions/:revision_id/unschedule/', async (req, res) => {
    const { revision_id } = parseOr400(revisionParams, req.params, 'revision id');
    const page = await pageOf(db, req);
    await assertCan(db, req.user!, 'publish', page);
    try {
      await unschedulePage(db, page.id, revision_id, req.user!.id);
      setFlash(req, `The version of '${page.title}' is no longer scheduled.`);
      res.redirect(303, `/wagtail/pages/${page.id}/edit/`);
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown || shown.status === 404) throw error;
      await render(req, res, page, revision_id, [shown.message], shown.status);
    }
  });

  return router;
}
