import { expect } from 'chai';
import request from 'supertest';
import { insertDocument } from '../../server/modules/documents/repo';
import { buildModelPermissions } from '../../server/modules/permissions/model-policy';
import { findGroupByName } from '../../server/modules/permissions/groups-repo';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';

describe('collections and site settings', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;
  let token: string;
  let usSite: number;
  let caSite: number;
  const collectionId = async (name: string) =>
    (await t.db.selectFrom('collections').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

  before(async function () {
    this.timeout(180_000); // migrating and seeding the whole demo is slow on a busy machine
    t = await createTestApp({
      env: { A11Y_FEEDBACK_URL: 'https://feedback.example.org/report', SECURITY_CONTACT: 'mailto:sec@example.com' },
    });
    admin = await signedInAgent(t.app);
    token = csrfTokenIn((await admin.get('/wagtail/collections/').expect(200)).text);
    usSite = (await t.db.selectFrom('sites').select('id').where('hostname', '=', 'localhost').executeTakeFirstOrThrow())
      .id;
    caSite = (
      await t.db.selectFrom('sites').select('id').where('hostname', '=', 'ca.localhost').executeTakeFirstOrThrow()
    ).id;
  });
  after(async () => t.close());

  describe('collections', () => {
    it('builds a tree under Root, moves a branch, and refuses moving one into itself', async () => {
      const root = await collectionId('Root');
      await admin
        .post('/wagtail/collections/add/')
        .type('form')
        .send({ csrfmiddlewaretoken: token, name: 'Menus', parent: String(root) })
        .expect(303);
      const menus = await collectionId('Menus');
      await admin
        .post('/wagtail/collections/add/')
        .type('form')
        .send({ csrfmiddlewaretoken: token, name: 'Summer', parent: String(menus) })
        .expect(303);
      await admin
        .post('/wagtail/collections/add/')
        .type('form')
        .send({ csrfmiddlewaretoken: token, name: 'Press', parent: String(root) })
        .expect(303);
      const summer = await collectionId('Summer');
      const list = await admin.get('/wagtail/collections/').expect(200);
      expect(list.text.indexOf('>Menus<'))
        .to.be.below(list.text.indexOf('— Summer'))
        .and.below(list.text.indexOf('>Press<'));
      expect(list.text).not.to.include('>Root<');
      // Menus under its own child: refused on the parent field.
      const into = await admin
        .post(`/wagtail/collections/${menus}/`)
        .type('form')
        .send({ csrfmiddlewaretoken: token, name: 'Menus', parent: String(summer), version: '1' })
        .expect(400);
      expect(into.text).to.include('A collection cannot be moved into itself or one of its descendants.');
      const press = await collectionId('Press');
      await admin
        .post(`/wagtail/collections/${menus}/`)
        .type('form')
        .send({ csrfmiddlewaretoken: token, name: 'Menus', parent: String(press), version: '1' })
        .expect(303);
      const tree = await t.db
        .selectFrom('collections')
        .select(['name', 'path', 'depth', 'numchild'])
        .orderBy('path')
        .execute();
      expect(tree.map((c) => `${c.name}:${c.depth}:${c.numchild}`)).to.deep.equal([
        'Root:1:1',
        'Press:2:1',
        'Menus:3:1',
        'Summer:4:0',
      ]);
      expect(tree[3]!.path.startsWith(tree[2]!.path) && tree[2]!.path.startsWith(tree[1]!.path)).to.equal(true);
    });

    it('refuses deleting a collection that is not empty, and deletes an empty one', async () => {
      const menus = await collectionId('Menus');
      const screen = await admin.get(`/wagtail/collections/delete/${menus}/`).expect(200);
      expect(screen.text).to.include(
        'The collection &#x27;Menus&#x27; is not empty: it holds 1 collection. Move or delete them first.',
      );
      expect(screen.text).to.include('This collection is used in 1 place.');
      expect(screen.text).not.to.include('Yes, delete');
      const refused = await admin
        .post(`/wagtail/collections/delete/${menus}/`)
        .type('form')
        .send({ csrfmiddlewaretoken: token })
        .expect(409);
      expect(refused.text).to.include('is not empty');
      // Images count too: file one image in Summer.
      const summer = await collectionId('Summer');
      await t.db
        .updateTable('images')
        .set({ collection_id: summer })
        .where('id', '=', (await t.db.selectFrom('images').select('id').executeTakeFirstOrThrow()).id)
        .execute();
      const withImage = await admin.get(`/wagtail/collections/delete/${summer}/`).expect(200);
      expect(withImage.text).to.include('it holds 1 image');
      await t.db
        .updateTable('images')
        .set({ collection_id: await collectionId('Root') })
        .execute();
      // And documents: one filed in Summer keeps it too.
      const document = await insertDocument(t.db, {
        title: 'Kit',
        file: 'documents/kit-test.pdf',
        file_name: 'kit.pdf',
        file_size: 10,
        mimetype: 'application/pdf',
        uploaded_by_user_id: null,
      });
      await t.db.updateTable('documents').set({ collection_id: summer }).where('id', '=', document.id).execute();
      expect((await admin.get(`/wagtail/collections/delete/${summer}/`).expect(200)).text).to.include(
        'it holds 1 document',
      );
      await admin
        .post(`/wagtail/collections/delete/${summer}/`)
        .type('form')
        .send({ csrfmiddlewaretoken: token })
        .expect(409);
      await t.db.deleteFrom('documents').where('id', '=', document.id).execute();
      await admin
        .post(`/wagtail/collections/delete/${summer}/`)
        .type('form')
        .send({ csrfmiddlewaretoken: token })
        .expect(303);
      expect(await t.db.selectFrom('collections').select('id').where('name', '=', 'Summer').execute()).to.have.length(
        0,
      );
      expect(
        (await t.db.selectFrom('collections').select('numchild').where('id', '=', menus).executeTakeFirstOrThrow())
          .numchild,
      ).to.equal(0);
      // Root is no object of the screens.
      await admin.get(`/wagtail/collections/${await collectionId('Root')}/`).expect(404);
    });

    it('grants add, change and choose on a collection and its descendants from the group screen', async () => {
      const editors = (await findGroupByName(t.db, 'Editors'))!;
      const press = await collectionId('Press');
      await admin
        .post(`/wagtail/groups/${editors.id}/`)
        .type('form')
        .send({
          csrfmiddlewaretoken: token,
          name: 'Editors',
          can_access_admin: 'on',
          new_collection: String(press),
          new_collection_permissions: ['add', 'choose'],
        })
        .expect(303);
      const grants = await t.db
        .selectFrom('group_collection_permissions')
        .select(['collection_id', 'permission'])
        .where('group_id', '=', editors.id)
        .orderBy('permission')
        .execute();
      expect(grants).to.deep.equal([
        { collection_id: press, permission: 'add' },
        { collection_id: press, permission: 'choose' },
      ]);
      const rows = await t.db.selectFrom('collections').select(['name', 'path']).execute();
      const path = (name: string) => rows.find((r) => r.name === name)!.path;
      const permissions = buildModelPermissions(
        { id: 1, is_superuser: false },
        [],
        grants.map((g) => ({ permission: g.permission, path: path('Press') })),
      );
      expect(permissions.canInCollection('add', path('Menus'))).to.equal(true);
      expect(permissions.canInCollection('change', path('Menus'))).to.equal(false);
      expect(permissions.canInCollection('add', path('Root'))).to.equal(false);
      const screen = await admin.get(`/wagtail/groups/${editors.id}/`).expect(200);
      expect(screen.text).to.include(`name="coll_${press}"`);
      // Unticking every box of the row removes it; a permission without a collection is refused.
      const missing = await admin
        .post(`/wagtail/groups/${editors.id}/`)
        .type('form')
        .send({
          csrfmiddlewaretoken: token,
          name: 'Editors',
          can_access_admin: 'on',
          collections: String(press),
          new_collection_permissions: 'change',
        })
        .expect(400);
      expect(missing.text).to.include('Choose the collection these permissions apply to.');
      await admin
        .post(`/wagtail/groups/${editors.id}/`)
        .type('form')
        .send({ csrfmiddlewaretoken: token, name: 'Editors', can_access_admin: 'on', collections: String(press) })
        .expect(303);
      expect(
        await t.db
          .selectFrom('group_collection_permissions')
          .select('permission')
          .where('group_id', '=', editors.id)
          .execute(),
      ).to.have.length(0);
    });
  });

  describe('site settings', () => {
    const url = () => `/wagtail/settings/core/sitesettings/${usSite}/`;
    const fields = {
      new_header: 'on',
      a11y_feedback_url: '',
      embed_hosts: '',
      security_contact: '',
      default_social_image: '',
      robots_policy: 'index',
      map_style_url: '',
    };

    it('opens the default site from /wagtail/settings/ and shows the environment as defaults', async () => {
      const index = await admin.get('/wagtail/settings/').expect(302);
      expect(index.headers.location).to.equal(url());
      const form = await admin.get(url()).expect(200);
      expect(form.text).to.include('Empty: https://feedback.example.org/report (from the environment).');
      expect(form.text)
        .to.include('name="new_header"')
        .and.to.include(`href="/wagtail/settings/core/sitesettings/${caSite}/"`);
    });

    it('feeds robots.txt, security.txt, the footer form and the header flag on the public site', async () => {
      const before = await request(t.app).get('/.well-known/security.txt').set('Host', 'localhost:3000').expect(200);
      expect(before.text).to.include('Contact: mailto:sec@example.com');
      const version = Number(/name="version" value="(\d+)"/.exec((await admin.get(url()).expect(200)).text)![1]);
      await admin
        .post(url())
        .type('form')
        .send({
          ...fields,
          csrfmiddlewaretoken: token,
          version: String(version),
          new_header: '',
          robots_policy: 'noindex',
          security_contact: 'https://example.com/security',
          a11y_feedback_url: 'https://a11y.example.net/form',
        })
        .expect(303);
      const robots = await request(t.app).get('/robots.txt').set('Host', 'localhost:3000').expect(200);
      expect(robots.text).to.equal('User-agent: *\nDisallow: /\n');
      const canada = await request(t.app).get('/robots.txt').set('Host', 'ca.localhost:3000').expect(200);
      expect(canada.text).to.include('Disallow: /wagtail/');
      expect(
        (await request(t.app).get('/.well-known/security.txt').set('Host', 'localhost:3000').expect(200)).text,
      ).to.include('Contact: https://example.com/security');
      const home = await request(t.app).get('/').set('Host', 'localhost:3000').expect(200);
      expect(home.text).to.include('data-header="legacy"').and.to.include('action="https://a11y.example.net/form"');
      expect(home.headers['content-security-policy']).to.include(
        "form-action 'self' https://feedback.example.org https://a11y.example.net",
      );
      const caHome = await request(t.app).get('/').set('Host', 'ca.localhost:3000').expect(200);
      expect(caHome.text).not.to.include('data-header="legacy"');
      expect(caHome.text).to.include('action="https://feedback.example.org/report"');
      const history = await admin.get(`${url()}history/`).expect(200);
      expect(history.text).to.include('Edited (new header, a11y feedback url, security contact, robots policy)');
    });

    it('makes the embed allow-list per site, refusing unsafe hosts', async () => {
      const form = await admin.get(url()).expect(200);
      const version = /name="version" value="(\d+)"/.exec(form.text)![1]!;
      const bad = await admin
        .post(url())
        .type('form')
        .send({
          ...fields,
          csrfmiddlewaretoken: token,
          version,
          embed_hosts: 'player.vimeo.com\n127.0.0.1\n*.evil.example',
        })
        .expect(400);
      expect(bad.text).to.include(
        'Enter host names such as www.youtube-nocookie.com, one per line (not: 127.0.0.1, *.evil.example).',
      );
      expect(bad.text).to.include('127.0.0.1');
      await admin
        .post(url())
        .type('form')
        .send({
          ...fields,
          csrfmiddlewaretoken: token,
          version,
          embed_hosts: 'player.vimeo.com\nvideo.example.org',
          map_style_url: 'https://tiles.example.org/style.json',
        })
        .expect(303);
      const home = await request(t.app).get('/').set('Host', 'localhost:3000').expect(200);
      const csp = String(home.headers['content-security-policy']);
      expect(csp)
        .to.include('https://video.example.org')
        .and.to.include("connect-src 'self' https://tiles.example.org");
      // The map page of this site takes the site's map style; the other site keeps the default (none).
      const map = await request(t.app).get('/locations/map/').set('Host', 'localhost:3000').expect(200);
      expect(map.text).to.include('"mapStyleUrl":"https://tiles.example.org/style.json"');
      const caMap = await request(t.app).get('/locations/map/').set('Host', 'ca.localhost:3000').expect(200);
      expect(caMap.text).to.include('"mapStyleUrl":null');
      const badUrl = await admin
        .post(url())
        .type('form')
        .send({
          ...fields,
          csrfmiddlewaretoken: token,
          version: String(Number(version) + 1),
          map_style_url: 'http://tiles.example.org/style.json',
          default_social_image: '999999',
        })
        .expect(400);
      expect(badUrl.text).to.include('Enter the map style as an https:// address, or leave it empty for the default.');
    });

    it('refuses a stale settings form with 409 and keeps the input; a missing image is refused on its field', async () => {
      const version = /name="version" value="(\d+)"/.exec((await admin.get(url()).expect(200)).text)![1]!;
      await admin
        .post(url())
        .type('form')
        .send({ ...fields, csrfmiddlewaretoken: token, version })
        .expect(303);
      const stale = await admin
        .post(url())
        .type('form')
        .send({ ...fields, csrfmiddlewaretoken: token, version, security_contact: 'mailto:mine@example.com' })
        .expect(409);
      expect(stale.text).to.match(/These settings were changed by Site Administrator at .* after you opened them/);
      expect(stale.text).to.include('value="mailto:mine@example.com"');
      const next = /name="version" value="(\d+)"/.exec(stale.text)![1]!;
      const image = await admin
        .post(url())
        .type('form')
        .send({ ...fields, csrfmiddlewaretoken: token, version: next, default_social_image: '999999' })
        .expect(400);
      expect(image.text).to.include('There is no image with id 999999.');
      // An image that exists becomes the pages' og:image on that site.
      const imageId = (await t.db.selectFrom('images').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
      await admin
        .post(url())
        .type('form')
        .send({ ...fields, csrfmiddlewaretoken: token, version: next, default_social_image: String(imageId) })
        .expect(303);
      const home = await request(t.app).get('/').set('Host', 'localhost:3000').expect(200);
      expect(home.text).to.include(
        `<meta property="og:image" content="http://localhost:3000/media/images/${imageId}/w1280.jpeg"/>`,
      );
      await request(t.app).get(`/media/images/${imageId}/w1280.jpeg`).expect(200);
      await admin.get('/wagtail/settings/core/nosuchsettings/1/').expect(404);
      await admin.get('/wagtail/settings/core/sitesettings/99999/').expect(404);
    });
  });
});
