import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { createApp } from '../../server/app';
import { insertGroup, replaceUserGroups } from '../../server/modules/permissions/groups-repo';
import { MAX_PARALLEL_UPLOADS } from '../../server/modules/upload-slots/service';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { loadAssetManifest } from '../../server/ssr/assets';
import { listen, TEST_ADMIN, type TestApp } from '../helpers/app';
import { csrfTokenIn } from '../helpers/admin';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';
import { tinyPdf } from '../helpers/media-files';
import {
  anonymousSession,
  answerWithin,
  openMultipart,
  signInOverHttp,
  watchCreatedFiles,
  type RawSession,
} from '../helpers/raw-upload';

const TARGETS = [
  { path: '/wagtail/documents/multiple/add/', fileField: 'file' },
  { path: '/wagtail/images/multiple/add/', fileField: 'file' },
  { path: '/wagtail/redirects/import/', fileField: 'import_file' },
] as const;

// The body never ends, so any answer at all shows the server did not wait for it; the bound only
// stops a broken server from hanging the suite, and is generous for a loaded machine.
const ANSWER_WITHIN_MS = 10_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 5000): Promise<void> {
  for (let waited = 0; waited < ms; waited += 25) {
    if (await check()) return;
    await pause(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('uploads: nothing is read before the session, login, CSRF and permission checks', () => {
  let t: TestApp;
  let agent: SignedInAgent;
  let token: string;
  // Documents are limited to 50 kB here, so a "too large" file is quick to send.
  useTestApp({ signIn: true, env: { MAX_DOCUMENT_UPLOAD_MB: '0.05' } }, (suite) => ({ t, agent, token } = suite));

  let server: Awaited<ReturnType<typeof listen>>;
  let admin: RawSession;
  let outsider: RawSession;
  const uploadDir = () => join(t.dataDir, 'tmp', 'uploads');
  const slots = async () =>
    Number(
      (
        await t.db
          .selectFrom('upload_slots')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  before(async () => {
    server = await listen(t.app);
    admin = await signInOverHttp(server.baseUrl, TEST_ADMIN);
    // Admin access, but no permission on documents, images or redirects.
    const group = await insertGroup(t.db, { name: 'Readers', can_access_admin: true });
    const user = await insertUser(t.db, {
      username: 'reader',
      email: 'reader@example.com',
      password_hash: await hashPassword('reader-password-1'),
      is_superuser: false,
    });
    await replaceUserGroups(t.db, user.id, [group.id]);
    outsider = await signInOverHttp(server.baseUrl, { username: 'reader', password: 'reader-password-1' });
  });
  after(async () => server?.close());

  /** When a signed-in upload is refused, says whether the session itself is gone or changed. */
  async function explainRefusal(session: RawSession): Promise<never> {
    const home = await fetch(`${server.baseUrl}/wagtail/`, { headers: { Cookie: session.cookie }, redirect: 'manual' });
    const text = await home.text();
    const token = home.status === 200 ? csrfTokenIn(text) : undefined;
    const rows = await t.db.selectFrom('sessions').select(['sid', 'expires_at']).execute();
    throw new Error(
      `refused: /wagtail/ now answers ${home.status}, token ${token === session.token ? 'unchanged' : 'changed'}; ` +
        `session rows: ${JSON.stringify(rows.map((row) => ({ sid: row.sid.slice(0, 6), expires: row.expires_at })))}`,
    );
  }

  /**
   * Starts an upload, sends 64 kB of a file that has no end yet and watches the upload directory:
   * a refusal on the headers answers while the body is still open, and no file is ever created.
   */
  async function refusedWithBodyOpen(
    target: (typeof TARGETS)[number],
    options: {
      session?: RawSession;
      headers?: Record<string, string>;
      query?: string;
      fields?: Record<string, string>;
    },
  ) {
    const watcher = watchCreatedFiles(uploadDir());
    const upload = openMultipart(`${server.baseUrl}${target.path}${options.query ?? ''}`, {
      headers: { ...(options.session ? { Cookie: options.session.cookie } : {}), ...options.headers },
      fields: options.fields,
      fileField: target.fileField,
    });
    upload.send(Buffer.alloc(64 * 1024, 0x61));
    const answer = await answerWithin(upload.answer, ANSWER_WITHIN_MS);
    upload.abandon();
    await pause(100);
    watcher.stop();
    expect(watcher.created, `${target.path}: files written`).to.deep.equal([]);
    expect(answer, `${target.path}: the server waited for the body`).to.not.equal('no answer');
    return answer as Exclude<typeof answer, 'no answer'>;
  }

  it('refuses an anonymous upload without a session on its headers, writing nothing', async () => {
    for (const target of TARGETS) {
      const answer = await refusedWithBodyOpen(target, {});
      expect(answer.status, target.path).to.equal(403);
      expect(answer.headers.connection).to.equal('close');
    }
  });

  it('sends an anonymous session with a valid token to the login page before reading its upload', async () => {
    for (const target of TARGETS) {
      const anonymous = await anonymousSession(server.baseUrl);
      const answer = await refusedWithBodyOpen(target, {
        session: anonymous,
        headers: { 'X-CSRFToken': anonymous.token },
      });
      expect(answer.status, target.path).to.equal(302);
      expect(answer.headers.location).to.match(/^\/wagtail\/login\/\?next=/);
    }
  });

  it('refuses a signed-in upload whose token is missing, wrong, or only inside the body', async () => {
    for (const target of TARGETS) {
      const inBody = await refusedWithBodyOpen(target, {
        session: admin,
        fields: { csrfmiddlewaretoken: admin.token },
      });
      expect(inBody.status, target.path).to.equal(403);
      const wrong = await refusedWithBodyOpen(target, { session: admin, headers: { 'X-CSRFToken': 'x'.repeat(64) } });
      expect(wrong.status, target.path).to.equal(403);
      const wrongQuery = await refusedWithBodyOpen(target, { session: admin, query: '?csrfmiddlewaretoken=nope' });
      expect(wrongQuery.status, target.path).to.equal(403);
    }
  });

  it('refuses an upload from a user without the permission before reading it', async () => {
    for (const target of TARGETS) {
      const answer = await refusedWithBodyOpen(target, {
        session: outsider,
        headers: { 'X-CSRFToken': outsider.token, Accept: 'application/json' },
      });
      expect(answer.status, target.path).to.equal(403);
    }
    expect(await slots()).to.equal(0);
  });

  it('accepts the token in the header (upload scripts) and in the form action URL (no JavaScript)', async () => {
    const form = await agent.get('/wagtail/documents/multiple/add/').expect(200);
    const action = /<form[^>]+action="([^"]+)"[^>]+enctype="multipart\/form-data"/i.exec(form.text)?.[1];
    expect(action).to.equal(`/wagtail/documents/multiple/add/?csrfmiddlewaretoken=${encodeURIComponent(token)}`);
    const viaAction = await agent
      .post(action!.replace(/&amp;/g, '&'))
      .attach('file', tinyPdf(), 'no-script.pdf')
      .expect(200);
    expect(viaAction.text).to.include('Added 1 document');
    await agent
      .post('/wagtail/documents/multiple/add/')
      .set('X-CSRFToken', token)
      .set('Accept', 'application/json')
      .attach('file', tinyPdf(), 'script.pdf')
      .expect(201);
    await until(() => readdirSync(uploadDir()).length === 0, 'temporary files removed');
    await until(async () => (await slots()) === 0, 'slots released');
  });

  it('stops a file past the limit while it streams (413) and removes its temporary file', async () => {
    const watcher = watchCreatedFiles(uploadDir());
    const upload = openMultipart(`${server.baseUrl}/wagtail/documents/multiple/add/`, {
      headers: { Cookie: admin.cookie, 'X-CSRFToken': admin.token, Accept: 'application/json' },
    });
    // 80 kB of a 50 kB limit, and the body is never finished: the answer cannot wait for its end.
    for (let i = 0; i < 5; i += 1) upload.send(Buffer.alloc(16 * 1024, 0x61));
    const answer = await answerWithin(upload.answer, ANSWER_WITHIN_MS);
    upload.abandon();
    watcher.stop();
    expect(answer).to.not.equal('no answer');
    const { status, body } = answer as Exclude<typeof answer, 'no answer'>;
    if (status !== 413) await explainRefusal(admin);
    expect(status, body).to.equal(413);
    expect(JSON.parse(body).error.message).to.equal('The file is larger than the limit of 0.05 MB. Nothing was saved.');
    expect(watcher.created.length).to.equal(1); // it was being received...
    await until(() => readdirSync(uploadDir()).length === 0, 'the partial file removed'); // ...and is gone
    await until(async () => (await slots()) === 0, 'the slot released');
  });

  it('removes the temporary file and frees the slot when the client leaves mid-upload', async () => {
    const upload = openMultipart(`${server.baseUrl}/wagtail/documents/multiple/add/`, {
      headers: { Cookie: admin.cookie, 'X-CSRFToken': admin.token },
    });
    upload.answer.catch(() => {});
    upload.send(Buffer.alloc(8 * 1024, 0x61));
    await until(() => readdirSync(uploadDir()).length === 1, 'the file being received');
    expect(await slots()).to.equal(1);
    upload.abandon();
    await until(() => readdirSync(uploadDir()).length === 0, 'the abandoned file removed');
    await until(async () => (await slots()) === 0, 'the slot released');
  });

  it(`caps each user at ${MAX_PARALLEL_UPLOADS} uploads at once, across processes (the count is in the database)`, async () => {
    // A second app on the same database stands for another server process.
    const other = await listen(
      createApp({ config: t.config, db: t.db, logger: t.logger, assets: loadAssetManifest() }),
    );
    const headers = { Cookie: admin.cookie, 'X-CSRFToken': admin.token, Accept: 'application/json' };
    const url = (base: string) => `${base}/wagtail/documents/multiple/add/`;
    const open = Array.from({ length: MAX_PARALLEL_UPLOADS }, (_, i) => {
      const upload = openMultipart(url(i % 2 ? other.baseUrl : server.baseUrl), { headers });
      upload.answer.catch(() => {});
      upload.send(Buffer.alloc(1024, 0x61));
      return upload;
    });
    try {
      await until(async () => (await slots()) === MAX_PARALLEL_UPLOADS, 'every upload holding a slot');
      for (const base of [server.baseUrl, other.baseUrl]) {
        const extra = openMultipart(url(base), { headers });
        extra.send(Buffer.alloc(1024, 0x61));
        const answer = await answerWithin(extra.answer, ANSWER_WITHIN_MS);
        extra.abandon();
        expect(answer).to.not.equal('no answer');
        const refused = answer as Exclude<typeof answer, 'no answer'>;
        if (refused.status === 403) await explainRefusal(admin);
        expect(refused.status, refused.body).to.equal(429);
        expect(refused.headers['retry-after']).to.equal('5');
        expect(JSON.parse(refused.body).error.message).to.include('Too many uploads at once');
      }
      expect(await slots()).to.equal(MAX_PARALLEL_UPLOADS);
      open[0]!.abandon();
      await until(async () => (await slots()) === MAX_PARALLEL_UPLOADS - 1, 'one slot freed');
      const res = await fetch(url(other.baseUrl), {
        method: 'POST',
        headers,
        body: (() => {
          const form = new FormData();
          form.set('file', new Blob([new Uint8Array(tinyPdf())], { type: 'application/pdf' }), 'after-wait.pdf');
          return form;
        })(),
      });
      expect(res.status).to.equal(201);
    } finally {
      for (const upload of open) upload.abandon();
      await other.close();
    }
    await until(async () => (await slots()) === 0, 'every slot released');
    await until(() => readdirSync(uploadDir()).length === 0, 'every temporary file removed');
  });
});
