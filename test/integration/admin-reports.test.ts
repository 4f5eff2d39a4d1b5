import { expect } from 'chai';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import request from 'supertest';
import { logModelAction } from '../../server/modules/audit/model-log';
import { lockPage } from '../../server/modules/pages/lifecycle-service';
import { pageTypeOf } from '../../server/modules/pages/page-types';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import {
  insertGroup,
  replaceGroupPagePermissions,
  replaceUserGroups,
} from '../../server/modules/permissions/groups-repo';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import { TEST_ADMIN, type TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';
import { parseCsv } from '../helpers/csv';

/**
 * The reports under /wagtail/reports/: lists, filters, exports, bad filter input, and scope (an
 * editor with rights on one section never sees pages outside it, nor models they hold nothing on).
 */
const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};
const today = () => new Date().toISOString().slice(0, 10);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe('back office: reports', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;
  let editor: Awaited<ReturnType<typeof signedInAgent>>;
  let adminId: number;
  let editorId: number;
  let inside: Page;
  let insideOther: Page;
  let outside: Page;

  useTestApp({}, (suite) => ({ t } = suite));
  before(async function () {
    this.timeout(180_000);
    const db = t.db;
    const homes = await db.selectFrom('pages').selectAll().where('depth', '=', 2).orderBy('path').execute();
    const us = homes.find((h) => h.title === 'Harborline Seafood')!;
    const ca = homes.find((h) => h.title === 'Harborline Seafood Canada')!;
    const content = { body: [] };
    const section = await createPage(db, {
      parentId: us.id,
      pageType: 'ExamplePage',
      title: 'Report section',
      content,
      publish: true,
    });
    inside = await createPage(db, {
      parentId: section.id,
      pageType: 'ExamplePage',
      title: 'Report inside lobster',
      content,
      publish: true,
    });
    insideOther = await createPage(db, {
      parentId: section.id,
      pageType: 'ExamplePage',
      title: 'Report inside crab',
      content,
      publish: true,
    });
    outside = await createPage(db, {
      parentId: ca.id,
      pageType: 'ExamplePage',
      title: 'Report outside halibut',
      content,
      publish: true,
    });
    const group = await insertGroup(db, { name: 'Report section editors', can_access_admin: true });
    await replaceGroupPagePermissions(db, group.id, [
      { page_id: section.id, permission_type: 'change' },
      { page_id: section.id, permission_type: 'lock' },
    ]);
    const user = await insertUser(db, {
      username: 'report-editor',
      email: 'report-editor@example.com',
      password_hash: await hashPassword('report-editor-password'),
      is_superuser: false,
    });
    editorId = user.id;
    await replaceUserGroups(db, user.id, [group.id]);
    adminId = (
      await db.selectFrom('users').select('id').where('username', '=', TEST_ADMIN.username).executeTakeFirstOrThrow()
    ).id;
    // Locks: the admin holds the outside page and one inside (the editor cannot unlock it), the editor holds the other.
    await lockPage(db, outside.id, adminId);
    await lockPage(db, inside.id, adminId);
    await lockPage(db, insideOther.id, editorId);
    // Submissions: the outside page and one inside in progress, the other inside approved.
    const workflow = await db
      .selectFrom('workflows')
      .select('id')
      .where('name', '=', 'Moderators approval')
      .executeTakeFirstOrThrow();
    const task = await db
      .selectFrom('workflow_tasks')
      .select('id')
      .where('name', '=', 'Moderators approval')
      .executeTakeFirstOrThrow();
    for (const [page, status] of [
      [outside, 'in_progress'],
      [inside, 'in_progress'],
      [insideOther, 'approved'],
    ] as const) {
      const finished =
        status === 'approved'
          ? { finished_at: new Date(), finished_by_id: adminId }
          : { finished_at: null, finished_by_id: null };
      const state = await db
        .insertInto('workflow_states')
        .values({
          workflow_id: workflow.id,
          page_id: page.id,
          revision_id: page.latest_revision_id!,
          requested_by_id: page === insideOther ? editorId : adminId,
          status,
          ...finished,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const taskState = await db
        .insertInto('workflow_task_states')
        .values({
          workflow_state_id: state.id,
          task_id: task.id,
          revision_id: page.latest_revision_id!,
          status,
          ...finished,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (status === 'in_progress')
        await db
          .updateTable('workflow_states')
          .set({ current_task_state_id: taskState.id })
          .where('id', '=', state.id)
          .execute();
    }
    // The lobster page was last edited long ago.
    await sql`update page_revisions set created_at = ${new Date('2020-03-04T10:00:00Z')} where id = ${inside.latest_revision_id}`.execute(
      db,
    );
    await logModelAction(db, {
      model: 'wagtailredirects.redirect',
      objectId: 999_001,
      objectStr: '/report-redirect-trout/',
      userId: adminId,
      action: 'create',
    });
    admin = await signedInAgent(t.app);
    editor = await signedInAgent(t.app, { username: 'report-editor', password: 'report-editor-password' });
  });

  it('lists the reports in the menu and on the index', async () => {
    const res = await editor.get('/wagtail/reports/').expect(200);
    expect(res.text).to.include('href="/wagtail/reports/"');
    for (const slug of ['locked', 'workflow', 'workflow_tasks', 'site-history', 'aging-pages', 'page-types-usage'])
      expect(res.text).to.include(`href="/wagtail/reports/${slug}/"`);
  });

  it("locked pages: who locked what and when, only in the viewer's subtrees", async () => {
    const all = await admin.get('/wagtail/reports/locked/').expect(200);
    expect(all.text)
      .to.include('Report inside lobster')
      .and.to.include('Report inside crab')
      .and.to.include('Report outside halibut');
    expect(all.text)
      .to.include('report-editor')
      .and.to.match(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M UTC/);
    const mine = await editor.get('/wagtail/reports/locked/').expect(200);
    expect(mine.text)
      .to.include('Report inside lobster')
      .and.to.include('Report inside crab')
      .and.not.to.include('Report outside halibut');
    // The editor holds no 'unlock': only their own lock has an Unlock button.
    expect(mine.text)
      .to.include(`action="/wagtail/pages/${insideOther.id}/unlock/"`)
      .and.not.to.include(`action="/wagtail/pages/${inside.id}/unlock/"`);
    expect(all.text).to.include(`action="/wagtail/pages/${inside.id}/unlock/"`);
  });

  it('locked pages: filters by holder, and refuses a holder or sort that does not exist', async () => {
    const byEditor = await admin.get(`/wagtail/reports/locked/?locked_by=${editorId}`).expect(200);
    expect(byEditor.text).to.include('Report inside crab').and.not.to.include('Report inside lobster');
    await admin.get('/wagtail/reports/locked/?locked_by=999999').expect(400);
    await admin.get('/wagtail/reports/locked/?locked_by=%27%20or%201%3D1').expect(400);
    await admin.get('/wagtail/reports/locked/?ordering=password').expect(400);
    await admin.get('/wagtail/reports/locked/?export=pdf').expect(400);
  });

  it('locked pages: exports CSV and XLSX of what the viewer sees', async () => {
    const csv = await editor.get('/wagtail/reports/locked/?export=csv').expect(200);
    expect(csv.headers['content-type']).to.match(/^text\/csv/);
    expect(csv.headers['content-disposition']).to.match(/attachment; filename="locked-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(csv.text)
      .to.include('"Title","URL path","Locked by","Locked at"')
      .and.to.include('Report inside crab')
      .and.not.to.include('Report outside halibut');
    const xlsx = await admin
      .get(`/wagtail/reports/locked/?export=xlsx&locked_by=${adminId}`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const titles = workbook.worksheets[0]!.getColumn(1).values.filter((v): v is string => typeof v === 'string');
    expect(titles)
      .to.include('Report outside halibut')
      .and.to.include('Report inside lobster')
      .and.not.to.include('Report inside crab');
  });

  it("locked pages: Unlock goes through the page's unlock action and comes back to the report", async () => {
    const page = await editor.get('/wagtail/reports/locked/').expect(200);
    const res = await editor
      .post(`/wagtail/pages/${insideOther.id}/unlock/`)
      .type('form')
      .send({ csrfmiddlewaretoken: csrfTokenIn(page.text), next: '/wagtail/reports/locked/' })
      .expect(303);
    expect(res.headers.location).to.equal('/wagtail/reports/locked/');
    const after = await editor.get('/wagtail/reports/locked/').expect(200);
    expect(after.text).to.include('is now unlocked');
    expect(after.text)
      .not.to.include(`action="/wagtail/pages/${insideOther.id}/unlock/"`)
      .and.not.to.include(`href="/wagtail/pages/${insideOther.id}/edit/"`);
    // Someone else's lock: the unlock action refuses the editor (no 'unlock' permission).
    await editor
      .post(`/wagtail/pages/${inside.id}/unlock/`)
      .type('form')
      .send({ csrfmiddlewaretoken: csrfTokenIn(after.text) })
      .expect(403);
  });

  it('site history: the audit log filtered by user, action, object type and dates', async () => {
    const all = await admin.get('/wagtail/reports/site-history/?q=report').expect(200);
    expect(all.text)
      .to.include('Report outside halibut')
      .and.to.include('/report-redirect-trout/')
      .and.to.include('Locked');
    const locks = await admin.get(`/wagtail/reports/site-history/?action=lock&user=${editorId}`).expect(200);
    expect(locks.text).to.include('Report inside crab').and.not.to.include('Report inside lobster');
    const pagesOnly = await admin
      .get('/wagtail/reports/site-history/?object_type=wagtailcore.page&q=report')
      .expect(200);
    expect(pagesOnly.text).to.include('Report inside lobster').and.not.to.include('/report-redirect-trout/');
    const redirectsOnly = await admin
      .get('/wagtail/reports/site-history/?object_type=wagtailredirects.redirect&q=report')
      .expect(200);
    expect(redirectsOnly.text).to.include('/report-redirect-trout/').and.not.to.include('Report inside lobster');
    const dated = await admin
      .get(`/wagtail/reports/site-history/?q=report&date_from=${today()}&date_to=${today()}`)
      .expect(200);
    expect(dated.text).to.include('Report inside lobster');
    const future = await admin.get(`/wagtail/reports/site-history/?q=report&date_from=${tomorrow()}`).expect(200);
    expect(future.text).not.to.include('Report inside lobster');
    expect(future.text).to.include('No entries match.');
  });

  it('site history: pages of 50 never repeat or skip an entry, whatever the order, ties included', async () => {
    const at = new Date('2025-06-01T12:00:00Z');
    for (let i = 0; i < 40; i++) {
      await t.db
        .insertInto('page_log_entries')
        .values({
          page_id: 999_999,
          user_id: adminId,
          action: 'edit',
          data: JSON.stringify({ title: `report-paging-p${i}` }),
          created_at: at,
        })
        .execute();
      await t.db
        .insertInto('model_log_entries')
        .values({
          model: 'core.country',
          object_id: String(i),
          object_str: `report-paging-m${i}`,
          user_id: editorId,
          action: 'edit',
          data: '{}',
          created_at: at,
        })
        .execute();
    }
    for (const ordering of ['', '-created_at', 'created_at', 'action', '-user', 'object']) {
      const seen: string[] = [];
      for (const p of [1, 2]) {
        const csvless = await admin
          .get(`/wagtail/reports/site-history/?q=report-paging&p=${p}${ordering ? `&ordering=${ordering}` : ''}`)
          .expect(200);
        seen.push(...[...csvless.text.matchAll(/>(report-paging-[pm]\d+)</g)].map((m) => m[1]!));
        if (p === 1) expect(csvless.text, ordering).to.include('80 entries').and.to.include('Page 1 of 2');
      }
      expect(new Set(seen).size, ordering).to.equal(80);
    }
    // Entries of a deleted page: the superuser sees them (by their title at the time), an editor never.
    const mine = await editor.get('/wagtail/reports/site-history/?q=report-paging-p').expect(200);
    expect(mine.text).not.to.include('report-paging-p1');
  });

  it('site history: refuses bad filter input with 400', async () => {
    for (const query of [
      'date_from=2026-02-30',
      'date_from=2026-13-01',
      'date_to=yesterday',
      'date_from=2026-1-1',
      'action=drop',
      'object_type=auth.permission', // users, groups and sites are logged models now (their viewsets)
      'user=abc',
      'p=0',
      'q=' + 'x'.repeat(300),
    ]) {
      const res = await admin.get(`/wagtail/reports/site-history/?${query}`);
      expect(res.status, query).to.equal(400);
    }
  });

  it('site history: an editor sees entries of their pages only, and no models they hold nothing on', async () => {
    const res = await editor.get('/wagtail/reports/site-history/?q=report').expect(200);
    expect(res.text)
      .to.include('Report inside lobster')
      .and.not.to.include('Report outside halibut')
      .and.not.to.include('/report-redirect-trout/');
    const csv = await editor.get('/wagtail/reports/site-history/?export=csv&q=report').expect(200);
    expect(csv.text)
      .to.include('Report inside crab')
      .and.not.to.include('Report outside halibut')
      .and.not.to.include('trout');
  });

  it('workflow: submissions with workflow, current task, status, submitter and since when; filters and scope', async () => {
    const all = await admin.get('/wagtail/reports/workflow/?q=report').expect(200);
    expect(all.text)
      .to.include('Report outside halibut')
      .and.to.include('Moderators approval')
      .and.to.include('In progress')
      .and.to.include('Approved');
    const waiting = await admin.get('/wagtail/reports/workflow/?q=report&status=in_progress').expect(200);
    expect(waiting.text).to.include('Report inside lobster').and.not.to.include('Report inside crab');
    const byEditor = await admin.get(`/wagtail/reports/workflow/?requested_by=${editorId}`).expect(200);
    expect(byEditor.text).to.include('Report inside crab').and.not.to.include('Report inside lobster');
    const mine = await editor.get('/wagtail/reports/workflow/?export=csv').expect(200);
    expect(mine.text)
      .to.include('"Page","Workflow","Current task","Status","Submitted by","Since"')
      .and.to.include('Report inside lobster')
      .and.not.to.include('Report outside halibut');
    for (const query of ['status=pending', 'requested_by=0', 'date_from=31/12/2026', 'ordering=-workflow']) {
      expect((await admin.get(`/wagtail/reports/workflow/?${query}`)).status, query).to.equal(400);
    }
  });

  it('workflow tasks: each task with started and completed, and who completed it', async () => {
    const csv = await admin.get('/wagtail/reports/workflow_tasks/?export=csv&q=report&status=approved').expect(200);
    const lines = parseCsv(csv.text);
    expect(lines[0]).to.deep.equal(['Page', 'Task', 'Status', 'Submitted by', 'Started', 'Completed', 'Completed by']);
    expect(lines).to.have.length(2);
    expect(lines[1]!.join(',')).to.match(
      /^Report inside crab,Moderators approval,Approved,report-editor,[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M UTC,[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M UTC,/,
    );
    const xlsx = await editor
      .get('/wagtail/reports/workflow_tasks/?export=xlsx')
      .buffer(true)
      .parse(binary)
      .expect(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const pages = workbook.worksheets[0]!.getColumn(1).values.filter((v): v is string => typeof v === 'string');
    expect(pages).to.include('Report inside lobster').and.not.to.include('Report outside halibut');
  });

  it('aging pages: pages not edited since a date, with last editor and last publish', async () => {
    const old = await admin.get('/wagtail/reports/aging-pages/?q=report&edited_before=2021-01-01').expect(200);
    expect(old.text)
      .to.include('Report inside lobster')
      .and.to.include('Mar 4, 2020, 10:00 AM UTC')
      .and.not.to.include('Report inside crab');
    const recent = await admin
      .get(`/wagtail/reports/aging-pages/?export=csv&q=report&edited_before=${tomorrow()}`)
      .expect(200);
    expect(recent.text)
      .to.include('"Title","Type","Live","Last edited","Last editor","Last published","Last published by"')
      .and.to.include('Report inside crab')
      .and.to.include('Report outside halibut');
    // Oldest edit first by default.
    expect(recent.text.indexOf('Report inside lobster')).to.be.lessThan(recent.text.indexOf('Report inside crab'));
    const mine = await editor.get(`/wagtail/reports/aging-pages/?q=report&page_type=ExamplePage`).expect(200);
    expect(mine.text).to.include('Report inside crab').and.not.to.include('Report outside halibut');
    for (const query of [
      'edited_before=2021-13-01',
      'edited_before=2021-01-01T00:00',
      'page_type=Root',
      'page_type=Nope',
      'ordering=last_edited_by',
    ]) {
      expect((await admin.get(`/wagtail/reports/aging-pages/?${query}`)).status, query).to.equal(400);
    }
  });

  it("page types usage: each type, its count in the viewer's scope, and a link to the pages", async () => {
    const label = pageTypeOf('ExamplePage')!.label;
    const mine = await editor.get('/wagtail/reports/page-types-usage/?export=csv').expect(200);
    // The editor's section holds three example pages (the section and its two children), and nothing else.
    // Page types by their names only: no template class name in the list or the export.
    expect(mine.text)
      .to.include(`"${label}","3"\r\n`)
      .and.to.include(`"${pageTypeOf('HomePage')!.label}","0"\r\n`)
      .and.not.to.include('ExamplePage');
    const all = await admin.get('/wagtail/reports/page-types-usage/?ordering=-count').expect(200);
    expect(all.text).to.include('href="/wagtail/reports/aging-pages/?page_type=ExamplePage"');
    const count = Number(
      new RegExp(`"${label}","(\\d+)"`).exec(
        (await admin.get('/wagtail/reports/page-types-usage/?export=csv').expect(200)).text,
      )![1],
    );
    expect(count).to.be.greaterThan(3);
    await admin.get('/wagtail/reports/page-types-usage/?ordering=type').expect(400);
  });

  it('sends anonymous visitors to the login', async () => {
    for (const path of [
      '/wagtail/reports/',
      '/wagtail/reports/locked/',
      '/wagtail/reports/site-history/?export=csv',
      '/wagtail/reports/aging-pages/?export=xlsx',
    ]) {
      const res = await request(t.app).get(path).expect(302);
      expect(res.headers.location).to.match(/^\/wagtail\/login\/\?next=/);
    }
  });
});
