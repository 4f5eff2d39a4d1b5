import express, { type Request, type Router } from 'express';
import type { Db } from '../../../db';
import { badRequest } from '../../../errors';
import { parseOr400 } from '../../../http/validate';
import { revisionParams } from '../../../../shared/schemas/page-actions';
import {
  CompareScreen,
  HistoryScreen,
  RevisionViewScreen,
  RevisionsScreen,
  type RevisionRow,
} from '../../../../views/admin/RevisionScreens';
import { pageHistory } from '../../audit/service';
import { csrfTokenFor } from '../../auth/csrf';
import { revertToRevision } from '../../pages/lifecycle-service';
import {
  compareVersions,
  listPageRevisions,
  revisionAuthor,
  revisionOfPage,
  type CompareSide,
} from '../../pages/revisions-service';
import { assertCan } from '../../permissions/policy';
import { setFlash } from '../flash';
import { userFacingError } from '../form-input';
import { pageOf } from '../page-params';
import { changesInWords, snapshotInWords } from './revision-words';
import { pageTypeOf } from '../../pages/page-types';
import { adminScreen } from '../screen';

const HISTORY_LIMIT = 200;
const REVISIONS_LIMIT = 100;
const iso = (value: Date | string) => new Date(value).toISOString();

/** History, revisions list and view, compare and revert (behind requireAdmin). */
export function revisionRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  /** The page of a revision route, once the user may see its versions ('change' on it). */
  const editablePage = async (req: Request) => {
    const page = await pageOf(db, req);
    await assertCan(db, req.user!, 'change', page);
    return page;
  };

  // Permission: 'change' on the page (history shows who did what to it).
  router.get('/pages/:id/history/', async (req, res) => {
    const page = await editablePage(req);
    const { entries, total } = await pageHistory(db, page.id, HISTORY_LIMIT);
    const title = total > HISTORY_LIMIT ? `${page.title} (latest ${HISTORY_LIMIT} of ${total})` : page.title;
    adminScreen(req, res, {
      section: 'pages',
      title: `History of ${page.title}`,
      element: <HistoryScreen page={{ id: page.id, title }} rows={entries} />,
    });
  });

  // Permission: 'change' on the page.
  router.get('/pages/:id/revisions/', async (req, res) => {
    const page = await editablePage(req);
    const revisions = await listPageRevisions(db, page.id, REVISIONS_LIMIT);
    const rows: RevisionRow[] = revisions.map((r) => ({
      id: r.id,
      title: r.object_str,
      createdAt: iso(r.created_at),
      user: r.username,
      isLive: r.id === page.live_revision_id && page.live,
      isLatest: r.id === page.latest_revision_id,
      scheduledFor: r.approved_go_live_at ? iso(r.approved_go_live_at) : null,
    }));
    const element = <RevisionsScreen page={page} rows={rows} csrfToken={csrfTokenFor(req)} />;
    adminScreen(req, res, { section: 'pages', title: `Revisions of ${page.title}`, element });
  });

  // Permission: 'change' on the page.
  router.get('/pages/:id/revisions/:revision_id/view/', async (req, res) => {
    const { revision_id } = parseOr400(revisionParams, req.params, 'revision id');
    const page = await editablePage(req);
    const revision = await revisionOfPage(db, page, revision_id);
    const user = await revisionAuthor(db, revision);
    const row: RevisionRow = {
      id: revision.id,
      title: revision.object_str,
      createdAt: iso(revision.created_at),
      user,
      isLive: false,
      isLatest: false,
      scheduledFor: null,
    };
    const element = (
      <RevisionViewScreen
        page={page}
        revision={row}
        fields={snapshotInWords(revision.content, pageTypeOf(page.page_type))}
      />
    );
    adminScreen(req, res, { section: 'pages', title: `Revision of ${page.title}`, element });
  });

  // Permission: 'change' on the page. Wagtail's URL: compare/{a}...{b}/ with 'live' or 'earliest'.
  router.get('/pages/:id/revisions/compare/:range/', async (req, res) => {
    const page = await editablePage(req);
    const match = /^(live|earliest|\d{1,10})\.\.\.(live|\d{1,10})$/.exec(String(req.params.range));
    if (!match) throw badRequest('Compare two revisions as {a}...{b}, each a revision id or live.');
    const side = (token: string): CompareSide => (token === 'live' || token === 'earliest' ? token : Number(token));
    const { fromLabel, toLabel, changes } = await compareVersions(db, page, side(match[1]!), side(match[2]!));
    adminScreen(req, res, {
      section: 'pages',
      title: `Comparing ${page.title}`,
      element: (
        <CompareScreen
          page={page}
          fromLabel={fromLabel}
          toLabel={toLabel}
          changes={changesInWords(changes, pageTypeOf(page.page_type))}
        />
      ),
    });
  });

  // Permission: 'change' on the page. Never publishes: the old content becomes a new draft.
  router.post('/pages/:id/revisions/:revision_id/revert/', async (req, res) => {
    const { revision_id } = parseOr400(revisionParams, req.params, 'revision id');
    const page = await editablePage(req);
    try {
      await revertToRevision(db, page.id, revision_id, req.user!.id);
      setFlash(
        req,
        `Page '${page.title}' has been reverted to an earlier revision as a new draft. It is not published until you publish it.`,
      );
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown) throw error;
      setFlash(req, shown.message);
    }
    res.redirect(303, `/wagtail/pages/${page.id}/edit/`);
  });

  return router;
}
