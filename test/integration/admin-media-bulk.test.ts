import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { createCollection, rootCollectionId } from '../../server/modules/collections/service';
import { modelHistory } from '../../server/modules/audit/model-log';
import {
  insertGroup,
  replaceGroupCollectionPermissions,
  replaceGroupModelPermissions,
  replaceUserGroups,
} from '../../server/modules/permissions/groups-repo';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { STATIC_DIR } from '../../server/paths';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';
import { jpeg, tinyPdf } from '../helpers/media-files';

type Area = 'images' | 'documents' | 'videos';
const BULK: Record<Area, string> = {
  images: '/wagtail/bulk/wagtailimages/image',
  documents: '/wagtail/bulk/wagtaildocs/document',
  videos: '/wagtail/bulk/wagtailmedia/media',
};
const MODEL: Record<Area, string> = {
  images: 'wagtailimages.image',
  documents: 'wagtaildocs.document',
  videos: 'wagtailmedia.media',
};
const SCOPED = { username: 'media-scoped', password: 'media-scoped-password' };
const READER = { username: 'media-reader', password: 'media-reader-password' };

/** The text of a response with React's escapes undone, for comparing sentences. */
const text = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<');
/** The titles listed under a confirmation screen's section (by its heading id). */
const listedUnder = (html: string, id: string) => {
  const section = new RegExp(`<section aria-labelledby="${id}">(.*?)</section>`, 's').exec(html)?.[1] ?? '';
  return [...section.matchAll(/<a href="[^"]+">([^<]*)<\/a>/g)].map((m) => m[1]!);
};
const ids = (...rows: Array<{ id: number }>) => rows.map((row) => `id=${row.id}`).join('&');

describe('media listings: bulk add to collection and add tags', () => {
  let t: TestApp;
  let agent: SignedInAgent;
  let token: string;
  let n = 0;
  let menus: number;
  let press: number;
  useTestApp({ signIn: true }, (suite) => ({ t, agent, token } = suite));

  const upload = async (area: Area, collection?: number) => {
    const file =
      area === 'images'
        ? { data: await jpeg(64, 48), name: `bulk-${++n}.jpg` }
        : area === 'documents'
          ? { data: tinyPdf(), name: `bulk-${++n}.pdf` }
          : { data: readFileSync(join(STATIC_DIR, 'media', 'videos', 'dock-morning.mp4')), name: `bulk-${++n}.mp4` };
    let req = agent.post(`/wagtail/${area}/multiple/add/`).set('Accept', 'application/json').set('X-CSRFToken', token);
    if (collection) req = req.field('collection', String(collection));
    const res = await req.attach('file', file.data, file.name).expect(201);
    const id = res.body.uploaded[0].id as number;
    return t.db
      .selectFrom(area)
      .select(['id', 'title', 'collection_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  };
  const collectionOf = async (area: Area, id: number) =>
    (await t.db.selectFrom(area).select('collection_id').where('id', '=', id).executeTakeFirstOrThrow()).collection_id;
  const tagsOf = async (area: 'images' | 'documents', id: number) => {
    const rows =
      area === 'images'
        ? await t.db
            .selectFrom('image_tags as x')
            .innerJoin('tags as t', 't.id', 'x.tag_id')
            .select('t.name')
            .where('x.image_id', '=', id)
            .orderBy('x.sort_order')
            .execute()
        : await t.db
            .selectFrom('document_tags as x')
            .innerJoin('tags as t', 't.id', 'x.tag_id')
            .select('t.name')
            .where('x.document_id', '=', id)
            .orderBy('x.sort_order')
            .execute();
    return rows.map((row) => row.name);
  };
  const post = (who: SignedInAgent, csrf: string, url: string, body: string) =>
    who
      .post(url)
      .type('form')
      .send(`csrfmiddlewaretoken=${encodeURIComponent(csrf)}&${body}`);
  const lastEdit = async (area: Area, id: number) =>
    (await modelHistory(t.db, MODEL[area], id, 5)).entries[0]?.description;

  before(async () => {
    const root = await rootCollectionId(t.db);
    menus = (await createCollection(t.db, { name: 'Bulk menus', parentId: root })).id;
    press = (await createCollection(t.db, { name: 'Bulk press', parentId: root })).id;
  });

  for (const area of ['images', 'documents', 'videos'] as const) {
    it(`moves ${area} to a collection after the confirmation, each saved with its history`, async () => {
      const [a, b] = [await upload(area), await upload(area)];
      const list = await agent.get(`/wagtail/${area}/`).expect(200);
      expect(list.text).to.include(`formAction="${BULK[area]}/add_to_collection/"`);
      const screen = await agent
        .get(`${BULK[area]}/add_to_collection/?${ids(a, b)}&next=/wagtail/${area}/`)
        .expect(200);
      expect(listedUnder(screen.text, 'bulk-act')).to.have.members([a.title, b.title]);
      expect(screen.text).to.include('<label for="id_collection">Collection<span aria-hidden="true"> *</span></label>');
      expect(screen.text).to.match(new RegExp(`<option value="${menus}">— Bulk menus</option>`));
      expect(screen.text).to.include('name="csrfmiddlewaretoken"');
      const res = await post(
        agent,
        token,
        `${BULK[area]}/add_to_collection/`,
        `${ids(a, b)}&next=/wagtail/${area}/&collection=${menus}`,
      ).expect(303);
      expect(res.headers.location).to.equal(`/wagtail/${area}/`);
      expect(await collectionOf(area, a.id)).to.equal(menus);
      expect(await collectionOf(area, b.id)).to.equal(menus);
      expect(await lastEdit(area, a.id)).to.equal('Edited (collection)');
      const after = text((await agent.get(`/wagtail/${area}/`).expect(200)).text);
      const plural = area === 'videos' ? 'videos' : area;
      expect(after).to.include(`2 ${plural} added to the collection 'Bulk menus': '${a.title}', '${b.title}'.`);
      // Again: nothing to change, and no history entry claims one.
      await post(agent, token, `${BULK[area]}/add_to_collection/`, `${ids(a)}&collection=${menus}`).expect(303);
      expect((await modelHistory(t.db, MODEL[area], a.id, 5)).total).to.equal(
        (await modelHistory(t.db, MODEL[area], b.id, 5)).total,
      );
      expect(text((await agent.get(`/wagtail/${area}/`).expect(200)).text)).to.include(
        `unchanged (already so): '${a.title}'`,
      );
    });
  }

  for (const area of ['images', 'documents'] as const) {
    it(`adds tags to ${area}, keeping the tags they had and dropping repeats`, async () => {
      const [a, b] = [await upload(area), await upload(area)];
      await post(agent, token, `${BULK[area]}/add_tags/`, `${ids(a)}&tags=${encodeURIComponent('Salmon')}`).expect(303);
      const screen = await agent.get(`${BULK[area]}/add_tags/?${ids(a, b)}`).expect(200);
      expect(screen.text).to.include('<label for="id_tags">Tags<span aria-hidden="true"> *</span></label>');
      await post(
        agent,
        token,
        `${BULK[area]}/add_tags/`,
        `${ids(a, b)}&tags=${encodeURIComponent(' salmon, summer   menu,, ')}`,
      ).expect(303);
      expect(await tagsOf(area, a.id)).to.deep.equal(['Salmon', 'summer menu']);
      // One tag, one spelling: the first stored ('Salmon') is the one shown everywhere.
      expect(await tagsOf(area, b.id)).to.deep.equal(['Salmon', 'summer menu']);
      expect(await lastEdit(area, b.id)).to.equal('Edited (tags)');
      expect(text((await agent.get(`/wagtail/${area}/`).expect(200)).text)).to.include(
        `Tags “salmon, summer menu” added to 2 ${area}: '${a.title}', '${b.title}'.`,
      );
    });
  }

  it('offers videos no Add tags: they have no tags', async () => {
    const video = await upload('videos');
    const list = await agent.get('/wagtail/videos/').expect(200);
    expect(list.text).to.include('Add selected to collection').and.not.to.include('Add tags to selected');
    await agent.get(`${BULK.videos}/add_tags/?${ids(video)}`).expect(404);
  });

  it('refuses bad tags on the field, keeps what was typed and changes nothing', async () => {
    const image = await upload('images');
    const typed = `ok, ${'x'.repeat(101)}`;
    const long = await post(
      agent,
      token,
      `${BULK.images}/add_tags/`,
      `${ids(image)}&tags=${encodeURIComponent(typed)}`,
    ).expect(400);
    expect(long.text).to.include('Each tag may be at most 100 characters');
    expect(long.text).to.include('id="id_tags-error"');
    expect(long.text).to.include(`value="${typed}"`);
    expect(long.text).to.include('Nothing was changed:');
    const empty = await post(
      agent,
      token,
      `${BULK.images}/add_tags/`,
      `${ids(image)}&tags=${encodeURIComponent(' , ')}`,
    ).expect(400);
    expect(empty.text).to.include('Enter at least one tag.');
    const many = Array.from({ length: 21 }, (_, i) => `tag ${i}`).join(',');
    const tooMany = await post(
      agent,
      token,
      `${BULK.images}/add_tags/`,
      `${ids(image)}&tags=${encodeURIComponent(many)}`,
    ).expect(400);
    expect(tooMany.text).to.include('Give at most 20 tags (there are 21).');
    expect(await tagsOf('images', image.id)).to.deep.equal([]);
  });

  it('refuses an item whose tags would pass 20, with the reason, and changes the others', async () => {
    const [full, other] = [await upload('images'), await upload('images')];
    const twenty = Array.from({ length: 20 }, (_, i) => `full ${i}`).join(',');
    await post(agent, token, `${BULK.images}/add_tags/`, `${ids(full)}&tags=${encodeURIComponent(twenty)}`).expect(303);
    await post(agent, token, `${BULK.images}/add_tags/`, `${ids(full, other)}&tags=extra`).expect(303);
    expect(await tagsOf('images', other.id)).to.deep.equal(['extra']);
    expect(await tagsOf('images', full.id)).to.have.length(20);
    const message = text((await agent.get('/wagtail/images/').expect(200)).text);
    expect(message).to.include(`'${full.title}' was not changed: Give at most 20 tags (there are 21).`);
  });

  it('refuses an unknown collection on the field and a missing choice', async () => {
    const doc = await upload('documents');
    const unknown = await post(
      agent,
      token,
      `${BULK.documents}/add_to_collection/`,
      `${ids(doc)}&collection=999999`,
    ).expect(400);
    expect(unknown.text).to.include('Select a valid choice. That collection does not exist or you may not add to it.');
    expect(unknown.text).to.include('id="id_collection-error"');
    const none = await post(agent, token, `${BULK.documents}/add_to_collection/`, `${ids(doc)}&collection=`).expect(
      400,
    );
    expect(none.text).to.include('Choose a collection.');
    expect(await collectionOf('documents', doc.id)).to.equal(doc.collection_id);
  });

  it('explains bad and missing ids, and refuses a POST without the CSRF token', async () => {
    const image = await upload('images');
    const bad = await agent.get(`${BULK.images}/add_tags/?id=abc`).expect(400);
    expect(bad.text).to.include('Enter a whole number.');
    await agent.get(`${BULK.images}/add_tags/`).expect(400);
    await agent.get(`${BULK.images}/add_tags/?id=999999`).expect(404);
    const some = await agent.get(`${BULK.images}/add_tags/?${ids(image)}&id=999999`).expect(200);
    expect(some.text).to.include('1 image selected no longer exist and will be skipped.');
    await agent
      .post(`${BULK.images}/add_tags/`)
      .type('form')
      .send(`${ids(image)}&tags=forged`)
      .expect(403);
    expect(await tagsOf('images', image.id)).to.deep.equal([]);
    // The selection may ride in the URL, as Wagtail's.
    await post(agent, token, `${BULK.images}/add_tags/?${ids(image)}`, 'tags=from-url').expect(303);
    expect(await tagsOf('images', image.id)).to.deep.equal(['from-url']);
  });

  describe('for a user whose groups grant collection permissions', () => {
    let scoped: SignedInAgent;
    let scopedToken: string;
    let reader: SignedInAgent;
    before(async () => {
      const scopedGroup = await insertGroup(t.db, { name: 'Bulk press team', can_access_admin: true });
      await replaceGroupModelPermissions(t.db, scopedGroup.id, [
        { model: 'wagtailimages.image', action: 'change' },
        { model: 'wagtaildocs.document', action: 'change' },
      ]);
      await replaceGroupCollectionPermissions(t.db, scopedGroup.id, [
        { collection_id: press, permission: 'change' },
        { collection_id: press, permission: 'add' },
      ]);
      const readers = await insertGroup(t.db, { name: 'Bulk readers', can_access_admin: true });
      await replaceGroupModelPermissions(t.db, readers.id, [{ model: 'wagtailimages.image', action: 'add' }]);
      for (const [who, group] of [
        [SCOPED, scopedGroup.id],
        [READER, readers.id],
      ] as const) {
        const user = await insertUser(t.db, {
          username: who.username,
          email: `${who.username}@example.com`,
          password_hash: await hashPassword(who.password),
          is_superuser: false,
        });
        await replaceUserGroups(t.db, user.id, [group]);
      }
      scoped = await signedInAgent(t.app, SCOPED);
      scopedToken = csrfTokenIn((await scoped.get('/wagtail/account/').expect(200)).text);
      reader = await signedInAgent(t.app, READER);
    });

    it('lists items outside their collections as skipped, changes only the others, and offers only their collections', async () => {
      const inside = await upload('images', press);
      const outside = await upload('images');
      const screen = await scoped.get(`${BULK.images}/add_to_collection/?${ids(inside, outside)}`).expect(200);
      expect(listedUnder(screen.text, 'bulk-act')).to.deep.equal([inside.title]);
      expect(listedUnder(screen.text, 'bulk-denied')).to.deep.equal([outside.title]);
      expect(screen.text).to.include(`<option value="${press}">`).and.not.to.include(`<option value="${menus}">`);
      // A collection they may not add to is refused like an unknown one.
      await post(
        scoped,
        scopedToken,
        `${BULK.images}/add_to_collection/`,
        `${ids(inside, outside)}&collection=${menus}`,
      ).expect(400);
      await post(scoped, scopedToken, `${BULK.images}/add_tags/`, `${ids(inside, outside)}&tags=press`).expect(303);
      expect(await tagsOf('images', inside.id)).to.deep.equal(['press']);
      expect(await tagsOf('images', outside.id)).to.deep.equal([]);
      expect(text((await scoped.get('/wagtail/images/').expect(200)).text)).to.include('1 image skipped.');
      // Nothing they may change: 403, and nothing happens.
      await scoped.get(`${BULK.images}/add_tags/?${ids(outside)}`).expect(403);
      await post(scoped, scopedToken, `${BULK.images}/add_tags/`, `${ids(outside)}&tags=press`).expect(403);
      expect(await tagsOf('images', outside.id)).to.deep.equal([]);
    });

    it('offers no bulk action and answers 403 to someone without change on the model', async () => {
      const image = await upload('images');
      const list = await reader.get('/wagtail/images/').expect(200);
      expect(list.text).not.to.include('Add selected to collection').and.not.to.include('Add tags to selected');
      await reader.get(`${BULK.images}/add_tags/?${ids(image)}`).expect(403);
      await reader.get(`${BULK.images}/add_to_collection/?${ids(image)}`).expect(403);
    });
  });
});
