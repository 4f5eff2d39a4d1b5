import ExcelJS from 'exceljs';
import { expect } from 'chai';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';
import { formSubmissionsViewSet } from '../../server/modules/admin/forms/submissions';
import type { ListViewer } from '../../server/modules/admin/viewsets/list-types';
import { findGroupByName, replaceUserGroups } from '../../server/modules/permissions/groups-repo';
import { buildModelPermissions } from '../../server/modules/permissions/model-policy';
import { pagePermissions } from '../../server/modules/permissions/policy';
import { insertUser } from '../../server/modules/users/repo';

describe('back office: forms, submissions and subscribers', function () {
  this.timeout(120_000);
  let t: TestApp;
  let agent: SignedInAgent;
  let token: string;
  useTestApp({ signIn: true }, (suite) => ({ t, agent, token } = suite));

  let pageId: number;
  let ids: number[];
  before(async () => {
    const page = await t.db
      .selectFrom('pages')
      .select(['id'])
      .where('page_type', '=', 'ContactUsPage')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    pageId = page.id;
    const site = await t.db.selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow();
    const insert = (submittedAt: string, name: string) =>
      t.db
        .insertInto('form_submissions')
        .values({
          page_id: pageId,
          form: 'contact',
          site_id: site.id,
          language_code: 'en-US',
          submitted_at: submittedAt,
          data: JSON.stringify({ first_name: name, email: 'x@example.com', message: '=HYPERLINK("http://evil")' }),
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
    ids = [
      (await insert('2026-01-10T12:00:00Z', 'January')).id,
      (await insert('2026-03-10T12:00:00Z', '<script>alert(1)</script>')).id,
    ];
    const subscriber = await t.db
      .insertInto('subscribers')
      .values({
        email: 'sub@example.com',
        first_name: 'Sub',
        last_name: 'Scriber',
        postcode: '04101',
        birthday_month: null,
        birthday_day: null,
        site_id: site.id,
        language_code: 'en-US',
        updated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('consent_records')
      .values({
        subscriber_id: subscriber.id,
        action: 'subscribe',
        channel: 'signup_form',
        wording: 'Yes, I would like <b>e-mails</b>',
        wording_version: 'v1',
        site_id: site.id,
        language_code: 'en-US',
        source_url: 'http://localhost:3000/email-signup/',
        ip_address: '192.0.2.1',
      })
      .execute();
  });

  it('lists the form pages with their submission counts', async () => {
    const res = await agent.get('/wagtail/forms/').expect(200);
    expect(res.text).to.include(`href="/wagtail/forms/submissions/${pageId}/"`);
    expect(res.text).to.include('Contact Us');
  });

  it('filters submissions by date, escapes what guests typed, and shows one in detail', async () => {
    const all = await agent.get(`/wagtail/forms/submissions/${pageId}/`).expect(200);
    expect(all.text).to.include('2 submissions');
    expect(all.text).not.to.include('<script>alert(1)</script>');
    expect(all.text).to.include('&lt;script&gt;alert(1)&lt;/script&gt;');
    const march = await agent
      .get(`/wagtail/forms/submissions/${pageId}/?date_from=2026-03-01&date_to=2026-03-10`)
      .expect(200);
    expect(march.text).to.include('1 submission');
    expect(march.text).not.to.include('January');
    await agent.get(`/wagtail/forms/submissions/${pageId}/?date_from=not-a-date`).expect(400);
    await agent.get(`/wagtail/forms/submissions/${pageId}/?date_to=2026-02-30`).expect(400);
    await agent.get(`/wagtail/forms/submissions/${pageId}/?date_to=99999-01-01`).expect(400);
    const detail = await agent.get(`/wagtail/forms/submissions/${pageId}/${ids[1]}/`).expect(200);
    expect(detail.text).to.include('&lt;script&gt;');
    await agent.get(`/wagtail/forms/submissions/${pageId}/999999/`).expect(404);
    await agent.get('/wagtail/forms/submissions/999999/').expect(404);
  });

  it('exports CSV and XLSX with formula cells escaped', async () => {
    const csv = await agent.get(`/wagtail/forms/submissions/${pageId}/?export=csv`).expect(200);
    expect(csv.headers['content-type']).to.include('text/csv');
    expect(csv.text).to.include("'=HYPERLINK");
    const xlsx = await agent
      .get(`/wagtail/forms/submissions/${pageId}/?export=xlsx&date_to=2026-01-31`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).to.equal(2);
    expect(JSON.stringify(sheet.getRow(2).values)).to.include('January');
  });

  it('shows subscribers with their consent records', async () => {
    const list = await agent.get('/wagtail/forms/subscribers/?q=sub%40').expect(200);
    expect(list.text).to.include('sub@example.com');
    const id = /href="\/wagtail\/forms\/subscribers\/(\d+)\/"/.exec(list.text)![1];
    const detail = await agent.get(`/wagtail/forms/subscribers/${id}/`).expect(200);
    expect(detail.text).to.include('Yes, I would like &lt;b&gt;e-mails&lt;/b&gt;');
    expect(detail.text).to.include('192.0.2.1');
  });

  it("lists through the store only the submissions of form pages the viewer may change, and the URL's page's", async () => {
    const moderators = await findGroupByName(t.db, 'Moderators');
    const person = async (username: string, groupIds: number[]): Promise<ListViewer> => {
      const user = await insertUser(t.db, {
        username,
        email: `${username}@example.com`,
        password_hash: 'not-a-hash',
        is_superuser: false,
      });
      await replaceUserGroups(t.db, user.id, groupIds);
      return { userId: user.id, pages: await pagePermissions(t.db, user), models: buildModelPermissions(user, [], []) };
    };
    // Moderators may change the US pages (the contact page among them); the outsider holds no page right.
    const moderator = await person('forms-moderator', [moderators!.id]);
    const outsider = await person('forms-outsider', []);
    const list = (viewer: ListViewer, filters: Record<string, string> = {}) =>
      formSubmissionsViewSet.store.list(
        t.db,
        { q: '', filters, order: { column: 'submitted_at', desc: true }, limit: 50, offset: 0 },
        viewer,
      );
    const seen = await list(moderator);
    expect(seen.rows.map((row) => row.id)).to.include.members(ids);
    const onePage = await list(moderator, { page_id: String(pageId), date_from: '2026-03-01' });
    expect(onePage.rows.map((row) => row.id)).to.deep.equal([ids[1]]);
    expect((await list(outsider)).total).to.equal(0);
    expect((await list(outsider, { page_id: String(pageId) })).total).to.equal(0);
  });

  it('deletes only the selected submissions of this page', async () => {
    const other = await t.db
      .selectFrom('pages')
      .select('id')
      .where('page_type', '=', 'EmailSignupPage')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await agent
      .post(`/wagtail/forms/submissions/${other.id}/delete/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, selected: String(ids[0]) })
      .expect(303);
    expect(
      await t.db.selectFrom('form_submissions').select('id').where('id', '=', ids[0]!).executeTakeFirst(),
    ).to.not.equal(undefined);
    const res = await agent
      .post(`/wagtail/forms/submissions/${pageId}/delete/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, selected: String(ids[0]) })
      .expect(303);
    expect(res.headers.location).to.equal(`/wagtail/forms/submissions/${pageId}/`);
    expect(
      await t.db.selectFrom('form_submissions').select('id').where('id', '=', ids[0]!).executeTakeFirst(),
    ).to.equal(undefined);
    const after = await agent.get(`/wagtail/forms/submissions/${pageId}/`).expect(200);
    expect(after.text).to.include('1 submission deleted.');
    await agent
      .post(`/wagtail/forms/submissions/${pageId}/delete/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, selected: 'abc' })
      .expect(400);
  });
});
