import express, { type Request, type Router } from 'express';
import { pageOf as pageFromRequest } from './page-params';
import type { Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import type { AssetManifest } from '../../ssr/assets';
import { revisionParams } from '../../../shared/schemas/page-actions';
import { CompareScreen, HistoryScreen, RevisionViewScreen, RevisionsScreen, type RevisionRow } from '../../../views/admin/RevisionScreens';
import { countLogEntries, listLogEntries } from '../audit/repo';
import { csrfTokenFor } from '../auth/csrf';
import * as lifecycleRepo from '../pages/lifecycle-repo';
import { revertToRevision } from '../pages/lifecycle-service';
import * as pagesRepo from '../pages/repo';
import { diffSnapshots, flatten } from '../pages/revision-diff';
import type { Page, PageRevision, RevisionSnapshot } from '../pages/table';
import { assertCan } from '../permissions/policy';
import { setFlash } from './flash';
import { describeLogEntry, displayName } from './history-describe';
import { userFacingError } from './page-action-errors';
import { renderAdmin } from './render';
import { pagesScreen } from './shell-screen';

const HISTORY_LIMIT = 200;
const REVISIONS_LIMIT = 100;
const iso = (value: Date | string) => new Date(value).toISOString();

function liveSnapshot(page: Page): RevisionSnapshot {
  return { title: page.title, slug: page.slug, seo_title: page.seo_title, search_description: page.search_description, robots: page.robots, content: page.content };
}

/** History, revisions list and view, compare and revert (behind requireAdmin). */
export function revisionRoutes({ db, assets }: { db: Db; assets: AssetManifest }): Router {
  const router = express.Router();
  const chrome = (req: Request) => ({ user: req.user!, csrfToken: csrfTokenFor(req) });

  const pageOf = (req: Request): Promise<Page> => pageFromRequest(db, req);
  const revisionOf = async (page: Page, id: number): Promise<PageRevision> => {
    const revision = await pagesRepo.findRevision(db, id);
    if (!revision || revision.page_id !== page.id) throw notFound('The revision does not exist.');
    return revision;
  };

  // Permission: 'change' on the page (history shows who did what to it).
  router.get('/pages/:id/history/', async (req, res) => {
    const page = await pageOf(req);
    await assertCan(db, req.user!, 'change', page);
    const entries = await listLogEntries(db, page.id, { limit: HISTORY_LIMIT, offset: 0 });
    const total = await countLogEntries(db, page.id);
    const rows = entries.map((entry) => ({
      id: entry.id,
      action: entry.action,
      description: describeLogEntry(entry),
      createdAt: iso(entry.created_at),
      user: displayName(entry),
      revisionId: entry.revision_id,
    }));
    const title = total > HISTORY_LIMIT ? `${page.title} (latest ${HISTORY_LIMIT} of ${total})` : page.title;
    renderAdmin(res, assets, pagesScreen(chrome(req), `History of ${page.title}`, <HistoryScreen page={{ id: page.id, title }} rows={rows} />));
  });

  // Permission: 'change' on the page.
  router.get('/pages/:id/revisions/', async (req, res) => {
    const page = await pageOf(req);
    await assertCan(db, req.user!, 'change', page);
    const revisions = await lifecycleRepo.listRevisions(db, page.id, { limit: REVISIONS_LIMIT, offset: 0 });
    const rows: RevisionRow[] = revisions.map((r) => ({
      id: r.id,
      title: r.object_str,
      createdAt: iso(r.created_at),
      user: r.username,
      isLive: r.id === page.live_revision_id && page.live,
      isLatest: r.id === page.latest_revision_id,
      scheduledFor: r.approved_go_live_at ? iso(r.approved_go_live_at) : null,
    }));
    renderAdmin(res, assets, pagesScreen(chrome(req), `Revisions of ${page.title}`, <RevisionsScreen page={page} rows={rows} csrfToken={csrfTokenFor(req)} />));
  });

  // Permission: 'change' on the page.
  router.get('/pages/:id/revisions/:revision_id/view/', async (req, res) => {
    const parsed = revisionParams.safeParse(req.params);
    if (!parsed.success) throw badRequest('The revision id is not valid.');
    const page = await pageOf(req);
    await assertCan(db, req.user!, 'change', page);
    const revision = await revisionOf(page, parsed.data.revision_id);
    const user = await lifecycleRepo.findUserName(db, revision.user_id);
    const fields = [...flatten(revision.content).entries()].map(([path, value]) => ({ path, value }));
    const row: RevisionRow = { id: revision.id, title: revision.object_str, createdAt: iso(revision.created_at), user, isLive: false, isLatest: false, scheduledFor: null };
    renderAdmin(res, assets, pagesScreen(chrome(req), `Revision of ${page.title}`, <RevisionViewScreen page={page} revision={row} fields={fields} />));
  });

  // Permission: 'change' on the page. Wagtail's URL: compare/{a}...{b}/ with 'live' or 'earliest'.
  router.get('/pages/:id/revisions/compare/:range/', async (req, res) => {
    const page = await pageOf(req);
    await assertCan(db, req.user!, 'change', page);
    const match = /^(live|earliest|\d{1,10})\.\.\.(live|\d{1,10})$/.exec(String(req.params.range));
    if (!match) throw badRequest('Compare two revisions as {a}...{b}, each a revision id or live.');
    const side = async (token: string): Promise<{ label: string; snapshot: RevisionSnapshot }> => {
      if (token === 'live') return { label: 'the live version', snapshot: liveSnapshot(page) };
      if (token === 'earliest') {
        const all = await lifecycleRepo.listRevisions(db, page.id, { limit: 1, offset: Math.max(0, (await lifecycleRepo.countRevisions(db, page.id)) - 1) });
        if (!all[0]) throw notFound('The page has no revisions.');
        token = String(all[0].id);
      }
      const revision = await revisionOf(page, Number(token));
      return { label: `the revision of ${iso(revision.created_at).slice(0, 16).replace('T', ' ')} UTC (#${revision.id})`, snapshot: revision.content };
    };
    const from = await side(match[1]!);
    const to = await side(match[2]!);
    const changes = diffSnapshots(from.snapshot, to.snapshot);
    renderAdmin(res, assets, pagesScreen(chrome(req), `Comparing ${page.title}`, <CompareScreen page={page } fromLabel={from.label} toLabel={to.label} changes={changes} />));
  });

  // Permission: 'change' on the page. Never publishes: the old content becomes a new draft.
  router.post('/pages/:id/revisions/:revision_id/revert/', async (req, res) => {
    const parsed = revisionParams.safeParse(req.params);
    if (!parsed.success) throw badRequest('The revision id is not valid.');
    const page = await pageOf(req);
    await assertCan(db, req.user!, 'change', page);
    try {
      await revertToRevision(db, page.id, parsed.data.revision_id, req.user!.id);
      setFlash(req, `Page '${page.title}' has been reverted to an earlier revision as a new draft. It is not published until you publish it.`);
    } catch (error) {
      const shown = userFacingError(error);
      if (!shown) throw error;
      setFlash(req, shown.message);
    }
    res.redirect(303, `/wagtail/pages/${page.id}/edit/`);
  });

  return router;
}
