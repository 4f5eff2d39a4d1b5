import { expect } from 'chai';
import request from 'supertest';
import { runDueJobs } from '../../server/modules/jobs/runner';
import { createMailer } from '../../server/modules/mail/mailer';
import { formJobHandlers } from '../../server/modules/forms/service';
import { signupJobHandlers } from '../../server/modules/forms/signup-service';
import { signSignupToken } from '../../server/modules/forms/signup-token';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';
import { csrfTokenIn } from '../helpers/admin';
import { solvedCaptcha } from '../helpers/captcha';
import { mailsTo, newestConfirmationLink } from '../helpers/mailbox';

type FormData = {
  sent: boolean;
  confirmed: boolean;
  confirmation: { status: string; token: string; summary: Record<string, unknown> | null } | null;
};

function formOf(html: string): FormData {
  const match = /<script type="application\/json" id="page-data"[^>]*>(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no page-data script');
  return (JSON.parse(match[1]!) as { page: { extra: { form: FormData } } }).page.extra.form;
}

/** A signup as the form sends it. */
const signup = (overrides: Record<string, string> = {}) => ({
  first_name: 'Sam',
  last_name: 'Owner',
  email: 'sam@example.com',
  postcode: '04101',
  birthday_month: '5',
  birthday_day: '20',
  terms: 'on',
  consent: 'on',
  'occasions-TOTAL_FORMS': '1',
  'occasions-INITIAL_FORMS': '0',
  'occasions-0-occasion': 'anniversary',
  'occasions-0-relationship': 'partner',
  'occasions-0-month': '6',
  'occasions-0-day': '14',
  form_action: 'send',
  ...overrides,
});

describe('e-mail signup: double opt-in (issue 27)', function () {
  this.timeout(120_000);
  let t: TestApp;
  useTestApp({ seed: true }, (suite) => ({ t } = suite));
  beforeEach(async () => {
    await t.db.deleteFrom('rate_limits').execute();
    await t.db.deleteFrom('jobs').where('kind', 'like', 'forms.%').execute();
  });

  const handlers = () => {
    const mailer = createMailer({ smtpUrl: undefined, dataDir: t.dataDir });
    return new Map([
      ...formJobHandlers(mailer, t.config.sessionSecret),
      ...signupJobHandlers(mailer, t.config.sessionSecret),
    ]);
  };

  async function formAgent(path = '/email-signup/', host = 'localhost:3000') {
    const agent = request.agent(t.app);
    const page = await agent.get(path).set('Host', host).expect(200);
    return { agent, token: csrfTokenIn(page.text) };
  }

  /** Posts a signup from a fresh visitor; answers the redirect and the page it leads to. */
  async function postSignup(fields: Record<string, string>, path = '/email-signup/', host = 'localhost:3000') {
    const { agent, token } = await formAgent(path, host);
    const posted = await agent
      .post(path)
      .set('Host', host)
      .set('User-Agent', 'Evidence-Test/1.0')
      .type('form')
      .send({ csrfmiddlewaretoken: token, ...signup(fields), captcha: await solvedCaptcha(agent, host) })
      .expect(303);
    const after = await agent
      .get(posted.headers.location as string)
      .set('Host', host)
      .expect(200);
    return { posted, after };
  }

  /** Sends the queued mails and answers the newest confirmation link mailed to `address`. */
  async function confirmationLink(address: string): Promise<URL> {
    await runDueJobs(t.db, handlers(), t.logger);
    const link = newestConfirmationLink(t.dataDir, address);
    expect(link, `a confirmation link mailed to ${address}`).to.not.equal(null);
    return link!;
  }

  /** Opens a link's page with a fresh session and presses its button. */
  async function pressConfirm(url: URL, host = 'localhost:3000') {
    const agent = request.agent(t.app);
    // The session's CSRF token from the form (a link that cannot be used shows no button to read it from).
    const csrf = csrfTokenIn((await agent.get(url.pathname).set('Host', host).expect(200)).text);
    const page = await agent.get(`${url.pathname}${url.search}`).set('Host', host);
    const token = url.searchParams.get('confirm') ?? '';
    const posted = await agent
      .post(url.pathname)
      .set('Host', host)
      .set('User-Agent', 'Owner-Browser/2.0')
      .type('form')
      .send({ csrfmiddlewaretoken: csrf, confirm: token, form_action: 'confirm_signup' });
    return { page, posted, agent };
  }

  const subscriberOf = (email: string) =>
    t.db.selectFrom('subscribers').selectAll().where('email', '=', email).executeTakeFirst();
  const consentCount = async (id: number) =>
    (await t.db.selectFrom('consent_records').select('id').where('subscriber_id', '=', id).execute()).length;

  it("changes nothing of an unsubscribed owner's record when someone else signs the address up, and mails no text they typed", async () => {
    const sam = await t.db
      .insertInto('subscribers')
      .values({
        email: 'sam@example.com',
        first_name: 'Sam',
        last_name: 'Owner',
        postcode: '04101',
        birthday_month: 5,
        birthday_day: 20,
        occasions: JSON.stringify([{ occasion: 'birthday', relationship: 'child', month: 3, day: 3 }]),
        site_id: null,
        language_code: 'en-US',
        subscribed: false,
        unsubscribed_at: new Date('2026-11-01T12:00:00Z'),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const consentsBefore = await consentCount(sam.id);
    const { after } = await postSignup({
      first_name: 'Mallory',
      last_name: 'Intruder',
      postcode: '90210',
      birthday_month: '1',
      birthday_day: '1',
      'occasions-TOTAL_FORMS': '0',
    });
    expect(formOf(after.text).sent).to.equal(true);
    expect(after.text).to.include('Check your inbox');

    const unchanged = (await subscriberOf('sam@example.com'))!;
    expect(unchanged).to.deep.include({
      first_name: 'Sam',
      last_name: 'Owner',
      postcode: '04101',
      birthday_month: 5,
      birthday_day: 20,
      subscribed: false,
      version: sam.version,
    });
    expect(unchanged.unsubscribed_at?.toISOString()).to.equal('2026-11-01T12:00:00.000Z');
    expect(unchanged.occasions).to.have.length(1);
    expect(await consentCount(sam.id)).to.equal(consentsBefore);

    const before = mailsTo(t.dataDir, 'sam@example.com').length;
    await confirmationLink('sam@example.com');
    const mailed = mailsTo(t.dataDir, 'sam@example.com').slice(before);
    expect(mailed, 'one confirmation mail, no welcome').to.have.length(1);
    expect(mailed[0]!.subject).to.equal('Confirm your subscription to Fresh Catch News');
    for (const typed of ['Mallory', 'Intruder', '90210'])
      expect(JSON.stringify(mailed[0]), typed).not.to.include(typed);
    // Still nothing changed: only the link's owner can.
    expect((await subscriberOf('sam@example.com'))!.version).to.equal(sam.version);
    const jobs = await t.db.selectFrom('jobs').select('kind').where('kind', '=', 'forms.welcome').execute();
    expect(jobs).to.deep.equal([]);
  });

  it('subscribes only when the link is followed and its button pressed, once, and records the evidence', async () => {
    const email = 'grace.optin@example.com';
    await postSignup({ email, first_name: 'Grace', last_name: 'Hopper' });
    expect(await subscriberOf(email)).to.equal(undefined);
    const url = await confirmationLink(email);
    expect(url.pathname).to.equal('/email-signup/');

    // A GET (a mail scanner, a link preview) shows the page and changes nothing.
    const preview = await request(t.app).get(`${url.pathname}${url.search}`).expect(200);
    const view = formOf(preview.text).confirmation!;
    expect(view.status).to.equal('ready');
    expect(view.summary).to.deep.include({ first_name: 'Grace', last_name: 'Hopper', occasions: 1 });
    expect(preview.text).to.include('Confirm my subscription');
    expect(preview.headers['cache-control']).to.include('no-store');
    expect(await subscriberOf(email)).to.equal(undefined);

    const { posted, agent } = await pressConfirm(url);
    expect(posted.status).to.equal(303);
    const done = await agent.get(posted.headers.location as string).expect(200);
    expect(formOf(done.text).confirmed).to.equal(true);
    expect(done.text).to.include('You are on the list');

    const subscriber = (await subscriberOf(email))!;
    expect(subscriber).to.deep.include({ first_name: 'Grace', last_name: 'Hopper', subscribed: true });
    expect(subscriber.occasions).to.deep.equal([
      { occasion: 'anniversary', relationship: 'partner', month: 6, day: 14 },
    ]);
    expect(await consentCount(subscriber.id)).to.equal(1);
    const evidence = await t.db
      .selectFrom('consent_evidence')
      .selectAll()
      .where('email', '=', email)
      .orderBy('id')
      .execute();
    expect(evidence.map((row) => row.event)).to.deep.equal(['requested', 'confirmed']);
    expect(evidence.map((row) => row.user_agent)).to.deep.equal(['Evidence-Test/1.0', 'Owner-Browser/2.0']);
    for (const row of evidence) {
      expect(row.source_url).to.match(/\/email-signup\/$/);
      expect(row.ip_hash).to.match(/^[0-9a-f]{64}$/);
      expect(row.ip_hash).not.to.include('127.0.0.1');
      expect(row.wording).to.include('Yes, I would like to receive e-mails');
    }
    const submission = await t.db
      .selectFrom('form_submissions')
      .selectAll()
      .where('form', '=', 'signup')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(submission.data).to.deep.include({ email, subscriber_id: subscriber.id });
    // The welcome mail goes now, to the confirmed subscriber.
    await runDueJobs(t.db, handlers(), t.logger);
    expect(mailsTo(t.dataDir, email).map((mail) => mail.subject)).to.include('Welcome to Fresh Catch News');

    // The link works once: again, it says so and changes nothing.
    const again = await pressConfirm(url);
    expect(again.page.status).to.equal(409);
    expect(again.posted.status).to.equal(409);
    expect(again.posted.text).to.include('This link was already used');
    expect(await consentCount(subscriber.id)).to.equal(1);
    expect((await subscriberOf(email))!.version).to.equal(subscriber.version);
  });

  it('refuses an expired link with a clear message and a way to sign up again', async () => {
    const email = 'late@example.com';
    await postSignup({ email });
    const url = await confirmationLink(email);
    await t.db
      .updateTable('signup_requests')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('email', '=', email)
      .execute();
    const { page, posted } = await pressConfirm(url);
    for (const res of [page, posted]) {
      expect(res.status).to.equal(410);
      expect(formOf(res.text).confirmation!.status).to.equal('expired');
      expect(res.text).to.include('This link has expired').and.include('Sign up again');
      expect(res.text).to.include('href="/email-signup/"');
    }
    expect(await subscriberOf(email)).to.equal(undefined);
  });

  it('refuses a tampered, forged or malformed link and changes nothing', async () => {
    const email = 'tamper@example.com';
    await postSignup({ email });
    const url = await confirmationLink(email);
    const token = url.searchParams.get('confirm')!;
    const [id, mac] = token.split('.') as [string, string];
    const request_ = await t.db
      .selectFrom('signup_requests')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      `${id}.${flipped}`,
      `${Number(id) + 1}.${mac}`,
      signSignupToken('another secret', request_),
      signSignupToken(t.config.sessionSecret, { id: request_.id, email: 'mallory@example.com' }),
      'garbage',
      '',
    ]) {
      const forged = new URL(url);
      forged.searchParams.set('confirm', bad);
      const { page, posted } = await pressConfirm(forged);
      expect(page.status, bad).to.equal(400);
      expect(posted.status, bad).to.equal(400);
      expect(posted.text).to.include('This link is not valid');
    }
    expect(await subscriberOf(email)).to.equal(undefined);
    // The real one still works.
    expect((await pressConfirm(url)).posted.status).to.equal(303);
    expect((await subscriberOf(email))!.subscribed).to.equal(true);
  });

  it('gives the same answer for a new, a subscribed, an unsubscribed and a much-mailed address', async () => {
    await t.db
      .insertInto('subscribers')
      .values([
        {
          email: 'on@example.com',
          first_name: 'On',
          last_name: 'List',
          postcode: '04101',
          site_id: null,
          language_code: 'en-US',
        },
        {
          email: 'off@example.com',
          first_name: 'Off',
          last_name: 'List',
          postcode: '04101',
          site_id: null,
          language_code: 'en-US',
          subscribed: false,
          unsubscribed_at: new Date(),
        },
      ])
      .execute();
    // Three mails in 15 minutes is the most an address gets: the fourth signup mails nothing.
    for (let i = 0; i < 3; i++) await postSignup({ email: 'busy@example.com' });
    const answers: string[] = [];
    for (const email of ['new@example.com', 'on@example.com', 'off@example.com', 'busy@example.com']) {
      const { posted, after } = await postSignup({ email });
      const section = /<section class="form-confirmation"[\s\S]*?<\/section>/.exec(after.text)?.[0];
      answers.push(JSON.stringify([posted.status, posted.headers.location, section, formOf(after.text).sent]));
    }
    expect(new Set(answers).size, answers.join('\n')).to.equal(1);
    await runDueJobs(t.db, handlers(), t.logger);
    expect(mailsTo(t.dataDir, 'busy@example.com')).to.have.length(3);
    expect(mailsTo(t.dataDir, 'on@example.com')).to.have.length(1);
  });

  it('confirms in French from the French page, with a French mail', async () => {
    const host = 'ca.localhost:3000';
    const email = 'gabrielle@example.com';
    const { after } = await postSignup({ email, postcode: 'H2X 1Y4' }, '/fr/email-signup/', host);
    expect(after.text).to.include('Vérifiez votre boîte de réception');
    expect(after.headers['x-missing-translations']).to.equal(undefined);
    const url = await confirmationLink(email);
    const mail = mailsTo(t.dataDir, email).at(-1)!;
    expect(mail.subject).to.equal('Confirmez votre abonnement aux Nouvelles de la pêche');
    expect(url.pathname).to.equal('/fr/email-signup/');
    const { page, posted, agent } = await pressConfirm(url, host);
    expect(page.text).to.include('Confirmer mon abonnement');
    expect(page.headers['x-missing-translations']).to.equal(undefined);
    expect(posted.status).to.equal(303);
    const done = await agent
      .get(posted.headers.location as string)
      .set('Host', host)
      .expect(200);
    expect(done.text).to.include('Vous êtes inscrit');
    expect((await subscriberOf(email))!.language_code).to.equal('fr-CA');
  });
});
