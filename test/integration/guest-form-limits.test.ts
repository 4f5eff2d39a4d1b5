import { expect } from 'chai';
import request from 'supertest';
import { RATE_LIMITED } from '../../server/modules/forms/guards';
import { runDueJobs } from '../../server/modules/jobs/runner';
import { createMailer } from '../../server/modules/mail/mailer';
import { formJobHandlers } from '../../server/modules/forms/service';
import { signupJobHandlers } from '../../server/modules/forms/signup-service';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';
import { csrfTokenIn } from '../helpers/admin';
import { solvedCaptcha } from '../helpers/captcha';
import { mailsTo, newestConfirmationLink } from '../helpers/mailbox';

type FormData = {
  values: Record<string, string>;
  errors: { fieldErrors: Record<string, string>; nonFieldErrors: string[] };
};

function formOf(html: string): FormData {
  const match = /<script type="application\/json" id="page-data"[^>]*>(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no page-data script');
  return (JSON.parse(match[1]!) as { page: { extra: { form: FormData } } }).page.extra.form;
}

const contact = (overrides: Record<string, string> = {}) => ({
  question_category: 'suggestion',
  topic: 'suggestion/menu-idea',
  first_name: 'Sam',
  last_name: 'Owner',
  email: 'sam@example.com',
  phone: '207 555 0100',
  address_line1: '1 Main St',
  address_city: 'Portland',
  address_state: 'ME',
  address_zip: '04101',
  message: 'More chowder, please.',
  form_action: 'send',
  ...overrides,
});

const signup = (email: string) => ({
  first_name: 'Sam',
  last_name: 'Owner',
  email,
  postcode: '04101',
  terms: 'on',
  consent: 'on',
  'occasions-TOTAL_FORMS': '1',
  'occasions-INITIAL_FORMS': '0',
  form_action: 'send',
});

/**
 * Guest-form limits (issue 27): only sends whose captcha verified count, they count against the
 * sender's own client address (never the e-mail address typed in), and the limit's answer is a
 * 429 with Retry-After and the form with its input kept. Each client has its own address
 * through X-Forwarded-For (TRUST_PROXY=1).
 */
describe('guest-form limits: verified sends only, per sender, 429 (issue 27)', function () {
  this.timeout(180_000);
  let t: TestApp;
  useTestApp({ seed: true, config: { trustProxy: 1 } }, (suite) => ({ t } = suite));
  beforeEach(async () => {
    await t.db.deleteFrom('rate_limits').execute();
    await t.db.deleteFrom('jobs').where('kind', 'like', 'forms.%').execute();
  });

  async function client(ip: string, path: string) {
    const agent = request.agent(t.app);
    const page = await agent.get(path).set('X-Forwarded-For', ip).expect(200);
    const post = async (fields: Record<string, string>, captcha: string | null) =>
      agent
        .post(path)
        .set('X-Forwarded-For', ip)
        .type('form')
        .send({
          csrfmiddlewaretoken: csrfTokenIn(page.text),
          ...fields,
          captcha: captcha ?? (await solvedCaptcha(agent)),
        });
    return { agent, post };
  }

  it('does not count posts whose captcha was empty or forged', async () => {
    const attacker = await client('203.0.113.9', '/contact-us/');
    for (let i = 0; i < 15; i++) {
      const res = await attacker.post(contact(), i % 2 ? '' : 'bm90IGEgc29sdXRpb24=');
      expect(res.status, `post ${i + 1}`).to.equal(200);
      expect(formOf(res.text).errors.fieldErrors.captcha).to.be.a('string');
    }
    const counters = await t.db.selectFrom('rate_limits').selectAll().where('scope', 'like', 'guest_form%').execute();
    expect(counters).to.deep.equal([]);
    // The same client, now solving the check, is let through.
    expect((await attacker.post(contact(), null)).status).to.equal(303);
  });

  it('answers the eleventh verified send with 429, Retry-After and the form with the input kept', async () => {
    const sender = await client('198.51.100.20', '/contact-us/');
    for (let i = 0; i < 10; i++) expect((await sender.post(contact(), null)).status, `send ${i + 1}`).to.equal(303);
    const limited = await sender.post(contact({ message: 'Kept, please.' }), null);
    expect(limited.status).to.equal(429);
    expect(Number(limited.headers['retry-after'])).to.be.within(1, 15 * 60);
    expect(limited.headers['cache-control']).to.include('no-store');
    const form = formOf(limited.text);
    expect(form.errors.nonFieldErrors).to.deep.equal([RATE_LIMITED]);
    expect(form.values).to.deep.include({ first_name: 'Sam', email: 'sam@example.com', message: 'Kept, please.' });
    expect(limited.text).to.include('Kept, please.');

    const signupSender = await client('198.51.100.20', '/email-signup/');
    const signupLimited = await signupSender.post(signup('kept@example.com'), null);
    expect(signupLimited.status).to.equal(429);
    expect(signupLimited.headers['retry-after']).to.match(/^\d+$/);
    expect(formOf(signupLimited.text).values.email).to.equal('kept@example.com');
  });

  it("lets no stranger lock an address out of the contact form, the signup or its owner's confirmation link", async () => {
    const stranger = await client('203.0.113.66', '/contact-us/');
    for (let i = 0; i < 11; i++) await stranger.post(contact(), null);
    const owner = await client('198.51.100.7', '/contact-us/');
    expect((await owner.post(contact(), null)).status).to.equal(303);

    // The owner signs up and gets a link; a stranger then sends signups for the same address.
    const ownerSignup = await client('198.51.100.7', '/email-signup/');
    expect((await ownerSignup.post(signup('sam@example.com'), null)).status).to.equal(303);
    const mailer = createMailer({ smtpUrl: undefined, dataDir: t.dataDir });
    const handlers = new Map([
      ...formJobHandlers(mailer, t.config.sessionSecret),
      ...signupJobHandlers(mailer, t.config.sessionSecret),
    ]);
    while ((await runDueJobs(t.db, handlers, t.logger)) > 0);
    const link = newestConfirmationLink(t.dataDir, 'sam@example.com')!;
    const strangerSignup = await client('203.0.113.67', '/email-signup/');
    for (let i = 0; i < 6; i++)
      expect((await strangerSignup.post(signup('sam@example.com'), null)).status, `stranger ${i + 1}`).to.equal(303);
    // At most three mails in 15 minutes reach the address, whoever asks.
    while ((await runDueJobs(t.db, handlers, t.logger)) > 0);
    expect(mailsTo(t.dataDir, 'sam@example.com')).to.have.length(3);

    // The owner's link still works: it is no send, and counts against nothing.
    const agent = request.agent(t.app);
    const page = await agent.get('/email-signup/').set('X-Forwarded-For', '198.51.100.7').expect(200);
    const confirmed = await agent
      .post('/email-signup/')
      .set('X-Forwarded-For', '198.51.100.7')
      .type('form')
      .send({
        csrfmiddlewaretoken: csrfTokenIn(page.text),
        confirm: link.searchParams.get('confirm'),
        form_action: 'confirm_signup',
      })
      .expect(303);
    expect(confirmed.headers.location).to.equal('/email-signup/');
    const subscriber = await t.db
      .selectFrom('subscribers')
      .selectAll()
      .where('email', '=', 'sam@example.com')
      .executeTakeFirstOrThrow();
    expect(subscriber.subscribed).to.equal(true);
  });

  it('limits the unsubscribe form per sender only, so a stranger cannot keep its owner from unsubscribing', async () => {
    const csrf = async (agent: ReturnType<typeof request.agent>) =>
      ((await agent.get('/api-nc/csrftoken/').expect(200)).body as { csrf_token: string }).csrf_token;
    const stranger = request.agent(t.app);
    const strangerToken = await csrf(stranger);
    let last = 0;
    for (let i = 0; i < 11; i++) {
      const res = await stranger
        .post('/api/fcc/unsubscribe/')
        .set('X-Forwarded-For', '203.0.113.70')
        .set('X-CSRFToken', strangerToken)
        .type('form')
        .send({ Email: 'sam@example.com' });
      last = res.status;
      if (res.status === 429) expect(res.headers['retry-after']).to.match(/^\d+$/);
    }
    expect(last).to.equal(429);
    const owner = request.agent(t.app);
    const ownerToken = await csrf(owner);
    await owner
      .post('/api/fcc/unsubscribe/')
      .set('X-Forwarded-For', '198.51.100.8')
      .set('X-CSRFToken', ownerToken)
      .type('form')
      .send({ Email: 'sam@example.com' })
      .expect(200);
  });
});
