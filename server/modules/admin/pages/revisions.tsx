import express, { type Request, type Response, type Router } from 'express';
import type { Db } from '../../../db';
import { badRequest } from '../../../errors';
import { parseOr400 } from '../../../http/validate';
import { revisionParams } from '../../../../shared/schemas/page-actions';
import { pageHistoryQuerySchema, revertConfirmSchema } from '../../../../shared/schemas/page-history';
import { CompareScreen, RevisionViewScreen, type RevisionRow } from '../../../../views/admin/RevisionScreens';
import { PageHistoryScreen, RevertConfirmScreen } from '../../../../views/admin/PageHistoryScreen';
import { actionLabel, loggedRevisionIds, pageHistory, pageHistoryUsers } from '../../audit/service';
import { historyRows } from './history-rows';
import { PAGE_LOG_ACTIONS } from '../../audit/table';
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
import { formBody, userFacingError } from '../form-input';
import { pageOf } from '../page-params';
import { changesInWords, snapshotInWords } from './revision-words';
import { pageTypeOf } from '../../pages/page-types';
import { adminScreen } from '../screen';

const HISTORY_LIMIT = 200;
const REVISIONS_LIMIT = 200;
const DAY_MS = 24 * 60 * 60 * 1000;
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

  // Permission: 'change' on the page (history shows who did what to it). ?action=&user=&date_from=&date_to=.
  router.get('/pages/:id/history/', async (req, res) => {
    const page = await editablePage(req);
    const parsed = pageHistoryQuerySchema.safeParse(req.query);
    const query = parsed.success ? parsed.data : { action: '', user: '' as const, date_from: '', date_to: '' };
    // A bad filter is shown on the form (status 400) and the unfiltered history stays readable.
    const error = parsed.success ? null : parsed.error.issues.map((issue) => issue.message).join(' ');
    const filter = {
      action: query.action || undefined,
      userId: query.user || undefined,
      from: query.date_from ? new Date(`${query.date_from}T00:00:00Z`) : undefined,
      before: query.date_to ? new Date(Date.parse(`${query.date_to}T00:00:00Z`) + DAY_MS) : undefined,
    };
    const { entries, total } = await pageHistory(db, page.id, HISTORY_LIMIT, filter);
    const revisions = await listPageRevisions(db, page.id, REVISIONS_LIMIT);
    const users = await pageHistoryUsers(db, page.id);
    const logged = await loggedRevisionIds(db, page.id);
    const rows = historyRows(page, entries, revisions, logged, filter);
    const choices = { actions: PAGE_LOG_ACTIONS.map((value) => ({ value, label: actionLabel(value) })), users };
    const filters = { ...query, user: String(query.user) };
    adminScreen(req, res, {
      section: 'pages',
      status: error ? 400 : 200,
      title: `History of ${page.title}`,
      element: (
        <PageHistoryScreen page={page} rows={rows} total={total} filters={filters} choices={choices} error={error} />
      ),
    });
  });

  // Permission: 'change' on the page. The revisions list is now part of the history screen.
  router.get('/pages/:id/revisions/', async (req, res) => {
    const page = await editablePage(req);
    res.redirect(301, `/wagtail/pages/${page.id}/history/`);
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

  const revertScreen = async (req: Request, res: Response, error: string | null) => {
    const { revision_id } = parseOr400(revisionParams, req.params, 'revision id');
    const page = await editablePage(req);
    const revision = await revisionOfPage(db, page, revision_id);
    const user = await revisionAuthor(db, revision);
    adminScreen(req, res, {
      section: 'pages',
      status: error ? 400 : 200,
      title: `Revert ${page.title}`,
      element: (
        <RevertConfirmScreen
          page={page}
          revision={{ id: revision.id, createdAt: iso(revision.created_at), user }}
          csrfToken={csrfTokenFor(req)}
          error={error}
        />
      ),
    });
  };

  // Permission: 'change' on the page. The old revision rendered, and the question before the revert.
  router.get('/pages/:id/revisions/:revision_id/revert/', (req, res) => revertScreen(req, res, null));

  // Permission: 'change' on the page. Never publishes: the old content becomes a new draft, and only
  // once the confirmation form said yes (a bare POST is answered with the question again).
  router.post('/pages/:id/revisions/:revision_id/revert/', async (req, res) => {
    const { revision_id } = parseOr400(revisionParams, req.params, 'revision id');
    const page = await editablePage(req);
    const confirmed = revertConfirmSchema.safeParse(formBody(req.body));
    if (!confirmed.success) return revertScreen(req, res, confirmed.error.issues[0]!.message);
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
