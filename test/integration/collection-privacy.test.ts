import { expect } from 'chai';
import request from 'supertest';
import { createCollection, rootCollectionId } from '../../server/modules/collections/service';
import { createDocument, documentUrl } from '../../server/modules/documents/service';
import type { DocumentRow } from '../../server/modules/documents/table';
import { findGroupByName, replaceUserGroups } from '../../server/modules/permissions/groups-repo';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { openMediaStorage } from '../../server/storage/open-media-storage';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';
import { tinyPdf } from '../helpers/media-files';

const WRONG = 'The password you have entered is not correct. Please try again.';
const EDITOR = { username: 'collection-privacy-editor', password: 'collection-privacy-editor-password' };

describe('collection privacy: the privacy screen and private documents', () => {
  let t: TestApp;
  let admin: SignedInAgent;
  let token: string;
  let n = 0;
  useTestApp({ signIn: true }, (suite) => ({ t, agent: admin, token } = suite));
  before(async function () {
    this.timeout(180_000);
    const editors = (await findGroupByName(t.db, 'Editors'))!;
    const user = await insertUser(t.db, {
      username: EDITOR.username,
      email: `${EDITOR.username}@example.com`,
      password_hash: await hashPassword(EDITOR.password),
      is_superuser: false,
    });
    await replaceUserGroups(t.db, user.id, [editors.id]);
  });

  const collection = async (parentId?: number) =>
    createCollection(t.db, { name: `Private ${++n}`, parentId: parentId ?? (await rootCollectionId(t.db)) });
  const documentIn = (collectionId: number): Promise<DocumentRow> =>
    createDocument(t.db, openMediaStorage(t.config.media), {
      title: `Secret ${++n}`,
      fileName: `secret-${n}.pdf`,
      data: tinyPdf(),
      collectionId,
    });
  const setPrivacy = (id: number, form: Record<string, unknown>) =>
    admin
      .post(`/wagtail/collections/${id}/privacy/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, ...form });
  const restrictionOf = (id: number) =>
    t.db.selectFrom('collection_view_restrictions').selectAll().where('collection_id', '=', id).executeTakeFirst();

  it('is linked from the collection edit screen and redisplays bad input, saving nothing', async () => {
    const c = await collection();
    const edit = await admin.get(`/wagtail/collections/${c.id}/`).expect(200);
    expect(edit.text).to.include(`href="/wagtail/collections/${c.id}/privacy/"`);
    const screen = await admin.get(`/wagtail/collections/${c.id}/privacy/`).expect(200);
    expect(screen.text).to.include('Collection privacy');
    expect(screen.text).to.include('Private, accessible with a shared password');

    expect((await setPrivacy(c.id, { restriction_type: 'password', password: '' }).expect(400)).text).to.include(
      'This field is required.',
    );
    expect((await setPrivacy(c.id, { restriction_type: 'groups' }).expect(400)).text).to.include(
      'Please select at least one group.',
    );
    expect((await setPrivacy(c.id, { restriction_type: 'groups', groups: ['999999'] }).expect(400)).text).to.include(
      '999999 is not one of the available choices',
    );
    expect((await setPrivacy(c.id, { restriction_type: 'everyone' }).expect(400)).text).to.include(
      'Select a valid choice.',
    );
    await admin
      .post(`/wagtail/collections/${c.id}/privacy/`)
      .type('form')
      .send({ csrfmiddlewaretoken: 'forged', restriction_type: 'login' })
      .expect(403);
    expect(await restrictionOf(c.id)).to.equal(undefined);

    await admin.get(`/wagtail/collections/${await rootCollectionId(t.db)}/privacy/`).expect(404);
    await admin.get('/wagtail/collections/999999/privacy/').expect(404);
    await admin.get('/wagtail/collections/abc/privacy/').expect(404);
  });

  it('serves a document of a password-protected collection (or a child collection) only after the right password', async () => {
    const parent = await collection();
    const child = await collection(parent.id);
    const doc = await documentIn(child.id);
    const url = documentUrl(doc);
    // Public first: served and cacheable.
    const before = await request(t.app).get(url).expect(200);
    expect(before.headers['cache-control']).to.equal('public, max-age=3600');

    const saved = await setPrivacy(parent.id, { restriction_type: 'password', password: 'vault-door-7' }).expect(303);
    expect(saved.headers.location).to.equal(`/wagtail/collections/${parent.id}/`);
    const restriction = (await restrictionOf(parent.id))!;
    expect(restriction.password_hash).to.match(/^\$argon2id\$/);
    const log = await t.db
      .selectFrom('model_log_entries')
      .select(['action', 'data'])
      .where('model', '=', 'wagtailcore.collection')
      .where('object_id', '=', String(parent.id))
      .execute();
    expect(log.map((e) => e.action)).to.deep.equal(['privacy']);
    // The child screen says where its privacy comes from.
    expect((await admin.get(`/wagtail/collections/${child.id}/privacy/`).expect(200)).text).to.include(
      `/wagtail/collections/${parent.id}/privacy/`,
    );
    await setPrivacy(child.id, { restriction_type: 'none' }).expect(409);

    const visitor = request.agent(t.app);
    const form = await visitor.get(url).expect(200);
    expect(form.text).to.include('Password required');
    expect(form.headers['content-type']).to.match(/^text\/html/);
    expect(form.headers['cache-control']).to.equal('private, no-store');
    const action = `/documents/authenticate_with_password/${restriction.id}/`;
    expect(form.text).to.include(`action="${action}"`);
    const csrf = csrfTokenIn(form.text);

    const wrong = await visitor
      .post(action)
      .type('form')
      .send({ csrfmiddlewaretoken: csrf, password: 'not-it', return_url: url })
      .expect(200);
    expect(wrong.text).to.include(WRONG);
    await visitor
      .post(action)
      .type('form')
      .send({ csrfmiddlewaretoken: csrf, password: '', return_url: url })
      .expect(400);
    await visitor
      .post(action)
      .type('form')
      .send({ csrfmiddlewaretoken: 'forged', password: 'vault-door-7', return_url: url })
      .expect(403);
    await visitor
      .post('/documents/authenticate_with_password/999999/')
      .type('form')
      .send({ csrfmiddlewaretoken: csrf, password: 'x' })
      .expect(404);
    await request(t.app).get('/documents/authenticate_with_password/abc/').expect(404);
    expect((await visitor.get(url).expect(200)).text).to.include('Password required');

    const right = await visitor
      .post(action)
      .type('form')
      .send({ csrfmiddlewaretoken: csrf, password: 'vault-door-7', return_url: url })
      .expect(303);
    expect(right.headers.location).to.equal(url);
    const served = await visitor.get(url).expect(200);
    expect(served.headers['content-type']).to.equal('application/pdf');
    expect(served.headers['cache-control']).to.equal('private, no-store');
    const ranged = await visitor.get(url).set('Range', 'bytes=0-3').expect(206);
    expect(ranged.headers['cache-control']).to.equal('private, no-store');

    // Another visitor still gets the form: nothing the first one was given was stored for everyone.
    expect((await request(t.app).get(url).expect(200)).text).to.include('Password required');
    expect((await request(t.app).head(url)).headers['content-type']).to.match(/^text\/html/);

    // Public again: served to anyone, cacheable again.
    await setPrivacy(parent.id, { restriction_type: 'none' }).expect(303);
    const after = await request(t.app).get(url).expect(200);
    expect(after.headers['content-type']).to.equal('application/pdf');
    expect(after.headers['cache-control']).to.equal('public, max-age=3600');
  });

  it('sends visitors to the login for logged-in and group restrictions, and lets the right accounts in', async () => {
    const c = await collection();
    const doc = await documentIn(c.id);
    const url = documentUrl(doc);
    await setPrivacy(c.id, { restriction_type: 'login' }).expect(303);
    const anonymous = await request(t.app).get(url).expect(302);
    expect(anonymous.headers.location).to.equal(`/_util/login/?next=${url}`);
    expect(anonymous.headers['cache-control']).to.equal('private, no-store');
    const editor = await signedInAgent(t.app, EDITOR);
    expect((await editor.get(url).expect(200)).headers['content-type']).to.equal('application/pdf');

    const moderators = (await findGroupByName(t.db, 'Moderators'))!;
    await setPrivacy(c.id, { restriction_type: 'groups', groups: [String(moderators.id)] }).expect(303);
    await editor.get(url).expect(302);
    await request(t.app).get(url).expect(302);
    // Superusers pass every group restriction.
    expect((await admin.get(url).expect(200)).headers['content-type']).to.equal('application/pdf');
  });
});
