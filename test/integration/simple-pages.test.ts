import { expect } from 'chai';
import request from 'supertest';
import { createPage } from '../../server/modules/pages/service';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

function templateOf(html: string): string {
  const match = /<script type="application\/json" id="page-data"[^>]*>(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no page-data script');
  return (JSON.parse(match[1]!) as { template: string }).template;
}

describe('the two simple pages of spec section 2', () => {
  let t: TestApp;
  useTestApp({ seed: true }, (suite) => ({ t } = suite));

  it('serves the seeded title-only page with its title and a noindex robots meta', async () => {
    const res = await request(t.app).get('/contact-us-thanks/').expect(200);
    expect(templateOf(res.text)).to.equal('ContactUsPageLandingPage');
    expect(res.text).to.include('<meta name="robots" content="noindex"/>');
    expect(res.text).to.match(/<h1>Thanks for Reaching Out<\/h1>/);
  });

  it('keeps a title-only page out of search engines even when its robots field is empty', async () => {
    const home = await t.db
      .selectFrom('pages')
      .select(['id'])
      .where('page_type', '=', 'HomePage')
      .where('url_path', '=', '/home/')
      .executeTakeFirstOrThrow();
    await createPage(t.db, {
      pageType: 'ContactUsPageLandingPage',
      title: 'Message Received',
      parentId: home.id,
      content: {},
      publish: true,
    });
    const res = await request(t.app).get('/message-received/').expect(200);
    expect(res.text).to.include('<meta name="robots" content="noindex"/>');
  });

  it('serves the metadata-only page with its SEO title and description and no visible content', async () => {
    const res = await request(t.app).get('/fresh-catch-news/').expect(200);
    expect(templateOf(res.text)).to.equal('EmailSignupPageLandingPage');
    expect(res.text).to.include('<title>Fresh Catch News | Harborline Seafood</title>');
    expect(res.text).to.include(
      '<meta name="description" content="Join Fresh Catch News for a free appetizer or dessert',
    );
    expect(res.text).not.to.include('name="robots"');
    expect(res.text).to.include('<h1 class="visually-hidden">Fresh Catch News</h1>');
  });
});
