import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'chai';
import request from 'supertest';
import { mailDirectory } from '../../server/modules/mail/mailer';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import { TEST_ADMIN, type TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

const fieldError = (html: string, name: string) =>
  new RegExp(`id="id_${name}-error">([^<]*)<`).exec(html)?.[1]?.replace(/&#x27;/g, "'");
const valueOf = (html: string, name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];

/** The messages written by the file transport, oldest first. */
function sentMail(dataDir: string): Array<{ to: string; subject: string; text: string }> {
  let files: string[];
  try {
    files = readdirSync(mailDirectory(dataDir)).sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const message = JSON.parse(readFileSync(`${mailDirectory(dataDir)}/${file}`, 'utf8')) as {
      to: Array<{ address: string }>;
      subject: string;
      text: string;
    };
    return { to: message.to[0]!.address, subject: message.subject, text: message.text };
  });
}

/** The reset e-mail is sent after the response: wait for the n-th message to arrive. */
async function waitForMail(dataDir: string, count: number) {
  for (let i = 0; i < 100 && sentMail(dataDir).length < count; i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return sentMail(dataDir);
}

async function anonymousForm(t: TestApp, path: string) {
  const agent = request.agent(t.app);
  const page = await agent.get(path).expect(200);
  return { agent, token: csrfTokenIn(page.text), page };
}

describe('back office: account and password reset', () => {
  let t: TestApp;
  // The admin's password, as the reset test changes it.
  let password = TEST_ADMIN.password;
  useTestApp({}, (suite) => ({ t } = suite));
  before(async () => {
    await t.db
      .updateTable('users')
      .set({ email: 'chef@harborline.example' })
      .where('username', '=', TEST_ADMIN.username)
      .execute();
  });

  it('resets a password end to end with a single-use link from the e-mail', async () => {
    const { agent, token } = await anonymousForm(t, '/wagtail/password_reset/');
    await agent
      .post('/wagtail/password_reset/')
      .type('form')
      .send({ csrfmiddlewaretoken: token, email: 'Chef@Harborline.example' })
      .expect(303)
      .expect('Location', '/wagtail/password_reset/done/');
    const mail = await waitForMail(t.dataDir, 1);
    expect(mail).to.have.length(1);
    expect(mail[0]!.to).to.equal('chef@harborline.example');
    const link = /https?:\/\/[^\s]+\/wagtail\/password_reset\/confirm\/[^\s]+\//.exec(mail[0]!.text)?.[0];
    expect(link).to.be.a('string');
    const path = new URL(link!).pathname;
    // Only the hash of the token is stored.
    const stored = await t.db.selectFrom('password_reset_tokens').select('token_hash').execute();
    expect(stored).to.have.length(1);
    expect(path).not.to.include(stored[0]!.token_hash);

    const form = await agent.get(path).expect(200);
    const mismatch = await agent
      .post(path)
      .type('form')
      .send({
        csrfmiddlewaretoken: csrfTokenIn(form.text),
        new_password1: 'a-brand-new-password',
        new_password2: 'something-else-entirely',
      })
      .expect(400);
    expect(fieldError(mismatch.text, 'new_password2')).to.equal("The two password fields didn't match.");
    await agent
      .post(path)
      .type('form')
      .send({
        csrfmiddlewaretoken: csrfTokenIn(form.text),
        new_password1: 'a-brand-new-password',
        new_password2: 'a-brand-new-password',
      })
      .expect(303)
      .expect('Location', '/wagtail/password_reset/complete/');
    await agent.get('/wagtail/password_reset/complete/').expect(200);
    // The new password works, the link is spent.
    await signedInAgent(t.app, { username: TEST_ADMIN.username, password: 'a-brand-new-password' });
    const again = await agent.get(path).expect(400);
    expect(again.text).to.include('already been used or has expired');
    password = 'a-brand-new-password';
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = sentMail(t.dataDir).length;
    const { agent, token } = await anonymousForm(t, '/wagtail/password_reset/');
    await agent
      .post('/wagtail/password_reset/')
      .type('form')
      .send({ csrfmiddlewaretoken: token, email: 'nobody@example.com' })
      .expect(303)
      .expect('Location', '/wagtail/password_reset/done/');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sentMail(t.dataDir).length).to.equal(before);
    expect(await t.db.selectFrom('password_reset_tokens').select('id').execute()).to.have.length(before);
  });

  it('refuses an expired link, a forged token and a malformed uid', async () => {
    const { agent, token } = await anonymousForm(t, '/wagtail/password_reset/');
    const before = sentMail(t.dataDir).length;
    await agent
      .post('/wagtail/password_reset/')
      .type('form')
      .send({ csrfmiddlewaretoken: token, email: 'chef@harborline.example' })
      .expect(303);
    const text = (await waitForMail(t.dataDir, before + 1)).at(-1)!.text;
    const path = new URL(/https?:\/\/\S+\/confirm\/\S+\//.exec(text)![0]).pathname;
    await t.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('used_at', 'is', null)
      .execute();
    await agent.get(path).expect(400);
    const uid = path.split('/')[4]!;
    await agent.get(`/wagtail/password_reset/confirm/${uid}/${'x'.repeat(43)}/`).expect(400);
    await agent.get(`/wagtail/password_reset/confirm/!!/${'x'.repeat(43)}/`).expect(400);
  });

  it('sends at most three reset e-mails an hour to one account, answering the same', async () => {
    const { agent, token } = await anonymousForm(t, '/wagtail/password_reset/');
    await t.db.deleteFrom('password_reset_tokens').execute();
    const before = sentMail(t.dataDir).length;
    for (let i = 0; i < 4; i++) {
      await agent
        .post('/wagtail/password_reset/')
        .type('form')
        .send({ csrfmiddlewaretoken: token, email: 'chef@harborline.example' })
        .expect(303)
        .expect('Location', '/wagtail/password_reset/done/');
      await waitForMail(t.dataDir, before + Math.min(i + 1, 3));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sentMail(t.dataDir).length).to.equal(before + 3);
  });

  it('keeps the typed address and shows the error for a malformed one', async () => {
    const { agent, token } = await anonymousForm(t, '/wagtail/password_reset/');
    const res = await agent
      .post('/wagtail/password_reset/')
      .type('form')
      .send({ csrfmiddlewaretoken: token, email: 'not an email' })
      .expect(400);
    expect(fieldError(res.text, 'email')).to.equal('Enter a valid email address.');
    expect(valueOf(res.text, 'email')).to.equal('not an email');
  });

  it('changes your details, and your password only with the current one', async () => {
    const agent = await signedInAgent(t.app, { username: TEST_ADMIN.username, password });
    const token = csrfTokenIn((await agent.get('/wagtail/account/').expect(200)).text);
    await agent
      .post('/wagtail/account/')
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        first_name: 'Marie',
        last_name: 'Chef',
        email: 'marie@harborline.example',
        preferred_language: 'fr-CA',
      })
      .expect(303);
    const page = await agent.get('/wagtail/account/').expect(200);
    expect(valueOf(page.text, 'first_name')).to.equal('Marie');
    expect(page.text).to.match(/<option value="fr-CA" selected="">/);

    const bad = await agent
      .post('/wagtail/account/')
      .type('form')
      .send({ csrfmiddlewaretoken: token, first_name: 'Kept', email: 'nope', preferred_language: 'xx' })
      .expect(400);
    expect(fieldError(bad.text, 'email')).to.equal('Enter a valid email address.');
    expect(fieldError(bad.text, 'preferred_language')).to.equal('Select a valid choice.');
    expect(valueOf(bad.text, 'first_name')).to.equal('Kept');

    const wrong = await agent
      .post('/wagtail/account/change_password/')
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        old_password: 'wrong-password',
        new_password1: 'another-new-password',
        new_password2: 'another-new-password',
      })
      .expect(400);
    expect(fieldError(wrong.text, 'old_password')).to.match(/old password was entered incorrectly/);
    const other = await signedInAgent(t.app, { username: TEST_ADMIN.username, password });
    await agent
      .post('/wagtail/account/change_password/')
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        old_password: password,
        new_password1: 'another-new-password',
        new_password2: 'another-new-password',
      })
      .expect(303);
    // This session stays signed in; the account's other sessions end.
    await agent.get('/wagtail/account/').expect(200);
    await other.get('/wagtail/').expect(302);
  });
});
