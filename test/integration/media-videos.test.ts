import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import { createCollection, rootCollectionId } from '../../server/modules/collections/service';
import { STATIC_DIR } from '../../server/paths';
import { openMediaStorage } from '../../server/storage/open-media-storage';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import { createTestApp, type TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';
import { png } from '../helpers/media-files';

const mp4 = () => readFileSync(join(STATIC_DIR, 'media', 'videos', 'dock-morning.mp4'));
const webm = () => readFileSync(join(STATIC_DIR, 'media', 'videos', 'dock-morning.webm'));
const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello from the dock.\n';

describe('videos: upload, duration, captions, serving, privacy and usage', () => {
  let t: TestApp;
  let agent: SignedInAgent;
  let token: string;
  useTestApp({ signIn: true }, (suite) => ({ t, agent, token } = suite));

  const upload = (data: Buffer, name: string, fields: Record<string, string> = {}) => {
    let req = agent.post('/wagtail/videos/multiple/add/').set('Accept', 'application/json').set('X-CSRFToken', token);
    for (const [key, value] of Object.entries(fields)) req = req.field(key, value);
    return req.attach('file', data, name);
  };
  const newest = () => t.db.selectFrom('videos').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
  const count = async (table: 'videos' | 'video_text_tracks') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const storage = () => openMediaStorage(t.config.media);
  const storedVideos = async () => {
    const keys: string[] = [];
    for await (const object of storage().list('videos/')) keys.push(object.key);
    return keys.sort();
  };
  const addTrack = (videoId: number, fields: Record<string, string>, file?: { data: Buffer; name: string }) => {
    let req = agent.post(`/wagtail/videos/${videoId}/tracks/`).set('X-CSRFToken', token);
    for (const [key, value] of Object.entries(fields)) req = req.field(key, value);
    if (file) req = req.attach('file', file.data, file.name);
    return req;
  };

  it('stores an MP4 and a WebM by their bytes, with the duration read from the container header', async () => {
    const form = await agent.get('/wagtail/videos/multiple/add/').expect(200);
    expect(form.text).to.include('accept="video/mp4,video/webm"');
    expect(form.text).to.include('at most 100 MB');
    const res = await upload(mp4(), 'Harbour Tour.mp4', { title: 'Harbour tour' }).expect(201);
    expect(res.body.uploaded[0].detail).to.equal('MP4, 0:04, 8.0 kB');
    const video = await newest();
    expect(video).to.include({
      title: 'Harbour tour',
      mimetype: 'video/mp4',
      file_name: 'Harbour-Tour.mp4',
      file_size: mp4().length,
      duration: 4,
    });
    expect(await storage().exists(video.file)).to.equal(true);
    // A WebM named .mp4 is stored as what its bytes are.
    await upload(webm(), 'clip.mp4').expect(201);
    const clip = await newest();
    expect(clip).to.include({ title: 'clip', mimetype: 'video/webm', file_name: 'clip.webm', duration: 4 });
    const list = await agent.get('/wagtail/videos/?q=harbour').expect(200);
    expect(list.text).to.include('Harbour tour').and.to.include('0:04');
  });

  it('refuses bytes that are not MP4 or WebM, and an empty file, keeping nothing', async () => {
    const before = { rows: await count('videos'), files: await storedVideos() };
    const image = await upload(await png(), 'movie.mp4').expect(400);
    expect(image.body.error.message).to.include('not a video we accept');
    await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'movie.webm').expect(400);
    // An MP4 header followed by a script: a polyglot.
    const poly = Buffer.concat([mp4().subarray(0, 64), Buffer.from('<script>alert(1)</script>')]);
    expect((await upload(poly, 'poly.mp4').expect(400)).body.error.message).to.include('markup');
    const html = await agent
      .post('/wagtail/videos/multiple/add/')
      .set('X-CSRFToken', token)
      .attach('file', Buffer.alloc(0), 'empty.mp4')
      .expect(400);
    expect(html.text).to.include('empty.mp4: The file is empty.');
    expect(await count('videos')).to.equal(before.rows);
    expect(await storedVideos()).to.deep.equal(before.files);
  });

  it('serves the file with byte ranges, 416 past its end, 404 for an unknown id', async () => {
    await upload(mp4(), 'ranges.mp4').expect(201);
    const video = await newest();
    const url = `/videos/${video.id}/${video.file_name}`;
    const whole = await request(t.app)
      .get(url)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(whole.headers['content-type']).to.equal('video/mp4');
    expect(whole.headers['accept-ranges']).to.equal('bytes');
    expect(whole.headers['x-content-type-options']).to.equal('nosniff');
    expect(whole.headers['cache-control']).to.equal('public, max-age=3600');
    expect(Buffer.compare(whole.body as Buffer, mp4())).to.equal(0);
    const part = await request(t.app).get(url).set('Range', 'bytes=4-11').expect(206);
    expect(part.headers['content-range']).to.equal(`bytes 4-11/${mp4().length}`);
    expect(part.headers['content-length']).to.equal('8');
    await request(t.app)
      .get(url)
      .set('Range', `bytes=${mp4().length + 10}-`)
      .expect(416);
    // Another name of the same video (a block that stored it before the file was replaced): the current file.
    expect((await request(t.app).get(`/videos/${video.id}/other.mp4`).expect(302)).headers.location).to.equal(url);
    await request(t.app).get('/videos/abc/x.mp4').expect(404);
    await request(t.app).get('/videos/99999999/x.mp4').expect(404);
  });

  it('replaces the file keeping the id: the old file is removed and its URL leads to the new one', async () => {
    await upload(mp4(), 'replace-me.mp4').expect(201);
    const video = await newest();
    expect((await agent.get(`/wagtail/videos/${video.id}/replace/`).expect(200)).text).to.include('Replace file');
    const bad = await agent
      .post(`/wagtail/videos/${video.id}/replace/`)
      .set('X-CSRFToken', token)
      .attach('file', await png(), 'replace-me.webm')
      .expect(400);
    expect(bad.text).to.include('not a video we accept');
    await agent
      .post(`/wagtail/videos/${video.id}/replace/`)
      .set('X-CSRFToken', token)
      .attach('file', webm(), 'replace-me.webm')
      .expect(303);
    const replaced = await t.db.selectFrom('videos').selectAll().where('id', '=', video.id).executeTakeFirstOrThrow();
    expect(replaced).to.include({
      mimetype: 'video/webm',
      file_name: 'replace-me.webm',
      duration: 4,
      file_size: webm().length,
    });
    expect(await storage().exists(video.file)).to.equal(false);
    const old = await request(t.app).get(`/videos/${video.id}/${video.file_name}`).expect(302);
    expect(old.headers.location).to.equal(`/videos/${video.id}/replace-me.webm`);
    expect(
      (
        await request(t.app)
          .get(old.headers.location as string)
          .expect(200)
      ).headers['content-type'],
    ).to.equal('video/webm');
  });

  it('edits the title and poster (an image of the library), refusing an unknown image', async () => {
    await upload(mp4(), 'poster.mp4').expect(201);
    const video = await newest();
    const image = await t.db.selectFrom('images').select(['id', 'title']).orderBy('id').executeTakeFirstOrThrow();
    const edit = await agent.get(`/wagtail/videos/${video.id}/`).expect(200);
    expect(edit.text).to.include('Poster image').and.to.include(`href="/wagtail/videos/${video.id}/tracks/"`);
    const version = () =>
      agent.get(`/wagtail/videos/${video.id}/`).then((res) => /name="version" value="(\d+)"/.exec(res.text)![1]!);
    const bad = await agent
      .post(`/wagtail/videos/${video.id}/`)
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        title: 'With poster',
        collection: String(video.collection_id),
        poster: '99999999',
        version: await version(),
      })
      .expect(400);
    expect(bad.text).to.include('Select a valid choice.');
    await agent
      .post(`/wagtail/videos/${video.id}/`)
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        title: 'With poster',
        collection: String(video.collection_id),
        poster: String(image.id),
        version: await version(),
      })
      .expect(303);
    const saved = await t.db.selectFrom('videos').selectAll().where('id', '=', video.id).executeTakeFirstOrThrow();
    expect(saved).to.include({ title: 'With poster', poster_image_id: image.id });
    const api = await agent.get(`/wagtail/api/main/videos/${video.id}/`).set('Accept', 'application/json').expect(200);
    expect(api.body.block_value.media_id).to.equal(video.id);
    expect(api.body.block_value.sources).to.deep.equal([
      { url: `/videos/${video.id}/${video.file_name}`, mimetype: 'video/mp4' },
    ]);
    expect(api.body.block_value.poster.image_id).to.equal(image.id);
  });

  it('adds caption tracks pasted or uploaded, serves them as text/vtt, and refuses bad WebVTT', async () => {
    await upload(mp4(), 'captions.mp4').expect(201);
    const video = await newest();
    await addTrack(video.id, {
      label: 'English',
      language: 'en',
      kind: 'captions',
      is_default: 'on',
      source: VTT,
    }).expect(303);
    await addTrack(
      video.id,
      { label: 'Français', language: 'fr-CA', kind: 'captions', is_default: 'on' },
      {
        data: Buffer.from(`\uFEFFWEBVTT\r\n\r\n00:00.500 --> 00:02.000 align:start\r\nBonjour du quai.\r\n`),
        name: 'fr.vtt',
      },
    ).expect(303);
    const tracks = await t.db
      .selectFrom('video_text_tracks')
      .selectAll()
      .where('video_id', '=', video.id)
      .orderBy('id')
      .execute();
    expect(tracks.map((track) => [track.language, track.label, track.is_default])).to.deep.equal([
      ['en', 'English', false],
      ['fr-CA', 'Français', true],
    ]);
    const screen = await agent.get(`/wagtail/videos/${video.id}/tracks/`).expect(200);
    expect(screen.text).to.include(`href="/video-track/${tracks[1]!.id}/"`);
    const served = await request(t.app).get(`/video-track/${tracks[1]!.id}/`).expect(200);
    expect(served.headers['content-type']).to.equal('text/vtt; charset=utf-8');
    expect(served.headers['x-content-type-options']).to.equal('nosniff');
    expect(served.text).to.equal('WEBVTT\n\n00:00.500 --> 00:02.000 align:start\nBonjour du quai.\n');

    // Pasted captions longer than an ordinary form field (a long film's WebVTT runs to hundreds of kB).
    const cues = Array.from(
      { length: 2000 },
      (_, i) =>
        `${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000 --> ${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.500\nLine ${i} of a long film.\n`,
    );
    const long = `WEBVTT\n\n${cues.join('\n')}`;
    expect(long.length).to.be.greaterThan(50_000);
    await addTrack(video.id, { label: 'Deutsch', language: 'de', source: long }).expect(303);
    const german = await t.db
      .selectFrom('video_text_tracks')
      .selectAll()
      .where('video_id', '=', video.id)
      .where('language', '=', 'de')
      .executeTakeFirstOrThrow();
    expect(german.source).to.equal(long);
    await agent
      .post(`/wagtail/videos/${video.id}/tracks/${german.id}/delete/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(303);

    const before = await count('video_text_tracks');
    const refused = async (
      fields: Record<string, string>,
      file: { data: Buffer; name: string } | undefined,
      message: string,
    ) => {
      const res = await addTrack(video.id, { label: 'Spanish', language: 'es', ...fields }, file).expect(400);
      expect(res.text).to.include(message);
    };
    await refused({ source: 'Hello\n\n00:00:00.000 --> 00:00:01.000\nHi\n' }, undefined, 'it must start with “WEBVTT”');
    await refused(
      {},
      { data: Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nSRT, not WebVTT\n'), name: 'es.srt' },
      'it must start with “WEBVTT”',
    );
    await refused({ source: 'WEBVTT\n\n00:00:01.000 --> soon\nHi\n' }, undefined, 'Line 3 is not a cue timing');
    await refused(
      { source: 'WEBVTT\n\n00:00:02.000 --> 00:00:01.000\nBackwards\n' },
      undefined,
      'a cue must end after it starts',
    );
    await refused({ source: 'WEBVTT\n' }, undefined, 'The captions have no cues.');
    await refused(
      {},
      { data: Buffer.from([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff, 0xfe]), name: 'es.vtt' },
      'not UTF-8',
    );
    await refused({ source: '' }, undefined, 'Choose a .vtt file or paste the WebVTT text.');
    await refused({ language: 'not a code', source: VTT }, undefined, 'Enter a language code');
    await refused({ label: '', source: VTT }, undefined, 'This field is required.');
    await refused({ language: 'EN', source: VTT }, undefined, 'already has a track');
    expect(await count('video_text_tracks')).to.equal(before);

    // Deleting a track: gone from the list and from /video-track/.
    await agent
      .post(`/wagtail/videos/${video.id}/tracks/${tracks[0]!.id}/delete/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(303);
    await request(t.app).get(`/video-track/${tracks[0]!.id}/`).expect(404);
    // A track of another video cannot be deleted through this one.
    await agent
      .post(`/wagtail/videos/${video.id - 1}/tracks/${tracks[1]!.id}/delete/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(404);
    const history = await agent.get(`/wagtail/videos/history/${video.id}/`).expect(200);
    expect(history.text).to.match(/Edited|edit/);
  });

  it('answers /video-track/{pk}/ with 404 for a non-numeric or unknown pk', async () => {
    for (const pk of ['abc', '0', '-1', '1e3', '0x10', '99999999', '99999999999999999999']) {
      await request(t.app).get(`/video-track/${pk}/`).expect(404);
    }
  });

  it('keeps a video and its tracks in a private collection from visitors the restriction does not let in', async () => {
    const collection = await createCollection(t.db, { name: 'Private videos', parentId: await rootCollectionId(t.db) });
    await upload(mp4(), 'secret.mp4', { collection: String(collection.id) }).expect(201);
    const video = await newest();
    expect(video.collection_id).to.equal(collection.id);
    await addTrack(video.id, { label: 'English', language: 'en', source: VTT }).expect(303);
    const track = await t.db
      .selectFrom('video_text_tracks')
      .select('id')
      .where('video_id', '=', video.id)
      .executeTakeFirstOrThrow();
    const trackUrl = `/video-track/${track.id}/`;
    const fileUrl = `/videos/${video.id}/${video.file_name}`;
    await request(t.app).get(trackUrl).expect(200);

    await agent
      .post(`/wagtail/collections/${collection.id}/privacy/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, restriction_type: 'password', password: 'harbour-gate-3' })
      .expect(303);
    for (const url of [trackUrl, fileUrl]) {
      const form = await request(t.app).get(url).expect(200);
      expect(form.headers['content-type']).to.match(/^text\/html/);
      expect(form.text).to.include('Password required');
      expect(form.headers['cache-control']).to.equal('private, no-store');
    }
    const visitor = request.agent(t.app);
    const form = await visitor.get(trackUrl).expect(200);
    const action = /action="(\/documents\/authenticate_with_password\/\d+\/)"/.exec(form.text)![1]!;
    await visitor
      .post(action)
      .type('form')
      .send({ csrfmiddlewaretoken: csrfTokenIn(form.text), password: 'harbour-gate-3', return_url: trackUrl })
      .expect(303);
    const served = await visitor.get(trackUrl).expect(200);
    expect(served.headers['content-type']).to.equal('text/vtt; charset=utf-8');
    expect(served.headers['cache-control']).to.equal('private, no-store');
    expect((await visitor.get(fileUrl).set('Range', 'bytes=0-3').expect(206)).headers['cache-control']).to.equal(
      'private, no-store',
    );

    await agent
      .post(`/wagtail/collections/${collection.id}/privacy/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, restriction_type: 'login' })
      .expect(303);
    expect((await request(t.app).get(trackUrl).expect(302)).headers.location).to.equal(
      `/_util/login/?next=${trackUrl}`,
    );
    // A collection holding a video cannot be deleted.
    const refusal = await agent.get(`/wagtail/collections/delete/${collection.id}/`).expect(200);
    expect(refusal.text).to.include('it holds 1 video');
  });

  it('puts the seeded demo video (with English and French captions) on the public pages and shows where it is used', async () => {
    const demo = await t.db
      .selectFrom('videos')
      .selectAll()
      .where('title', '=', 'A Morning on the Dock')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(demo).to.include({ mimetype: 'video/mp4', duration: 4 });
    expect(demo.poster_image_id).to.be.a('number');
    const tracks = await t.db
      .selectFrom('video_text_tracks')
      .selectAll()
      .where('video_id', '=', demo.id)
      .orderBy('language')
      .execute();
    expect(tracks.map((track) => [track.language, track.label, track.is_default])).to.deep.equal([
      ['en', 'English', true],
      ['fr', 'Français', false],
    ]);
    const en = tracks[0]!;
    const fr = tracks[1]!;
    const gallery = await request(t.app).get('/block-gallery/').expect(200);
    expect(gallery.text).to.include(`<source src="/videos/${demo.id}/${demo.file_name}" type="video/mp4"/>`);
    expect(gallery.text).to.include(
      `<track kind="captions" src="/video-track/${en.id}/" srcLang="en" label="English" default=""/>`,
    );
    expect(gallery.text).to.include(
      `<track kind="captions" src="/video-track/${fr.id}/" srcLang="fr" label="Français"/>`,
    );
    expect(gallery.text).to.match(new RegExp(`<video[^>]+poster="/media/images/${demo.poster_image_id}/`));
    expect((await request(t.app).get(`/video-track/${en.id}/`).expect(200)).text).to.include(
      'A boat heads out at dawn.',
    );

    // Our Story's video feature: English captions first on the English pages, French on the French one.
    const abouts = await t.db
      .selectFrom('pages as p')
      .innerJoin('locales as l', 'l.id', 'p.locale_id')
      .select(['l.language_code', 'p.content'])
      .where('p.slug', '=', 'about')
      .orderBy('p.path')
      .execute();
    const defaults = abouts.map((page) => {
      const body = (
        page.content as unknown as {
          body: Array<{
            type: string;
            value: { video: { media_id: number; tracks: Array<{ srclang: string; default: boolean }> } };
          }>;
        }
      ).body;
      const video = body.find((block) => block.type === 'video_feature')!.value.video;
      expect(video.media_id).to.equal(demo.id);
      return [page.language_code, video.tracks.find((track) => track.default)!.srclang];
    });
    expect(defaults).to.deep.equal([
      ['en-US', 'en'],
      ['en-CA', 'en'],
      ['fr-CA', 'fr'],
    ]);

    const usage = await agent.get(`/wagtail/videos/usage/${demo.id}/`).expect(200);
    expect(usage.text).to.include('Block Gallery').and.to.include('Our Story').and.to.include('Notre histoire');
    const remove = await agent.get(`/wagtail/videos/${demo.id}/delete/`).expect(200);
    expect(remove.text).to.match(/used (in|by) \d+/i);
  });

  it('lists videos in the admin API with the block value, and deletes a video with its tracks and file', async () => {
    const list = await agent
      .get('/wagtail/api/main/videos/?limit=2&order=id')
      .set('Accept', 'application/json')
      .expect(200);
    expect(list.body.items).to.have.length(2);
    expect(list.body.items[0].block_value.sources[0].url).to.match(/^\/videos\/\d+\//);
    await agent.get('/wagtail/api/main/videos/?limit=21').set('Accept', 'application/json').expect(400);
    const first = list.body.items[0] as { id: number };
    expect(
      (await agent.get(`/wagtail/api/main/videos/find/?id=${first.id}`).set('Accept', 'application/json').expect(302))
        .headers.location,
    ).to.equal(`/wagtail/api/main/videos/${first.id}/`);
    await agent.get('/wagtail/api/main/videos/99999999/').set('Accept', 'application/json').expect(404);

    await upload(mp4(), 'to-delete.mp4').expect(201);
    const video = await newest();
    await addTrack(video.id, { label: 'English', language: 'en', source: VTT }).expect(303);
    await agent
      .post(`/wagtail/videos/${video.id}/delete/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(303);
    expect(await t.db.selectFrom('videos').select('id').where('id', '=', video.id).executeTakeFirst()).to.equal(
      undefined,
    );
    expect(
      await t.db.selectFrom('video_text_tracks').select('id').where('video_id', '=', video.id).executeTakeFirst(),
    ).to.equal(undefined);
    expect(await storage().exists(video.file)).to.equal(false);
  });
});

describe('videos: uploads past the size limit', () => {
  let t: TestApp;
  before(async function () {
    this.timeout(180_000);
    t = await createTestApp({ env: { MAX_VIDEO_UPLOAD_MB: '0.005' } });
  });
  after(async () => t?.close());

  it('answers 413 with a clear message and leaves nothing behind', async () => {
    // The seeded site has videos of its own: what is there before the refused upload stays, and nothing more.
    const rows = () => t.db.selectFrom('videos').select('id').orderBy('id').execute();
    const storedKeys = async () => {
      const keys: string[] = [];
      for await (const object of openMediaStorage(t.config.media).list('videos/')) keys.push(object.key);
      return keys.sort();
    };
    const rowsBefore = await rows();
    const keysBefore = await storedKeys();
    const agent = await signedInAgent(t.app);
    const token = csrfTokenIn((await agent.get('/wagtail/').expect(200)).text);
    const form = await agent.get('/wagtail/videos/multiple/add/').expect(200);
    expect(form.text).to.include('at most 0.005 MB');
    const res = await agent
      .post('/wagtail/videos/multiple/add/')
      .set('Accept', 'application/json')
      .set('X-CSRFToken', token)
      .attach('file', mp4(), 'big.mp4');
    expect(res.status).to.equal(413);
    expect(res.body.error.message).to.equal('The file is larger than the limit of 0.005 MB. Nothing was saved.');
    expect(await rows()).to.deep.equal(rowsBefore);
    expect(await storedKeys()).to.deep.equal(keysBefore);
    const tempFiles = async () => {
      for (let waited = 0; waited < 5000 && readdirSync(join(t.dataDir, 'tmp', 'uploads')).length > 0; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      return readdirSync(join(t.dataDir, 'tmp', 'uploads'));
    };
    expect(await tempFiles()).to.deep.equal([]);
    // Under the limit still goes through (the WebM is 4.5 kB).
    await agent
      .post('/wagtail/videos/multiple/add/')
      .set('Accept', 'application/json')
      .set('X-CSRFToken', token)
      .attach('file', webm(), 'small.webm')
      .expect(201);
    expect(await tempFiles()).to.deep.equal([]);
  });
});
