import { expect } from 'chai';
import { sql } from 'kysely';
import { findPageById } from '../../server/modules/pages/repo';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { csrfTokenIn } from '../helpers/admin';
import { TEST_ADMIN, type TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';

/**
 * Local time in the back office: each user's time zone in their account (the site's TIME_ZONE
 * until they choose), every time printed in it with the zone named, and go-live times typed on
 * that clock and stored in UTC.
 */
const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe('back office: local time', () => {
  let t: TestApp;
  let home: Page;
  let agent: SignedInAgent;
  let token: string;
  useTestApp({ signIn: true, env: { TIME_ZONE: 'America/Toronto' } }, (suite) => ({ t, home, agent, token } = suite));

  const account = (fields: Record<string, string>) =>
    agent
      .post('/wagtail/account/')
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        first_name: 'Site',
        last_name: 'Administrator',
        email: 'admin@harborline.example',
        preferred_language: 'en-US',
        ...fields,
      });
  const storedZone = async () =>
    (
      await t.db
        .selectFrom('users')
        .select('time_zone')
        .where('username', '=', TEST_ADMIN.username)
        .executeTakeFirstOrThrow()
    ).time_zone;

  /** A page whose latest revision was made at a known instant. */
  async function pageEditedAt(slug: string, at: string): Promise<Page> {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: `Edited ${slug}`,
      slug,
      content: { body: [] },
    });
    // created_at is never updated by the app: set it as a past edit would have.
    await sql`UPDATE page_revisions SET created_at = ${at} WHERE page_id = ${page.id}`.execute(t.db);
    return page;
  }

  it("prints times in the site's zone until the user chooses one, then in theirs, the zone named", async () => {
    const page = await pageEditedAt('known-time', '2026-12-01T14:00:00Z');
    const form = (await agent.get('/wagtail/account/').expect(200)).text;
    expect(decode(form)).to.include("The site's time zone (America/Toronto)");
    expect(form).to.match(/<option value="Pacific\/Auckland">Pacific\/Auckland<\/option>/);
    const before = decode((await agent.get(`/wagtail/pages/${page.id}/history/`).expect(200)).text);
    expect(before).to.include('Dec 1, 2026, 9:00 AM EST');

    await account({ time_zone: 'Europe/Paris' }).expect(303);
    expect(await storedZone()).to.equal('Europe/Paris');
    const after = decode((await agent.get(`/wagtail/pages/${page.id}/history/`).expect(200)).text);
    expect(after).to.include('Dec 1, 2026, 3:00 PM GMT+1');
    expect(after).not.to.include('9:00 AM EST');
    expect((await agent.get('/wagtail/account/').expect(200)).text).to.match(
      /<option value="Europe\/Paris" selected="">/,
    );

    // Back to the site's zone: stored as none.
    await account({ time_zone: '' }).expect(303);
    expect(await storedZone()).to.equal(null);
  });

  it('refuses a time zone that is not on the list, saying so on the field and in the summary', async () => {
    for (const bad of ['Mars/Olympus_Mons', 'America/New_York; DROP TABLE users', 'x'.repeat(200), 'est']) {
      const res = await account({ time_zone: bad }).expect(400);
      const html = decode(res.text);
      expect(html).to.match(/id="id_time_zone-error">Choose a time zone from the list\.</);
      expect(html).to.include(
        '<a href="#id_time_zone" data-error-link="true">Time zone: Choose a time zone from the list.</a>',
      );
      expect(await storedZone()).to.equal(null);
    }
  });

  it('reads a go-live time on the editor’s clock, stores UTC and says when the page goes live', async () => {
    await account({ time_zone: 'America/New_York' }).expect(303);
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Winter menu',
      slug: 'winter-menu',
      content: { body: [] },
    });
    const save = (fields: Record<string, string>) =>
      agent
        .post(`/wagtail/pages/${page.id}/edit/`)
        .type('form')
        .send({ csrfmiddlewaretoken: token, title: 'Winter menu', slug: 'winter-menu', ...fields });

    // 02:30 on 14 March 2027 does not exist in New York (the clocks go from 02:00 to 03:00).
    const skipped = decode((await save({ go_live_at: '2027-03-14T02:30', 'action-publish': 'x' }).expect(400)).text);
    expect(skipped).to.include('That time does not exist in America/New_York');
    expect((await findPageById(t.db, page.id))!.go_live_at).to.equal(null);

    await save({ go_live_at: '2027-12-01T09:00', 'action-publish': 'x' }).expect(303);
    const stored = (await findPageById(t.db, page.id))!;
    expect(new Date(stored.go_live_at!).toISOString()).to.equal('2027-12-01T14:00:00.000Z');
    const editor = decode((await agent.get(`/wagtail/pages/${page.id}/edit/`).expect(200)).text);
    expect(editor).to.include(
      "Page 'Winter menu' has been scheduled for publishing. It goes live on Wednesday 1 December 2027 at 09:00 EST.",
    );
    expect(editor).to.match(/name="go_live_at" value="2027-12-01T09:00"/);
    expect(editor).to.include('Goes live on Wednesday 1 December 2027 at 09:00 EST.');
    expect(editor).to.include('Go-live date and time (America/New York)');
  });

  it('keeps the time zone out of reach of a form without its token', async () => {
    const res = await agent
      .post('/wagtail/account/')
      .type('form')
      .send({ time_zone: 'Asia/Tokyo', email: 'a@b.example' });
    expect(res.status).to.equal(403);
    expect(await storedZone()).to.equal('America/New_York');
    expect(csrfTokenIn((await agent.get('/wagtail/account/').expect(200)).text)).to.be.a('string');
  });
});
