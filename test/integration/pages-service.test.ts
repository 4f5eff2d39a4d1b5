import { expect } from 'chai';
import { HttpError } from '../../server/errors';
import { findLivePage } from '../../server/modules/pages/repo';
import { createPage, publishRevision } from '../../server/modules/pages/service';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

describe('page service', () => {
  let t: TestApp;
  useTestApp({}, (suite) => ({ t } = suite));

  const home = async () => (await findLivePage(t.db, '/home/', '0001'))!;

  it('creates a page as a draft with a first revision, and publishes it', async () => {
    const parent = await home();
    const page = await createPage(t.db, {
      parentId: parent.id,
      pageType: 'ExamplePage',
      title: 'Holiday Gift Cards',
      content: { body: [] },
    });
    expect(page).to.include({
      slug: 'holiday-gift-cards',
      url_path: '/home/holiday-gift-cards/',
      depth: 3,
      live: false,
    });
    expect(page.latest_revision_id).to.be.a('number');
    const live = await publishRevision(t.db, page.id, page.latest_revision_id!);
    expect(live).to.include({ live: true, has_unpublished_changes: false, live_revision_id: page.latest_revision_id });
    const refreshed = await home();
    expect(refreshed.numchild).to.equal(parent.numchild + 1);
  });

  it('keeps sibling slugs unique and type placement valid', async () => {
    const parent = await home();
    try {
      await createPage(t.db, { parentId: parent.id, pageType: 'ExamplePage', title: 'About', content: {} });
      expect.fail('should have thrown');
    } catch (error) {
      expect(error).to.be.instanceOf(HttpError);
      expect((error as HttpError).fields?.slug?.[0]).to.match(/already in use/);
    }
    try {
      await createPage(t.db, { parentId: parent.id, pageType: 'HomePage', title: 'Second home', content: {} });
      expect.fail('should have thrown');
    } catch (error) {
      expect((error as HttpError).code).to.equal('not_allowed_here');
    }
  });

  it('gives concurrent children of one parent distinct paths', async () => {
    const parent = await home();
    const pages = await Promise.all(
      ['One', 'Two', 'Three', 'Four'].map((title) =>
        createPage(t.db, { parentId: parent.id, pageType: 'ExamplePage', title: `Menu ${title}`, content: {} }),
      ),
    );
    expect(new Set(pages.map((p) => p.path)).size).to.equal(4);
  });

  it('rejects invalid content with field errors and writes nothing', async () => {
    const parent = await home();
    try {
      await createPage(t.db, {
        parentId: parent.id,
        pageType: 'ExamplePage',
        title: 'Broken',
        content: { body: [{ type: 'hero', id: 'x', value: {} }] },
      });
      expect.fail('should have thrown');
    } catch (error) {
      expect((error as HttpError).fields).to.have.property('body.0.value.heading');
    }
    expect(await findLivePage(t.db, '/home/broken/', '0001')).to.equal(undefined);
    const row = await t.db.selectFrom('pages').select('id').where('slug', '=', 'broken').executeTakeFirst();
    expect(row).to.equal(undefined);
  });
});
