import { expect } from 'chai';
import request from 'supertest';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';

describe('back office: admin API for pages', () => {
  let t: TestApp;
  let home: Page;
  let agent: SignedInAgent;
  let token: string;
  let section: Page;
  let children: Page[];
  useTestApp({ signIn: true }, (suite) => ({ t, home, agent, token } = suite));
  before(async () => {
    section = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'API section',
      content: { body: [] },
      publish: true,
    });
    children = [];
    for (let i = 0; i < 25; i++) {
      children.push(
        await createPage(t.db, {
          parentId: section.id,
          pageType: 'ExamplePage',
          title: `Dish ${String(i).padStart(2, '0')}`,
          content: { body: [] },
          publish: i % 2 === 0,
        }),
      );
    }
  });

  const json = (path: string) => agent.get(path).set('Accept', 'application/json');
  const act = (id: number, name: string, body: unknown = {}) =>
    agent
      .post(`/wagtail/api/main/pages/${id}/action/${name}/`)
      .set('X-CSRFToken', token)
      .send(body as object);

  it('lists children 20 at a time with total count, status and child count', async () => {
    const first = await json(`/wagtail/api/main/pages/?child_of=${section.id}`).expect(200);
    expect(first.body.meta.total_count).to.equal(25);
    expect(first.body.items).to.have.length(20);
    expect(first.body.items[0]).to.deep.include({ id: children[0]!.id, title: 'Dish 00' });
    expect(first.body.items[0].meta.status).to.deep.equal({
      status: 'live',
      live: true,
      has_unpublished_changes: false,
    });
    expect(first.body.items[1].meta.status.status).to.equal('draft');
    expect(first.body.items[0].meta.children.count).to.equal(0);
    const second = await json(`/wagtail/api/main/pages/?child_of=${section.id}&offset=20&limit=10`).expect(200);
    expect(second.body.items.map((i: { title: string }) => i.title)).to.deep.equal([
      'Dish 20',
      'Dish 21',
      'Dish 22',
      'Dish 23',
      'Dish 24',
    ]);
    const parent = await json(`/wagtail/api/main/pages/${section.id}/`).expect(200);
    expect(parent.body.meta.children.count).to.equal(25);
  });

  it('filters by descendant_of, type and search, and orders', async () => {
    const found = await json(
      `/wagtail/api/main/pages/?descendant_of=${section.id}&search=dish%2007&type=ExamplePage`,
    ).expect(200);
    expect(found.body.items.map((i: { title: string }) => i.title)).to.deep.equal(['Dish 07']);
    const ordered = await json(`/wagtail/api/main/pages/?child_of=${section.id}&order=-title&limit=2`).expect(200);
    expect(ordered.body.items.map((i: { title: string }) => i.title)).to.deep.equal(['Dish 24', 'Dish 23']);
  });

  it('answers bad query parameters with 400 and the field', async () => {
    const over = await json('/wagtail/api/main/pages/?limit=21').expect(400);
    expect(over.body.error.fields.limit).to.deep.equal(['limit cannot be higher than 20']);
    await json('/wagtail/api/main/pages/?child_of=abc').expect(400);
    await json('/wagtail/api/main/pages/?child_of=99999999').expect(400);
    await json('/wagtail/api/main/pages/?type=NoSuchType').expect(400);
    await json('/wagtail/api/main/pages/?order=secret').expect(400);
    await json('/wagtail/api/main/pages/?bogus=1').expect(400);
  });

  it('finds a page by id or public path and redirects to its detail', async () => {
    await json(`/wagtail/api/main/pages/find/?id=${section.id}`)
      .expect(302)
      .expect('Location', `/wagtail/api/main/pages/${section.id}/`);
    await json(`/wagtail/api/main/pages/find/?html_path=/${section.slug}/`)
      .set('Host', 'localhost:3000')
      .expect(302)
      .expect('Location', `/wagtail/api/main/pages/${section.id}/`);
    await json('/wagtail/api/main/pages/find/?html_path=/no-such-page/').set('Host', 'localhost:3000').expect(404);
    await json('/wagtail/api/main/pages/find/').expect(400);
    await json('/wagtail/api/main/pages/99999999/').expect(404);
  });

  it('publishes and unpublishes through actions, and the public page follows', async () => {
    const draft = children[1]!;
    await request(t.app).get(`/${section.slug}/${draft.slug}/`).set('Host', 'localhost:3000').expect(404);
    const published = await act(draft.id, 'publish').expect(200);
    expect(published.body.meta.status.status).to.equal('live');
    await request(t.app).get(`/${section.slug}/${draft.slug}/`).set('Host', 'localhost:3000').expect(200);
    const unpublished = await act(draft.id, 'unpublish', { recursive: false }).expect(200);
    expect(unpublished.body.meta.status.live).to.equal(false);
    await request(t.app).get(`/${section.slug}/${draft.slug}/`).set('Host', 'localhost:3000').expect(404);
  });

  it('copies, moves, reverts and deletes through actions', async () => {
    const source = children[2]!;
    const copy = await act(source.id, 'copy', { update_attrs: { slug: 'dish-copy', title: 'Dish copy' } }).expect(201);
    expect(copy.body.title).to.equal('Dish copy');
    expect(copy.body.meta.parent.id).to.equal(section.id);
    const moved = await act(copy.body.id, 'move', { destination_page_id: children[3]!.id }).expect(200);
    expect(moved.body.meta.parent.id).to.equal(children[3]!.id);
    await act(section.id, 'move', { destination_page_id: children[3]!.id }).expect(400);
    await act(source.id, 'revert_to_page_revision', { revision_id: source.latest_revision_id }).expect(200);
    await act(copy.body.id, 'delete').expect(204);
    await json(`/wagtail/api/main/pages/${copy.body.id}/`).expect(404);
  });

  it('answers an unknown action 404, a bad body 400, no CSRF token 403 and anonymous 401', async () => {
    await act(section.id, 'explode').expect(404);
    const bad = await act(section.id, 'move', { destination_page_id: 'x' }).expect(400);
    expect(bad.body.error.fields).to.have.property('destination_page_id');
    await act(section.id, 'unpublish', { recursive: 'yes' }).expect(400);
    await agent.post(`/wagtail/api/main/pages/${section.id}/action/publish/`).send({}).expect(403);
    const anonymous = await request(t.app).get('/wagtail/api/main/pages/').expect(401);
    expect(anonymous.body.error.code).to.equal('not_authenticated');
  });
});
