import { expect } from 'chai';
import {
  insertGroup,
  replaceGroupPagePermissions,
  replaceUserGroups,
} from '../../server/modules/permissions/groups-repo';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

const emptyContent = { body: [], confirmation_content: [] };
const EDITOR = { username: 'order-editor', password: 'order-editor-password' };
const PUBLISHER = { username: 'order-publisher', password: 'order-publisher-password' };

/** The explorer's row titles, in the order shown. */
function titlesOf(html: string): string[] {
  const body = /<tbody>(.*?)<\/tbody>/s.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/gs)].map(
    (row) => /class="admin-table__title"[^>]*>([^<]*)</.exec(row[1]!)?.[1] ?? '',
  );
}

describe('back office: explorer sorting and menu order', () => {
  let t: TestApp;
  let home: Page;
  let section: Page;
  const titles = async (parent: Page) =>
    (
      await t.db
        .selectFrom('pages')
        .select('title')
        .where('path', 'like', `${parent.path}%`)
        .where('depth', '=', parent.depth + 1)
        .orderBy('path')
        .execute()
    ).map((p) => p.title);
  const child = (parent: Page, title: string) =>
    createPage(t.db, { parentId: parent.id, pageType: 'ExamplePage', title, content: emptyContent });

  useTestApp({}, (suite) => ({ t, home } = suite));
  before(async () => {
    section = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Ordering section',
      content: emptyContent,
      publish: true,
    });
    const editors = await insertGroup(t.db, { name: 'Ordering editors', can_access_admin: true });
    await replaceGroupPagePermissions(t.db, editors.id, [
      { page_id: section.id, permission_type: 'add' },
      { page_id: section.id, permission_type: 'change' },
    ]);
    const publishers = await insertGroup(t.db, { name: 'Ordering publishers', can_access_admin: true });
    await replaceGroupPagePermissions(t.db, publishers.id, [{ page_id: section.id, permission_type: 'publish' }]);
    for (const [who, group] of [
      [EDITOR, editors],
      [PUBLISHER, publishers],
    ] as const) {
      const user = await insertUser(t.db, {
        username: who.username,
        email: `${who.username}@example.com`,
        password_hash: await hashPassword(who.password),
        is_superuser: false,
      });
      await replaceUserGroups(t.db, user.id, [group.id]);
    }
  });

  it('sorts by title, last update and status, keeps the ordering across pages, and refuses an unknown one', async () => {
    const parent = await child(section, 'Sorted parent');
    const names = ['Mussels', 'Clams', 'Oysters'];
    for (const [i, name] of names.entries()) {
      const page = await child(parent, name);
      await t.db
        .updateTable('pages')
        .set({ updated_at: new Date(Date.UTC(2026, 0, 1 + i)) })
        .where('id', '=', page.id)
        .execute();
      if (name === 'Clams')
        await t.db
          .updateTable('pages')
          .set({ live: true, has_unpublished_changes: false })
          .where('id', '=', page.id)
          .execute();
    }
    const agent = await signedInAgent(t.app);
    const base = `/wagtail/pages/${parent.id}/`;
    expect(titlesOf((await agent.get(base).expect(200)).text)).to.deep.equal(['Mussels', 'Clams', 'Oysters']);
    const byTitle = await agent.get(`${base}?ordering=title`).expect(200);
    expect(titlesOf(byTitle.text)).to.deep.equal(['Clams', 'Mussels', 'Oysters']);
    expect(byTitle.text).to.match(/<th scope="col" aria-sort="ascending"><a href="[^"]*\?ordering=-title"/);
    expect(titlesOf((await agent.get(`${base}?ordering=-title`).expect(200)).text)).to.deep.equal([
      'Oysters',
      'Mussels',
      'Clams',
    ]);
    expect(titlesOf((await agent.get(`${base}?ordering=-latest_revision_created_at`).expect(200)).text)).to.deep.equal([
      'Oysters',
      'Clams',
      'Mussels',
    ]);
    expect(titlesOf((await agent.get(`${base}?ordering=latest_revision_created_at`).expect(200)).text)).to.deep.equal([
      'Mussels',
      'Clams',
      'Oysters',
    ]);
    expect(titlesOf((await agent.get(`${base}?ordering=-status`).expect(200)).text)[0]).to.equal('Clams');
    expect(titlesOf((await agent.get(`${base}?ordering=status`).expect(200)).text)).to.deep.equal([
      'Mussels',
      'Oysters',
      'Clams',
    ]);
    const bad = await agent.get(`${base}?ordering=price`).expect(400);
    expect(bad.text).to.include('Choose an ordering among: ord, title');

    const many = await child(section, 'Many to sort');
    for (let i = 0; i < 51; i++) await child(many, `Item ${String(50 - i).padStart(2, '0')}`);
    const first = await agent.get(`/wagtail/pages/${many.id}/?ordering=title`).expect(200);
    expect(titlesOf(first.text)[0]).to.equal('Item 00');
    expect(first.text).to.include(`href="/wagtail/pages/${many.id}/?ordering=title&amp;p=2"`);
    expect(titlesOf((await agent.get(`/wagtail/pages/${many.id}/?ordering=title&p=2`).expect(200)).text)).to.deep.equal(
      ['Item 50'],
    );
  });

  it('moves a page among its siblings with its subtree, records it, and returns focus to the control used', async () => {
    const parent = await child(section, 'Menu parent');
    const a = await child(parent, 'Alpha');
    const b = await child(parent, 'Bravo');
    const c = await child(parent, 'Charlie');
    const grandchild = await child(c, 'Charlie child');
    await child(grandchild, 'Charlie grandchild');
    await child(a, 'Alpha child');
    const agent = await signedInAgent(t.app);
    const screen = await agent.get(`/wagtail/pages/${parent.id}/?ordering=ord`).expect(200);
    expect(screen.text).to.include(`action="/wagtail/pages/${c.id}/set_position/?position=1"`);
    expect(screen.text).to.match(/<button type="submit" id="move-up-\d+"[^>]*disabled=""/); // the first row cannot go up
    const token = csrfTokenIn(screen.text);

    const moved = await agent
      .post(`/wagtail/pages/${c.id}/set_position/?position=0`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(303);
    expect(moved.headers.location).to.equal(`/wagtail/pages/${parent.id}/?ordering=ord`);
    expect(await titles(parent)).to.deep.equal(['Charlie', 'Alpha', 'Bravo']);
    // Every subtree followed its top page, and nothing else changed.
    const rows = await t.db
      .selectFrom('pages')
      .select(['title', 'path', 'depth', 'url_path', 'numchild'])
      .where('path', 'like', `${parent.path}%`)
      .orderBy('path')
      .execute();
    const byTitle = new Map(rows.map((row) => [row.title, row]));
    expect(rows.map((row) => row.title)).to.deep.equal([
      'Menu parent',
      'Charlie',
      'Charlie child',
      'Charlie grandchild',
      'Alpha',
      'Alpha child',
      'Bravo',
    ]);
    expect(byTitle.get('Charlie grandchild')!.path.startsWith(byTitle.get('Charlie child')!.path)).to.equal(true);
    expect(byTitle.get('Charlie child')!.path.startsWith(byTitle.get('Charlie')!.path)).to.equal(true);
    expect(byTitle.get('Charlie grandchild')!.depth).to.equal(parent.depth + 3);
    expect(byTitle.get('Charlie grandchild')!.url_path).to.equal(
      `${parent.url_path}charlie/charlie-child/charlie-grandchild/`,
    );
    expect(byTitle.get('Menu parent')!.numchild).to.equal(3);
    expect(new Set(rows.map((row) => row.path)).size).to.equal(rows.length);

    const after = await agent.get(`/wagtail/pages/${parent.id}/?ordering=ord`).expect(200);
    expect(after.text).to.include('&#x27;Charlie&#x27; moved to position 1 of 3.');
    // At the top the "Move up" control is disabled, so "Move down" of the moved row takes the focus.
    expect(after.text).to.match(new RegExp(`id="move-down-${c.id}"[^>]*autofocus=""`));
    expect(after.text).not.to.match(new RegExp(`id="move-(up|down)-${b.id}"[^>]*autofocus`));

    const log = await t.db
      .selectFrom('page_log_entries')
      .selectAll()
      .where('page_id', '=', c.id)
      .where('action', '=', 'reorder')
      .execute();
    expect(log).to.have.length(1);
    expect(log[0]!.data).to.deep.include({ old_position: 2, new_position: 0 });
    const history = await agent.get(`/wagtail/pages/${c.id}/history/`).expect(200);
    expect(history.text).to.include('Reordered under &#x27;Menu parent&#x27; (from position 3 to 1)');

    // JSON (Wagtail's background call): past the end means last.
    const json = await agent
      .post(`/wagtail/pages/${c.id}/set_position/?position=99`)
      .set('X-CSRFToken', token)
      .set('Accept', 'application/json')
      .expect(200);
    expect(json.body).to.deep.equal({ id: c.id, position: 2, count: 3 });
    expect(await titles(parent)).to.deep.equal(['Alpha', 'Bravo', 'Charlie']);
    expect(b.id).to.be.a('number');
  });

  it('moves across pages of the explorer and returns to the page where the row now is', async () => {
    const parent = await child(section, 'Long menu');
    const kids: Page[] = [];
    for (let i = 0; i < 55; i++) kids.push(await child(parent, `Dish ${String(i).padStart(2, '0')}`));
    const agent = await signedInAgent(t.app);
    const page2 = await agent.get(`/wagtail/pages/${parent.id}/?ordering=ord&p=2`).expect(200);
    // The first row of page 2 is position 50 (0-based): "Move up" sends it to 49, on page 1.
    expect(page2.text).to.include(`action="/wagtail/pages/${kids[50]!.id}/set_position/?position=49"`);
    const token = csrfTokenIn(page2.text);
    const up = await agent
      .post(`/wagtail/pages/${kids[50]!.id}/set_position/?position=49`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(303);
    expect(up.headers.location).to.equal(`/wagtail/pages/${parent.id}/?ordering=ord`);
    const order = await titles(parent);
    expect(order.slice(48, 52)).to.deep.equal(['Dish 48', 'Dish 50', 'Dish 49', 'Dish 51']);
    const down = await agent
      .post(`/wagtail/pages/${kids[0]!.id}/set_position/?position=54`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(303);
    expect(down.headers.location).to.equal(`/wagtail/pages/${parent.id}/?ordering=ord&p=2`);
    const last = await agent.get(`/wagtail/pages/${parent.id}/?ordering=ord&p=2`).expect(200);
    expect(titlesOf(last.text).at(-1)).to.equal('Dish 00');
    expect((await titles(parent)).length).to.equal(55);
  });

  it('keeps every sibling and subtree intact under concurrent reorders (the parent row is locked)', async () => {
    const parent = await child(section, 'Busy menu');
    const kids: Page[] = [];
    for (let i = 0; i < 8; i++) {
      const kid = await child(parent, `Busy ${i}`);
      await child(kid, `Busy ${i} child`);
      kids.push(kid);
    }
    const agent = await signedInAgent(t.app);
    const token = csrfTokenIn((await agent.get(`/wagtail/pages/${parent.id}/?ordering=ord`).expect(200)).text);
    const moves = kids.map((kid, i) =>
      agent
        .post(`/wagtail/pages/${kid.id}/set_position/?position=${(i * 5) % 8}`)
        .set('X-CSRFToken', token)
        .set('Accept', 'application/json'),
    );
    const answers = await Promise.all(moves);
    expect(answers.map((res) => res.status)).to.deep.equal(kids.map(() => 200));
    const order = await titles(parent);
    expect([...order].sort()).to.deep.equal(kids.map((kid) => kid.title).sort());
    for (const kid of kids) {
      const [top, below] = await t.db
        .selectFrom('pages')
        .select(['title', 'path', 'depth'])
        .where('title', 'in', [kid.title, `${kid.title} child`])
        .orderBy('depth')
        .execute();
      expect(below!.path.slice(0, -4), kid.title).to.equal(top!.path);
    }
    const log = await t.db
      .selectFrom('page_log_entries')
      .select('id')
      .where('action', '=', 'reorder')
      .where(
        'page_id',
        'in',
        kids.map((kid) => kid.id),
      )
      .execute();
    expect(log.length).to.be.within(1, kids.length);
  });

  it('refuses a bad position with a clear message and changes nothing', async () => {
    const parent = await child(section, 'Bad positions');
    const one = await child(parent, 'One');
    await child(parent, 'Two');
    const agent = await signedInAgent(t.app);
    const token = csrfTokenIn((await agent.get(`/wagtail/pages/${parent.id}/?ordering=ord`).expect(200)).text);
    for (const query of ['?position=-1', '?position=abc', '?position=1.5', '']) {
      const res = await agent
        .post(`/wagtail/pages/${one.id}/set_position/${query}`)
        .set('X-CSRFToken', token)
        .set('Accept', 'application/json')
        .expect(400);
      expect(JSON.stringify(res.body)).to.match(/position/i);
    }
    const html = await agent
      .post(`/wagtail/pages/${one.id}/set_position/?position=x`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(400);
    expect(html.text).to.include('The position must be a whole number of at least 0.');
    await agent
      .post('/wagtail/pages/999999/set_position/?position=0')
      .set('X-CSRFToken', token)
      .set('Accept', 'application/json')
      .expect(404);
    expect(await titles(parent)).to.deep.equal(['One', 'Two']);
    expect(
      await t.db
        .selectFrom('page_log_entries')
        .select('id')
        .where('page_id', '=', one.id)
        .where('action', '=', 'reorder')
        .execute(),
    ).to.deep.equal([]);
  });

  it("needs 'publish' on the parent, as Wagtail's can_reorder_children", async () => {
    const parent = await child(section, 'Guarded menu');
    const first = await child(parent, 'First');
    await child(parent, 'Second');
    for (const [who, status] of [
      [EDITOR, 403],
      [PUBLISHER, 303],
    ] as const) {
      const agent = await signedInAgent(t.app, who);
      const screen = await agent.get(`/wagtail/pages/${parent.id}/?ordering=ord`).expect(200);
      // Only those who may reorder see the mode's switch and the controls.
      expect(screen.text.includes('set_position'), who.username).to.equal(status === 303);
      expect(screen.text.includes('Done sorting'), who.username).to.equal(status === 303);
      const plain = await agent.get(`/wagtail/pages/${parent.id}/`).expect(200);
      expect(plain.text.includes('Sort menu order'), who.username).to.equal(status === 303);
      const token = csrfTokenIn(screen.text);
      await agent
        .post(`/wagtail/pages/${first.id}/set_position/?position=1`)
        .type('form')
        .send({ csrfmiddlewaretoken: token })
        .expect(status);
    }
    expect(await titles(parent)).to.deep.equal(['Second', 'First']);
    // The publisher's grant starts at the section: its own siblings (under the home page) are out of reach.
    const publisher = await signedInAgent(t.app, PUBLISHER);
    const token = csrfTokenIn((await publisher.get(`/wagtail/pages/${section.id}/`).expect(200)).text);
    await publisher
      .post(`/wagtail/pages/${section.id}/set_position/?position=0`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(403);
    // Without a CSRF token nothing moves.
    await publisher.post(`/wagtail/pages/${first.id}/set_position/?position=0`).type('form').send({}).expect(403);
    expect(await titles(parent)).to.deep.equal(['Second', 'First']);
    expect(home.id).to.be.a('number');
  });
});
