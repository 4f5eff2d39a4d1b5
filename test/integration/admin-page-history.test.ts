import { expect } from 'chai';
import { saveRevision } from '../../server/modules/pages/edit-service';
import { findPageById } from '../../server/modules/pages/repo';
import { addPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { TEST_ADMIN, type TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';

const richText = (html: string) => ({
  type: 'rich_text',
  id: 'rt-1',
  value: { html, alignment: 'left', container: 'full' },
});

describe('back office: one history screen per page', () => {
  let t: TestApp;
  let home: Page;
  let agent: SignedInAgent;
  let token: string;
  useTestApp({ signIn: true }, (suite) => ({ t, home, agent, token } = suite));

  /** A page with two revisions: its rich text changed by one word, then its title. */
  async function pageWithTwoEdits(slug: string) {
    const admin = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', TEST_ADMIN.username)
      .executeTakeFirstOrThrow();
    const page = await addPage(t.db, {
      userId: admin.id,
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Catch of the day',
      slug,
      content: { body: [richText('<p>Our boats come in before dawn every day.</p>')], confirmation_content: [] },
      publish: true,
    });
    const fields = { title: 'Catch of the day', slug, seo_title: '', search_description: '' };
    await saveRevision(t.db, page.id, admin.id, fields, {
      publish: false,
      content: { body: [richText('<p>Our boats come in after dawn every day.</p>')], confirmation_content: [] },
    });
    const edited = (await findPageById(t.db, page.id))!;
    return { page: edited, first: page.latest_revision_id!, adminId: admin.id };
  }

  it('merges the revisions into the history, with action, user and date filters', async () => {
    const { page, first, adminId } = await pageWithTwoEdits('history-filters');
    const all = await agent.get(`/wagtail/pages/${page.id}/history/`).expect(200);
    expect(all.text).to.match(/<td[^>]*>Draft saved/);
    expect(all.text).to.include(`/revisions/compare/${first}...${page.latest_revision_id}/`);
    expect(all.text).to.include(`/revisions/${first}/revert/`);

    const published = await agent.get(`/wagtail/pages/${page.id}/history/?action=publish`).expect(200);
    expect(published.text).to.match(/<td[^>]*>Published/);
    expect(published.text).to.not.match(/<td[^>]*>Draft saved/);

    const byAdmin = await agent.get(`/wagtail/pages/${page.id}/history/?user=${adminId}`).expect(200);
    expect(byAdmin.text).to.match(/<td[^>]*>Draft saved/);
    const byNobody = await agent.get(`/wagtail/pages/${page.id}/history/?user=999999`).expect(200);
    expect(byNobody.text).to.include('No history matches these filters.');

    const today = new Date().toISOString().slice(0, 10);
    const inRange = await agent
      .get(`/wagtail/pages/${page.id}/history/?date_from=${today}&date_to=${today}`)
      .expect(200);
    expect(inRange.text).to.match(/<td[^>]*>Draft saved/);
    const past = await agent
      .get(`/wagtail/pages/${page.id}/history/?date_from=2001-01-01&date_to=2001-01-31`)
      .expect(200);
    expect(past.text).to.include('No history matches these filters.');

    // Bad filters: said on the form, never a 500.
    const reversed = await agent
      .get(`/wagtail/pages/${page.id}/history/?date_from=2026-02-01&date_to=2026-01-01`)
      .expect(400);
    expect(reversed.text).to.include('The start date must be on or before the end date.');
    const notADate = await agent.get(`/wagtail/pages/${page.id}/history/?date_from=2026-02-30`).expect(400);
    expect(notADate.text).to.include('Enter a valid date (YYYY-MM-DD).');
    await agent.get(`/wagtail/pages/${page.id}/history/?action=DROP%20TABLE`).expect(400);

    // The old revisions address answers with the merged screen.
    await agent
      .get(`/wagtail/pages/${page.id}/revisions/`)
      .expect(301)
      .expect('Location', `/wagtail/pages/${page.id}/history/`);
  });

  it('compares rich text word by word and names blocks and fields by their labels', async () => {
    const { page, first } = await pageWithTwoEdits('history-words');
    const compare = await agent
      .get(`/wagtail/pages/${page.id}/revisions/compare/${first}...${page.latest_revision_id}/`)
      .expect(200);
    expect(compare.text).to.include('<del>before</del>');
    expect(compare.text).to.include('<ins>after</ins>');
    // The unchanged words are not struck.
    expect(compare.text).to.not.match(/<del>[^<]*boats[^<]*<\/del>/);
    expect(compare.text).to.include('Changed block: Rich text (Body, position 1)');
    expect(compare.text).to.include('<dt>Text</dt>');
    expect(compare.text).to.not.include('rich_text');
  });

  it('reverts only through the preview and its confirmation', async () => {
    const { page, first } = await pageWithTwoEdits('history-revert');
    const confirm = await agent.get(`/wagtail/pages/${page.id}/revisions/${first}/revert/`).expect(200);
    expect(confirm.text).to.include('Replace the current draft with this revision?');
    expect(confirm.text).to.include(`/wagtail/pages/${page.id}/revisions/${first}/preview/`);
    const preview = await agent.get(`/wagtail/pages/${page.id}/revisions/${first}/preview/`).expect(200);
    expect(preview.text).to.include('before dawn');
    expect(preview.headers['cache-control']).to.include('no-store');

    // A POST without the confirmation changes nothing and asks again.
    const unconfirmed = await agent
      .post(`/wagtail/pages/${page.id}/revisions/${first}/revert/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(400);
    expect(unconfirmed.text).to.include('Confirm that the current draft should be replaced with this revision.');
    expect((await findPageById(t.db, page.id))!.latest_revision_id).to.equal(page.latest_revision_id);

    await agent
      .post(`/wagtail/pages/${page.id}/revisions/${first}/revert/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, confirm: 'yes' })
      .expect(303)
      .expect('Location', `/wagtail/pages/${page.id}/edit/`);
    const reverted = (await findPageById(t.db, page.id))!;
    expect(reverted.latest_revision_id).to.be.greaterThan(page.latest_revision_id!);
    const history = await agent.get(`/wagtail/pages/${page.id}/history/?action=revert`).expect(200);
    expect(history.text).to.not.include('No history matches these filters.');
  });
});
