import express, { type Router } from 'express';
import type { Db } from '../../../db';
import type { Logger } from '../../../logger';
import type { RenderDeps } from '../../../ssr/render';
import { addRoutes } from './add';
import { bulkRoutes } from './bulk';
import { copyRoutes } from './copy';
import { deleteRoutes } from './delete';
import { commentRoutes } from './comments';
import { autosaveRoutes } from './edit/autosave';
import { editRoutes } from './edit/routes';
import { explorerRoutes } from './explorer';
import { lockRoutes } from './lock';
import { moveRoutes } from './move';
import { previewRoutes } from './preview';
import { privacyRoutes } from './privacy';
import { revisionRoutes } from './revisions';
import { unpublishRoutes } from './unpublish';
import { unscheduleRoutes } from './unschedule';
import { usageRoutes } from './usage';
import { workflowRoutes } from './workflow';

/** Everything under /wagtail/pages/, one file per screen or action as Wagtail's admin/views/pages/. */
export function pagesRoutes({ db, renderDeps, logger }: { db: Db; renderDeps: RenderDeps; logger: Logger }): Router {
  const router = express.Router();
  // The explorer first: its /pages/search/ must win over /pages/:id/.
  router.use(explorerRoutes({ db }));
  router.use(editRoutes({ db }));
  router.use(autosaveRoutes({ db }));
  router.use(addRoutes({ db }));
  router.use(unpublishRoutes({ db }));
  router.use(deleteRoutes({ db }));
  router.use(moveRoutes({ db }));
  router.use(copyRoutes({ db }));
  router.use(lockRoutes({ db }));
  router.use(revisionRoutes({ db }));
  router.use(previewRoutes({ db, renderDeps, logger }));
  router.use(privacyRoutes({ db }));
  router.use(workflowRoutes({ db }));
  router.use(usageRoutes({ db }));
  router.use(unscheduleRoutes({ db }));
  router.use(commentRoutes({ db }));
  router.use(bulkRoutes({ db }));
  return router;
}
