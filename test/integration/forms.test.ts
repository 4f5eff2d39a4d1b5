import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'chai';
import request from 'supertest';
import { runDueJobs } from '../../server/modules/jobs/runner';
import { mailDirectory, createMailer } from '../../server/modules/mail/mailer';
import { formJobHandlers } from '../../server/modules/forms/service';
import { signupJobHandlers } from '../../server/modules/forms/signup-service';
import { signUnsubscribeToken } from '../../server/modules/forms/unsubscribe-token';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';
import { csrfTokenIn } from '../helpers/admin';
import { solvedCaptcha } from '../helpers/captcha';
import { newestConfirmationLink } from '../helpers/mailbox';

type PageData = {
  template: string;
  page: {
    content: Record<string, unknown>;
    extra: {
      form?: {
        values: Record<string, string>;
        errors: { fieldErrors: Record<string, string>; nonFieldErrors: string[] };
        sent: boolean;
      };
    };
  };
};

function pageDataOf(html: string): PageData {
  const match = /<script type="application\/json" id="page-data"[^>]*>(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no page-data script');
  return JSON.parse(match[1]!) as PageData;
}

const validContact = (overrides: Record<string, string> = {}) => ({
  question_category: 'suggestion',
  topic: 'suggestion/menu-idea',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'Ada@Example.com',
  phone: '207 555 0100',
  address_line1: '1 Main St',
  address_city: 'Portland',
  address_state: 'ME',
  address_zip: '04101',
  message: 'More <b>chowder</b>, please.\r\nThank you.',
  ...overrides,
});

describe('guest forms: contact, signup, unsubscribe', function () {
  this.timeout(120_000);
  let t: TestApp;
  useTestApp({ seed: true }, (suite) => ({ t } = suite));
  // Every request comes from 127.0.0.1: each test starts with fresh counters (one test checks the limit).
  beforeEach(() => t.db.deleteFrom('rate_limits').execute());

  /** An agent with a session: the page's CSRF token and a solved captcha. */
  async function formAgent(path: string, host = 'localhost:3000') {
    const agent = request.agent(t.app);
    const page = await agent.get(path).set('Host', host).expect(200);
    return { agent, token: csrfTokenIn(page.text), page };
  }

  const handlers = () => {
    const mailer = createMailer({ smtpUrl: undefined, dataDir: t.dataDir });
    return new Map([
      ...formJobHandlers(mailer, t.config.sessionSecret),
      ...signupJobHandlers(mailer, t.config.sessionSecret),
    ]);
  };

  /** Sends the queued mails and presses the button of the newest confirmation link to `address` (double opt-in). */
  async function confirmNewestLink(agent: ReturnType<typeof request.agent>, token: string, address: string) {
    while ((await runDueJobs(t.db, handlers(), t.logger)) > 0);
    const link = newestConfirmationLink(t.dataDir, address)!;
    await agent
      .post(link.pathname)
      .type('form')
      .send({ csrfmiddlewaretoken: token, confirm: link.searchParams.get('confirm'), form_action: 'confirm_signup' })
      .expect(303);
  }
  const mails = () => {
    try {
      return readdirSync(mailDirectory(t.dataDir)).map(
        (name) =>
          JSON.parse(readFileSync(`${mailDirectory(t.dataDir)}/${name}`, 'utf8')) as {
            to: unknown;
            subject: string;
            text: string;
            headers?: Record<string, string>;
            replyTo?: unknown;
          },
      );
    } catch {
      return [];
    }
  };

  it('serves the seeded contact page on both sites and languages, with the form and no staff addresses', async () => {
    for (const [host, path] of [
      ['localhost:3000', '/contact-us/'],
      ['ca.localhost:3000', '/contact-us/'],
      ['ca.localhost:3000', '/fr/contact-us/'],
    ] as const) {
      const res = await request(t.app).get(path).set('Host', host).expect(200);
      const data = pageDataOf(res.text);
      expect(data.template).to.equal('ContactUsPage');
      expect(res.text).to.include('name="csrfmiddlewaretoken"');
      // The captcha's place and its no-script explanation; the widget itself is drawn after hydration.
      expect(res.text).to.include('form-field--captcha').and.include('<noscript>');
      expect(res.text).not.to.include('guest-relations@');
      expect(data.page.content).not.to.have.property('notify_emails');
      expect(res.headers['cache-control']).to.include('no-store');
      if (path.startsWith('/fr/')) expect(res.headers['x-missing-translations']).to.equal(undefined);
    }
  });

  it('stores a valid contact message with its notification job, redirects, and shows the thank-you once', async () => {
    const { agent, token } = await formAgent('/contact-us/');
    const captcha = await solvedCaptcha(agent);
    const before = await t.db.selectFrom('jobs').select('id').where('kind', '=', 'forms.notify').execute();
    const res = await agent
      .post('/contact-us/')
      .type('form')
      .send({ csrfmiddlewaretoken: token, ...validContact(), captcha, form_action: 'send' })
      .expect(303);
    expect(res.headers.location).to.equal('/contact-us/');
    const stored = await t.db
      .selectFrom('form_submissions')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(stored.form).to.equal('contact');
    expect(stored.data.email).to.equal('ada@example.com');
    expect(stored.data.message).to.equal('More <b>chowder</b>, please.\nThank you.');
    const jobs = await t.db.selectFrom('jobs').selectAll().where('kind', '=', 'forms.notify').execute();
    expect(jobs.length).to.equal(before.length + 1);

    const thanks = await agent.get('/contact-us/').expect(200);
    expect(pageDataOf(thanks.text).page.extra.form!.sent).to.equal(true);
    expect(thanks.text).to.include('Thank you for reaching out');
    const again = await agent.get('/contact-us/').expect(200);
    expect(pageDataOf(again.text).page.extra.form!.sent).to.equal(false);
  });

  it('delivers the notification even after a crash between commit and send, and only once', async () => {
    const { agent, token } = await formAgent('/contact-us/');
    const captcha = await solvedCaptcha(agent);
    await agent
      .post('/contact-us/')
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        ...validContact({ email: 'crash@example.com', first_name: 'Crash\u0085' }),
        captcha,
      })
      .expect(303);
    const submission = await t.db
      .selectFrom('form_submissions')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // A worker claimed the job and died before sending: its lease runs out, and another runner takes it.
    await t.db
      .updateTable('jobs')
      .set({ status: 'running', attempts: 1, locked_until: new Date(Date.now() - 1000) })
      .where('kind', '=', 'forms.notify')
      .where('status', '=', 'pending')
      .execute();
    const sentBefore = mails().length;
    await runDueJobs(t.db, handlers(), t.logger);
    const sent = mails().slice(sentBefore);
    const notification = sent.find((mail) => mail.text.includes(`submission ${submission.id}`));
    expect(notification, 'the notification mail').to.not.equal(undefined);
    expect(notification!.text).to.include('More <b>chowder</b>');
    expect(notification!.subject).to.not.match(/[\r\n]/);
    const jobs = await t.db.selectFrom('jobs').selectAll().where('kind', '=', 'forms.notify').execute();
    expect(jobs.every((job) => job.status === 'done')).to.equal(true);
    const count = mails().length;
    await runDueJobs(t.db, handlers(), t.logger);
    expect(mails().length).to.equal(count);
  });

  it('re-renders with field errors, the input kept, and nothing stored for bad input', async () => {
    const { agent, token } = await formAgent('/contact-us/');
    const count = async () => (await t.db.selectFrom('form_submissions').select('id').execute()).length;
    const before = await count();
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ first_name: 'Ada\r\nBcc: victim@example.com' }, 'first_name', 'This field cannot contain line breaks.'],
      [{ email: 'ada@example.com\nBcc: victim@example.com' }, 'email', 'This field cannot contain line breaks.'],
      [{ last_name: 'x'.repeat(51) }, 'last_name', 'Ensure this value has at most 50 characters.'],
      [{ message: 'y'.repeat(20_000) }, 'message', 'Ensure this value has at most 2000 characters.'],
      [{ topic: 'praise/menu-idea' }, 'topic', 'Select a topic of the chosen category.'],
      [{ topic: 'suggestion/no-such-topic' }, 'topic', 'Select a topic of the chosen category.'],
      [{ email: 'not an e-mail' }, 'email', 'Enter a valid email address.'],
      [
        {
          question_category: 'praise',
          topic: 'praise/dining',
          location_rlid: '',
          visit_date: '2099-01-01',
          visit_time: '19:00',
        },
        'visit_date',
        'The visit date cannot be in the future.',
      ],
      [{ question_category: 'praise', topic: 'praise/dining' }, 'location_rlid', 'Choose the restaurant.'],
      [{ address_zip: 'K1A 0B1' }, 'address_zip', 'Enter a valid ZIP code (for example 12345).'],
      [
        { first_name: '<script>alert(1)</script>', captcha: '' },
        'captcha',
        'Please confirm you are not a robot. The check runs in your browser and needs JavaScript.',
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await agent
        .post('/contact-us/')
        .type('form')
        .send({ csrfmiddlewaretoken: token, ...validContact(), captcha: 'bogus', ...overrides })
        .expect(200);
      const form = pageDataOf(res.text).page.extra.form!;
      expect(form.errors.fieldErrors[field], `${field} for ${JSON.stringify(overrides).slice(0, 80)}`).to.equal(
        message,
      );
      expect(res.text).to.include(`Error: ${message.replace(/'/g, '&#x27;')}`.slice(0, 40));
      expect(res.text).to.include('class="error-summary"');
      if (overrides.first_name?.startsWith('<script>')) {
        expect(form.values.first_name).to.equal('<script>alert(1)</script>');
        expect(res.text).not.to.include('<script>alert(1)</script>');
      }
    }
    // A repeated field (an array) is a field error, not a 500.
    const arrays = await agent
      .post('/contact-us/')
      .type('form')
      .send(`csrfmiddlewaretoken=${encodeURIComponent(token)}&email=a@b.co&email=c@d.co`)
      .expect(200);
    expect(pageDataOf(arrays.text).page.extra.form!.errors.fieldErrors.email).to.equal('Enter a valid value.');
    expect(await count()).to.equal(before);
  });

  it('refuses a post without the CSRF token', async () => {
    await request(t.app).post('/contact-us/').type('form').send(validContact()).expect(403);
  });

  it('refuses a replayed captcha solution and a forged one', async () => {
    const { agent, token } = await formAgent('/contact-us/');
    const captcha = await solvedCaptcha(agent);
    await agent
      .post('/contact-us/')
      .type('form')
      .send({ csrfmiddlewaretoken: token, ...validContact({ email: 'replay@example.com' }), captcha })
      .expect(303);
    const replay = await agent
      .post('/contact-us/')
      .type('form')
      .send({ csrfmiddlewaretoken: token, ...validContact({ email: 'replay2@example.com' }), captcha })
      .expect(200);
    expect(pageDataOf(replay.text).page.extra.form!.errors.fieldErrors.captcha).to.equal(
      'This form was already sent. Please check again that you are not a robot and resend it.',
    );
    const decoded = JSON.parse(Buffer.from(await solvedCaptcha(agent), 'base64').toString()) as {
      solution: { derivedKey: string };
    };
    decoded.solution.derivedKey = `${decoded.solution.derivedKey.startsWith('0') ? '1' : '0'}${decoded.solution.derivedKey.slice(1)}`;
    const forged = await agent
      .post('/contact-us/')
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        ...validContact({ email: 'forged@example.com' }),
        captcha: Buffer.from(JSON.stringify(decoded)).toString('base64'),
      })
      .expect(200);
    expect(pageDataOf(forged.text).page.extra.form!.errors.fieldErrors.captcha).to.equal(
      'The check that you are not a robot failed or expired. Please try again.',
    );
  });

  it('finds restaurants for the chooser without script, and keeps the choice', async () => {
    const { agent, token } = await formAgent('/contact-us/');
    const res = await agent
      .post('/contact-us/')
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        question_category: 'praise',
        topic: 'praise/dining',
        location_query: 'Portland, ME',
        form_action: 'find_location',
      })
      .expect(200);
    const radios = [...res.text.matchAll(/name="location_rlid" value="(\d+)"/g)];
    expect(radios.length).to.be.within(1, 6);
    const rlid = radios[0]![1]!;
    const picked = await agent
      .post('/contact-us/')
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        ...validContact({ question_category: 'praise', topic: 'praise/dining', visit_time: '19:00', visit_date: '' }),
        location_rlid: rlid,
      })
      .expect(200);
    expect(picked.text).to.include(`type="hidden" name="location_rlid" value="${rlid}"`);
    expect(picked.text).to.include('CHANGE');
    const preselected = await agent.get(`/contact-us/?rlid=${rlid}`).expect(200);
    expect(preselected.text).to.include(`type="hidden" name="location_rlid" value="${rlid}"`);
  });

  it('signs up with two occasions once the link is confirmed, and a second confirmed signup updates rather than duplicates', async () => {
    const { agent, token } = await formAgent('/email-signup/');
    const base = {
      csrfmiddlewaretoken: token,
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      postcode: '04101',
      birthday_month: '2',
      birthday_day: '29',
      terms: 'on',
      consent: 'on',
      'occasions-TOTAL_FORMS': '2',
      'occasions-INITIAL_FORMS': '0',
      'occasions-0-occasion': 'anniversary',
      'occasions-0-relationship': 'partner',
      'occasions-0-month': '6',
      'occasions-0-day': '14',
      'occasions-1-occasion': 'birthday',
      'occasions-1-relationship': 'child',
      'occasions-1-month': '4',
      'occasions-1-day': '31',
    };
    const bad = await agent
      .post('/email-signup/')
      .type('form')
      .send({ ...base, captcha: await solvedCaptcha(agent) })
      .expect(200);
    expect(pageDataOf(bad.text).page.extra.form).to.have.nested.property(
      'occasions.rowErrors[1].day',
      'Select a valid day for that month.',
    );
    await agent
      .post('/email-signup/')
      .type('form')
      .send({ ...base, 'occasions-1-day': '30', captcha: await solvedCaptcha(agent) })
      .expect(303);
    await confirmNewestLink(agent, token, 'grace@example.com');
    await agent
      .post('/email-signup/')
      .type('form')
      .send({
        ...base,
        first_name: 'Amazing Grace',
        email: 'GRACE@example.com',
        'occasions-1-day': '30',
        captcha: await solvedCaptcha(agent),
      })
      .expect(303);
    await confirmNewestLink(agent, token, 'grace@example.com');
    const subscribers = await t.db
      .selectFrom('subscribers')
      .selectAll()
      .where('email', '=', 'grace@example.com')
      .execute();
    expect(subscribers).to.have.length(1);
    expect(subscribers[0]!.first_name).to.equal('Amazing Grace');
    expect(subscribers[0]!.occasions).to.have.length(2);
    expect([subscribers[0]!.birthday_month, subscribers[0]!.birthday_day]).to.deep.equal([2, 29]);
    const consents = await t.db
      .selectFrom('consent_records')
      .selectAll()
      .where('subscriber_id', '=', subscribers[0]!.id)
      .execute();
    expect(consents).to.have.length(2);
    expect(consents[0]!.wording).to.include('Yes, I would like to receive e-mails');
    expect(consents[0]!.source_url).to.match(/\/email-signup\/$/);
  });

  it('adds and removes occasion rows without script, up to the maximum', async () => {
    const { agent, token } = await formAgent('/email-signup/');
    let total = 1;
    for (let i = 0; i < 6; i++) {
      const res = await agent
        .post('/email-signup/')
        .type('form')
        .send({
          csrfmiddlewaretoken: token,
          'occasions-TOTAL_FORMS': String(total),
          'occasions-INITIAL_FORMS': '0',
          form_action: 'add_occasion',
        })
        .expect(200);
      total = Number(/name="occasions-TOTAL_FORMS" value="(\d+)"/.exec(res.text)![1]);
      if (total === 5) expect(res.text).not.to.include('value="add_occasion"');
    }
    expect(total).to.equal(5);
    const removed = await agent
      .post('/email-signup/')
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        'occasions-TOTAL_FORMS': '5',
        'occasions-INITIAL_FORMS': '0',
        form_action: 'remove_occasion-2',
      })
      .expect(200);
    expect(removed.text).to.include('name="occasions-TOTAL_FORMS" value="4"');
    const tampered = await agent
      .post('/email-signup/')
      .type('form')
      .send({ csrfmiddlewaretoken: token, 'occasions-TOTAL_FORMS': '50', 'occasions-INITIAL_FORMS': '0', captcha: 'x' })
      .expect(200);
    expect(pageDataOf(tampered.text).page.extra.form!.errors.nonFieldErrors).to.include(
      'Please submit at most 5 occasions.',
    );
  });

  it('unsubscribes through the API with a fresh CSRF token, keeps the consent records, and answers errors', async () => {
    const agent = request.agent(t.app);
    await agent.post('/api/fcc/unsubscribe/').type('form').send({ Email: 'grace@example.com' }).expect(403);
    const { csrf_token: token } = (await agent.get('/api-nc/csrftoken/').expect(200)).body as { csrf_token: string };
    const invalid = await agent
      .post('/api/fcc/unsubscribe/')
      .set('X-CSRFToken', token)
      .type('form')
      .send({ Email: 'nope' })
      .expect(400);
    expect(invalid.body).to.deep.equal({ isValid: false, errors: ['Enter a valid email address.'] });
    const ok = await agent
      .post('/api/fcc/unsubscribe/')
      .set('X-CSRFToken', token)
      .type('form')
      .send({ Email: 'Grace@example.com', BroadLogId: '12345' })
      .expect(200);
    expect(ok.body.isValid).to.equal(true);
    expect(ok.body.message).to.include('up to 5 days');
    const subscriber = await t.db
      .selectFrom('subscribers')
      .selectAll()
      .where('email', '=', 'grace@example.com')
      .executeTakeFirstOrThrow();
    expect(subscriber.subscribed).to.equal(false);
    const consents = await t.db
      .selectFrom('consent_records')
      .select(['action'])
      .where('subscriber_id', '=', subscriber.id)
      .orderBy('id')
      .execute();
    expect(consents.map((row) => row.action)).to.deep.equal(['subscribe', 'subscribe', 'unsubscribe']);
    // Unknown addresses get the same answer (nobody learns who is on the list).
    await agent
      .post('/api/fcc/unsubscribe/')
      .set('X-CSRFToken', token)
      .type('form')
      .send({ Email: 'nobody@example.com' })
      .expect(200);
  });

  it('one-click unsubscribes (RFC 8058) with a good token only; a GET never unsubscribes', async () => {
    const { agent, token } = await formAgent('/email-signup/');
    await agent
      .post('/email-signup/')
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        first_name: 'Alan',
        last_name: 'Turing',
        email: 'alan@example.com',
        postcode: '04101',
        terms: 'on',
        consent: 'on',
        'occasions-TOTAL_FORMS': '1',
        'occasions-INITIAL_FORMS': '0',
        captcha: await solvedCaptcha(agent),
      })
      .expect(303);
    await confirmNewestLink(agent, token, 'alan@example.com');
    // The welcome mail carries the List-Unsubscribe headers.
    const before = mails().length;
    await runDueJobs(t.db, handlers(), t.logger);
    const welcome = mails()
      .slice(before)
      .find((mail) => JSON.stringify(mail.to).includes('alan@example.com'));
    expect(welcome, 'the welcome mail').to.not.equal(undefined);
    const raw = JSON.stringify(welcome);
    expect(raw).to.include('List-Unsubscribe-Post');
    const url = new URL(/<(https?:\/\/[^>]+)>/.exec(raw)![1]!);
    const subscribed = async () =>
      (
        await t.db
          .selectFrom('subscribers')
          .select('subscribed')
          .where('email', '=', 'alan@example.com')
          .executeTakeFirstOrThrow()
      ).subscribed;

    const get = await request(t.app).get(url.pathname).expect(303);
    expect(get.headers.location).to.equal('/unsubscribe/?utm_unsub=alan%40example.com');
    expect(await subscribed()).to.equal(true);

    const forged = signUnsubscribeToken('another secret', 'alan@example.com');
    await request(t.app)
      .post(`/api/fcc/unsubscribe/one-click/${forged}/`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(403);
    await request(t.app)
      .post('/api/fcc/unsubscribe/one-click/garbage/')
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(403);
    expect(await subscribed()).to.equal(true);

    await request(t.app).post(url.pathname).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(await subscribed()).to.equal(false);
  });

  it('records an unsubscribe in the language of the page its form was on (the endpoint has no /fr/)', async () => {
    const agent = request.agent(t.app);
    const host = 'ca.localhost:3000';
    const emails = ['ellen@example.com', 'francine@example.com', 'other@example.com'];
    await t.db
      .insertInto('subscribers')
      .values(
        emails.map((email) => ({
          email,
          first_name: 'A',
          last_name: 'B',
          postcode: 'H2X 1Y4',
          language_code: 'en-CA',
        })),
      )
      .execute();
    const { csrf_token: token } = (await agent.get('/api-nc/csrftoken/').set('Host', host).expect(200)).body as {
      csrf_token: string;
    };
    const post = (email: string, referer: string) =>
      agent
        .post('/api/fcc/unsubscribe/')
        .set('Host', host)
        .set('Referer', referer)
        .set('X-CSRFToken', token)
        .type('form')
        .send({ Email: email })
        .expect(200);
    await post('francine@example.com', `http://${host}/fr/unsubscribe/?utm_unsub=francine@example.com`);
    await post('ellen@example.com', `http://${host}/unsubscribe/`);
    // Another site's page naming /fr/ does not choose the language.
    await post('other@example.com', 'http://elsewhere.example/fr/unsubscribe/');
    const languages = await t.db
      .selectFrom('consent_records')
      .innerJoin('subscribers', 'subscribers.id', 'consent_records.subscriber_id')
      .select(['subscribers.email', 'consent_records.language_code'])
      .where('subscribers.email', 'in', emails)
      .where('consent_records.action', '=', 'unsubscribe')
      .orderBy('subscribers.email')
      .execute();
    expect(languages).to.deep.equal([
      { email: 'ellen@example.com', language_code: 'en-CA' },
      { email: 'francine@example.com', language_code: 'fr-CA' },
      { email: 'other@example.com', language_code: 'en-CA' },
    ]);
  });

  it('serves the unsubscribe page with the block on both sites', async () => {
    for (const [host, path] of [
      ['localhost:3000', '/unsubscribe/'],
      ['ca.localhost:3000', '/unsubscribe/'],
      ['ca.localhost:3000', '/fr/unsubscribe/'],
      ['localhost:3000', '/email-signup/'],
      ['ca.localhost:3000', '/fr/email-signup/'],
    ] as const) {
      const res = await request(t.app).get(path).set('Host', host).expect(200);
      if (path.includes('unsubscribe')) expect(res.text).to.include('data-block-type="unsubscribe"');
      if (path.startsWith('/fr/')) expect(res.headers['x-missing-translations'], path).to.equal(undefined);
    }
  });
});
