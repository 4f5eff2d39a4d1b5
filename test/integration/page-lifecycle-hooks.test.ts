import { expect } from 'chai';
import type { Db } from '../../server/db';
import { registerPageLifecycleHooks, type PageLifecycleHooks } from '../../server/modules/pages/lifecycle-hooks';
import { deletePage, unpublishPage } from '../../server/modules/pages/lifecycle-service';
import { copyPage, movePage } from '../../server/modules/pages/move-copy-service';
import { findPageById } from '../../server/modules/pages/repo';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

/**
 * The page lifecycle hooks' contract (server/modules/pages/lifecycle-hooks.ts): each runs inside
 * the page's own transaction, after (or, for `deleting`, just before) the change is written, sees
 * it through the transaction it is handed, and a hook that throws rolls the whole change back
 * and reaches the caller. Hooks are planted for one test and taken out after it.
 */
describe('page lifecycle hooks', () => {
  let t: TestApp;
  let home: Page;
  let userId: number;
  useTestApp({}, (suite) => ({ t, home } = suite));

  before(async () => {
    userId = (await t.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });

  let unregister: (() => void) | undefined;
  afterEach(() => {
    unregister?.();
    unregister = undefined;
  });
  const plant = (hooks: PageLifecycleHooks) => {
    unregister = registerPageLifecycleHooks(hooks);
  };

  let serial = 0;
  /** A live page under the home page, with a live subpage. */
  const livePageWithChild = async () => {
    serial += 1;
    const parent = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: `Hooked ${serial}`,
      slug: `hooked-${serial}`,
      content: { body: [] },
      publish: true,
      userId,
    });
    const child = await createPage(t.db, {
      parentId: parent.id,
      pageType: 'ExamplePage',
      title: `Hooked child ${serial}`,
      slug: `hooked-child-${serial}`,
      content: { body: [] },
      publish: true,
      userId,
    });
    return { parent, child };
  };

  const failing = () => Promise.reject(new Error('the feature could not keep up'));
  const expectRejection = async (work: Promise<unknown>) => {
    try {
      await work;
    } catch (error) {
      expect((error as Error).message).to.equal('the feature could not keep up');
      return;
    }
    expect.fail('the failing hook should have reached the caller');
  };
  const liveOf = async (db: Db, id: number) => (await findPageById(db, id))?.live;

  it('unpublished: hears every page taken off the site, already not live inside the transaction', async () => {
    const { parent, child } = await livePageWithChild();
    const heard: Array<{ ids: number[]; liveInside: Array<boolean | undefined>; userId: number | null }> = [];
    plant({
      async unpublished(trx, event) {
        const ids = event.pages.map((p) => p.id);
        heard.push({ ids, liveInside: await Promise.all(ids.map((id) => liveOf(trx, id))), userId: event.userId });
      },
    });
    await unpublishPage(t.db, parent.id, userId, { includeDescendants: true });
    expect(heard).to.have.length(1);
    expect(heard[0]!.ids).to.have.members([parent.id, child.id]);
    expect(heard[0]!.liveInside).to.deep.equal([false, false]);
    expect(heard[0]!.userId).to.equal(userId);
    expect(await liveOf(t.db, parent.id)).to.equal(false);
  });

  it('unpublished: a failing hook keeps the pages live', async () => {
    const { parent, child } = await livePageWithChild();
    plant({ unpublished: failing });
    await expectRejection(unpublishPage(t.db, parent.id, userId, { includeDescendants: true }));
    expect(await liveOf(t.db, parent.id)).to.equal(true);
    expect(await liveOf(t.db, child.id)).to.equal(true);
  });

  it('deleting: hears the subtree, deleted page first, while its rows can still be read', async () => {
    const { parent, child } = await livePageWithChild();
    const heard: Array<{ ids: number[]; urlPaths: string[]; stillThere: boolean }> = [];
    plant({
      async deleting(trx, event) {
        const ids = event.pages.map((p) => p.id);
        const rows = await Promise.all(ids.map((id) => findPageById(trx, id)));
        heard.push({ ids, urlPaths: event.pages.map((p) => p.urlPath), stillThere: rows.every(Boolean) });
      },
    });
    const { deleted } = await deletePage(t.db, parent.id, userId);
    expect(deleted).to.equal(2);
    expect(heard).to.deep.equal([
      { ids: [parent.id, child.id], urlPaths: [parent.url_path, child.url_path], stillThere: true },
    ]);
    expect(await findPageById(t.db, parent.id)).to.equal(undefined);
    expect(await findPageById(t.db, child.id)).to.equal(undefined);
  });

  it('deleting: a failing hook keeps the subtree', async () => {
    const { parent, child } = await livePageWithChild();
    plant({ deleting: failing });
    await expectRejection(deletePage(t.db, parent.id, userId));
    expect(await findPageById(t.db, parent.id)).to.include({ id: parent.id, live: true });
    expect(await findPageById(t.db, child.id)).to.include({ id: child.id, live: true });
  });

  it('copied: hears each copy with its original once every copy is written', async () => {
    const { parent, child } = await livePageWithChild();
    const heard: Array<{ pairs: Array<[number, number, boolean]>; copiesThere: boolean }> = [];
    plant({
      async copied(trx, event) {
        const rows = await Promise.all(event.copies.map((c) => findPageById(trx, c.copyId)));
        heard.push({
          pairs: event.copies.map((c) => [c.sourceId, c.copyId, c.live]),
          copiesThere: rows.every(Boolean),
        });
      },
    });
    const copy = await copyPage(
      t.db,
      parent.id,
      {
        destinationId: home.id,
        title: `${parent.title} copy`,
        slug: `${parent.slug}-copy`,
        copySubpages: true,
        publishCopies: true,
      },
      userId,
    );
    expect(heard).to.have.length(1);
    const [top, sub] = heard[0]!.pairs;
    expect(top).to.deep.equal([parent.id, copy.id, true]);
    expect(sub![0]).to.equal(child.id);
    expect(heard[0]!.copiesThere).to.equal(true);
    expect(await findPageById(t.db, copy.id)).to.include({ live: true, title: `${parent.title} copy` });
  });

  it('copied: a failing hook leaves no copy behind', async () => {
    const { parent } = await livePageWithChild();
    const before = await t.db.selectFrom('pages').select('id').execute();
    plant({ copied: failing });
    await expectRejection(
      copyPage(
        t.db,
        parent.id,
        {
          destinationId: home.id,
          title: 'Never copied',
          slug: `${parent.slug}-never`,
          copySubpages: true,
          publishCopies: false,
        },
        userId,
      ),
    );
    expect(await t.db.selectFrom('pages').select('id').execute()).to.have.length(before.length);
  });

  it('moved: hears the live pages with their old URLs, and a failing hook leaves the page where it was', async () => {
    const { parent: destination } = await livePageWithChild();
    const { parent: moving, child } = await livePageWithChild();
    plant({ moved: failing });
    await expectRejection(movePage(t.db, moving.id, destination.id, userId));
    expect(await findPageById(t.db, moving.id)).to.include({ url_path: moving.url_path });
    unregister?.();

    const heard: Array<Array<{ id: number; oldUrlPath: string }>> = [];
    plant({
      moved: async (_trx, event) => {
        heard.push(event.moved.map(({ id, oldUrlPath }) => ({ id, oldUrlPath })));
      },
    });
    await movePage(t.db, moving.id, destination.id, userId);
    expect(heard).to.deep.equal([
      [
        { id: moving.id, oldUrlPath: moving.url_path },
        { id: child.id, oldUrlPath: child.url_path },
      ],
    ]);
    expect((await findPageById(t.db, moving.id))!.url_path).to.equal(`${destination.url_path}${moving.slug}/`);
  });

  it('runs hooks in the order they were registered, and takes a registration back out', async () => {
    const order: string[] = [];
    const first = registerPageLifecycleHooks({ unpublished: async () => void order.push('first') });
    const second = registerPageLifecycleHooks({ unpublished: async () => void order.push('second') });
    try {
      await unpublishPage(t.db, (await livePageWithChild()).parent.id, userId, { includeDescendants: false });
      expect(order).to.deep.equal(['first', 'second']);
      first();
      await unpublishPage(t.db, (await livePageWithChild()).parent.id, userId, { includeDescendants: false });
      expect(order).to.deep.equal(['first', 'second', 'second']);
    } finally {
      first();
      second();
    }
  });
});
