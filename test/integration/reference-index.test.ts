import { expect } from 'chai';
import { deletePage, revertToRevision } from '../../server/modules/pages/lifecycle-service';
import { copyPage, movePage } from '../../server/modules/pages/move-copy-service';
import { saveRevision } from '../../server/modules/pages/edit-service';
import { findPageById } from '../../server/modules/pages/repo';
import { createPage, publishRevision } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { backfillReferenceIndex } from '../../server/modules/pages/reference-backfill';
import {
  countReferencesTo,
  describeField,
  IMAGE_MODEL,
  listReferencesFrom,
  listReferencesTo,
  PAGE_MODEL,
  referencesInBlocks,
  replaceReferences,
  deleteReferencesFrom,
  referenceUsage,
} from '../../server/modules/references/service';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';

const image = (imageId: number) => ({
  image_id: imageId,
  renditions: [{ url: `/media/images/${imageId}/w960.jpeg`, width: 960, height: 640, size: 0, mimetype: 'image/jpeg' }],
  default_alt_text: 'A plate',
});
const featureImage = (id: string, imageId: number) => ({
  type: 'feature_image',
  id,
  value: { image: image(imageId), caption: '' },
});
const linkTo = (id: string, pageId: number) => ({
  type: 'rich_text',
  id,
  value: { html: `<p><a href="/x/" data-page-id="${pageId}">See</a></p>`, alignment: 'left', container: 'full' },
});
const fields = (title: string, slug: string) => ({ title, slug, seo_title: '', search_description: '' });

describe('reference index: finding references in blocks (unit)', () => {
  it('finds images, page links in rich text, snippets, page chooser links and embed URLs, each with its place', () => {
    const refs = referencesInBlocks([
      featureImage('a', 7),
      linkTo('b', 12),
      { type: 'toolbox', id: 'c', value: { snippet_model: 'snippets.core.toolbox', snippet_id: 3 } },
      {
        type: 'tiered_nav',
        id: 'd',
        value: {
          root_page: { id: 5, url: '/menu/', title: 'Menu' },
          tier_one_links: [{ id: 0, url: '/typed/', title: 'Typed' }],
          tier_two_links: [],
        },
      },
      {
        type: 'iframe',
        id: 'e',
        value: { title: 'Dock video', url: 'https://www.youtube-nocookie.com/embed/abc123xyz', height: 400 },
      },
    ]);
    expect(refs.map((r) => `${r.model} ${r.id} ${r.field}`)).to.have.members([
      'wagtailimages.image 7 body.0.value.image',
      'wagtailcore.page 12 body.1.value.html',
      'snippets.core.toolbox 3 body.2.value',
      'wagtailcore.page 5 body.3.value.root_page',
      'wagtailembeds.embed https://www.youtube-nocookie.com/embed/abc123xyz body.4.value.url',
    ]);
    expect(describeField('body.0.value.image')).to.equal('Body › block 1 › image');
  });

  it('ignores ids that are not positive integers, unknown snippet keys and blocks that fail their schema', () => {
    const refs = referencesInBlocks([
      { type: 'x', id: 'a', value: { image_id: 0, page_id: -3, document_id: '4', media_id: 1.5 } },
      { type: 'x', id: 'b', value: { snippet_model: 'snippets.bad model', snippet_id: 1 } },
      { type: 'tiered_nav', id: 'c', value: { root_page: { id: 5 } } },
      { type: 'rich_text', id: 'd', value: { html: '<a data-page-id="0">no</a><a data-page-id="abc">no</a>' } },
    ]);
    expect(refs).to.deep.equal([]);
    // Deeply nested junk does not blow the stack.
    let deep: unknown = { image_id: 9 };
    for (let i = 0; i < 10_000; i += 1) deep = [deep];
    expect(() => referencesInBlocks(deep)).to.not.throw();
  });
});

describe('reference index: pages keep it correct', () => {
  let t: TestApp;
  let home: Page;
  let agent: SignedInAgent;
  let token: string;
  let userId: number;
  useTestApp({ signIn: true }, (suite) => ({ t, home, agent, token } = suite));
  before(async () => {
    userId = (await t.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  });

  const imageCount = (id: number) => countReferencesTo(t.db, { model: IMAGE_MODEL, id });
  const pageCount = (id: number) => countReferencesTo(t.db, { model: PAGE_MODEL, id });

  it('records references on create, draft, publish and revert (live content and latest draft both count)', async () => {
    const page = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Crab night',
      slug: 'ref-crab',
      content: { body: [featureImage('a', 9001)], confirmation_content: [] },
      publish: true,
      userId,
    });
    expect(await imageCount(9001)).to.equal(1);

    // A draft adding a second image: both are in use (one live, one in the draft).
    await saveRevision(t.db, page.id, userId, fields('Crab night', 'ref-crab'), {
      publish: false,
      content: { body: [featureImage('a', 9001), featureImage('b', 9002)], confirmation_content: [] },
    });
    expect(await imageCount(9001)).to.equal(1);
    expect(await imageCount(9002)).to.equal(1);

    // Publishing a draft without the first image: only the second remains.
    const saved = await saveRevision(t.db, page.id, userId, fields('Crab night', 'ref-crab'), {
      publish: true,
      content: { body: [featureImage('b', 9002)], confirmation_content: [] },
    });
    expect(await imageCount(9001)).to.equal(0);
    expect(await imageCount(9002)).to.equal(1);

    // Reverting to the first revision makes it the draft: the first image is used again, the live one still counts.
    await revertToRevision(t.db, page.id, page.latest_revision_id!, userId);
    expect(await imageCount(9001)).to.equal(1);
    expect(await imageCount(9002)).to.equal(1);
    const reverted = (await findPageById(t.db, page.id))!;
    await publishRevision(t.db, page.id, reverted.latest_revision_id!);
    expect(await imageCount(9001)).to.equal(1);
    expect(await imageCount(9002)).to.equal(0);
    expect(saved.id).to.equal(page.id);
  });

  it('keeps page usage through a move, copies references with the copy, and forgets a deleted subtree', async () => {
    const target = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Lobster menu',
      slug: 'ref-lobster',
      content: { body: [], confirmation_content: [] },
      publish: true,
      userId,
    });
    const section = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Ref section',
      slug: 'ref-section',
      content: { body: [], confirmation_content: [] },
      publish: true,
      userId,
    });
    const linking = await createPage(t.db, {
      parentId: section.id,
      pageType: 'ExamplePage',
      title: 'Lobster promo',
      slug: 'ref-promo',
      content: { body: [linkTo('a', target.id), featureImage('b', 9100)], confirmation_content: [] },
      publish: true,
      userId,
    });
    expect(await pageCount(target.id)).to.equal(1);

    await movePage(t.db, linking.id, target.id, userId);
    const usage = await listReferencesTo(t.db, { model: PAGE_MODEL, id: target.id });
    expect(usage).to.have.length(1);
    expect(usage[0]).to.include({
      id: String(linking.id),
      label: 'Lobster promo',
      editUrl: `/wagtail/pages/${linking.id}/edit/`,
      field: 'body.0.value.html',
    });

    const copy = await copyPage(
      t.db,
      linking.id,
      {
        destinationId: section.id,
        title: 'Lobster promo copy',
        slug: 'ref-promo-copy',
        copySubpages: false,
        publishCopies: false,
      },
      userId,
    );
    expect(await pageCount(target.id)).to.equal(2);
    expect(await imageCount(9100)).to.equal(2);

    await deletePage(t.db, section.id, userId);
    expect(await imageCount(9100)).to.equal(1);
    expect(await listReferencesFrom(t.db, { model: PAGE_MODEL, id: copy.id })).to.deep.equal([]);
    // The moved page (now under the target) survived; deleting the target takes it along.
    await deletePage(t.db, target.id, userId);
    expect(await imageCount(9100)).to.equal(0);
    expect(await pageCount(target.id)).to.equal(0);
  });

  it('shows "Used by" on the page usage screen and warns with the count before deleting a used page', async () => {
    const target = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Gift cards',
      slug: 'ref-gift',
      content: { body: [], confirmation_content: [] },
      publish: true,
      userId,
    });
    const one = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Holiday promo',
      slug: 'ref-holiday',
      content: { body: [linkTo('a', target.id)], confirmation_content: [] },
      publish: true,
      userId,
    });
    await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Summer promo',
      slug: 'ref-summer',
      content: { body: [linkTo('a', target.id)], confirmation_content: [] },
      userId,
    });

    const usage = await agent.get(`/wagtail/pages/${target.id}/usage/`).expect(200);
    expect(usage.text).to.include('Usage of Gift cards');
    expect(usage.text).to.include(`href="/wagtail/pages/${one.id}/edit/"`);
    expect(usage.text).to.include('Holiday promo');
    expect(usage.text).to.include('Summer promo');
    expect(usage.text).to.include('Body › block 1 › html');

    const confirm = await agent.get(`/wagtail/pages/${target.id}/delete/`).expect(200);
    expect(confirm.text).to.include('This page is used in 2 places');
    expect(confirm.text).to.include(`href="/wagtail/pages/${target.id}/usage/"`);
    const unused = await agent.get(`/wagtail/pages/${one.id}/delete/`).expect(200);
    expect(unused.text).to.not.include('This page is used in');

    const edit = await agent.get(`/wagtail/pages/${target.id}/edit/`).expect(200);
    expect(edit.text).to.include(`href="/wagtail/pages/${target.id}/usage/"`);
    await agent.get('/wagtail/pages/99999999/usage/').expect(404);
    await agent.get('/wagtail/pages/abc/usage/').expect(400);
    expect(token).to.be.a('string');
  });

  it('replaceReferences and deleteReferencesFrom keep one row per (target, field), for any model', async () => {
    const from = { model: 'snippets.core.toolbox', id: 41 };
    await replaceReferences(t.db, from, [
      { model: IMAGE_MODEL, id: 77, field: 'body.0.value.image' },
      { model: IMAGE_MODEL, id: '77', field: 'body.0.value.image' },
      { model: PAGE_MODEL, id: home.id },
    ]);
    expect(await listReferencesFrom(t.db, from)).to.have.length(2);
    expect(await imageCount(77)).to.equal(1);
    await replaceReferences(t.db, from, [{ model: IMAGE_MODEL, id: 78 }]);
    expect(await imageCount(77)).to.equal(0);
    // A source whose model registered no description is listed by its key, without a link.
    const rows = await listReferencesTo(t.db, { model: IMAGE_MODEL, id: 78 });
    expect(rows).to.deep.equal([
      {
        model: 'snippets.core.toolbox',
        id: '41',
        label: 'snippets.core.toolbox 41',
        type: 'snippets.core.toolbox',
        editUrl: undefined,
        field: '',
      },
    ]);
    await deleteReferencesFrom(t.db, from);
    expect(await imageCount(78)).to.equal(0);
  });

  it("referenceUsage gives a viewset its delete counts and its 'Used by' rows with links", async () => {
    const usage = referenceUsage('snippets.core.country');
    const holder = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Country holder',
      slug: 'ref-country-holder',
      content: { body: [], confirmation_content: [] },
      userId,
    });
    await replaceReferences(t.db, { model: PAGE_MODEL, id: holder.id }, [
      { model: 'snippets.core.country', id: 5, field: 'body.0.value' },
    ]);
    const counts = await usage.count(t.db, [{ id: 5 }, { id: 6 }]);
    expect([...counts.entries()]).to.deep.equal([
      [5, 1],
      [6, 0],
    ]);
    expect(await usage.list(t.db, { id: 5 })).to.deep.equal([
      { label: 'Country holder', href: `/wagtail/pages/${holder.id}/edit/`, where: 'Content page: Body › block 1' },
    ]);
    await replaceReferences(t.db, { model: PAGE_MODEL, id: holder.id }, []);
    expect((await usage.count(t.db, [{ id: 5 }])).get(5)).to.equal(0);
  });

  it('the release step indexes pages that existed before the index (seeded demo pages)', async () => {
    const before = await t.db
      .selectFrom('reference_index')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('from_model', '=', PAGE_MODEL)
      .executeTakeFirstOrThrow();
    expect(Number(before.n)).to.be.greaterThan(0);
    await t.db.deleteFrom('reference_index').execute();
    expect(await backfillReferenceIndex(t.db, [])).to.equal(undefined);
    const pages = await backfillReferenceIndex(t.db, ['2026_11_23_900000_reference_index']);
    expect(pages).to.be.greaterThan(5);
    const after = await t.db
      .selectFrom('reference_index')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('from_model', '=', PAGE_MODEL)
      .executeTakeFirstOrThrow();
    expect(after.n).to.equal(before.n);
  });
});
