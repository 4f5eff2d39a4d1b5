import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import { createMailer } from '../../server/modules/mail/mailer';
import { signupJobHandlers } from '../../server/modules/forms/signup-service';
import { runDueJobs } from '../../server/modules/jobs/runner';
import { openTab } from '../helpers/browser';
import { newestConfirmationLink } from '../helpers/mailbox';
import { useBrowserSuite, waitForHydration } from '../helpers/browser-suite';

/** Ticks the captcha's box and waits for the proof of work to finish (its hidden field gets the payload). */
async function solveCaptcha(page: Page): Promise<void> {
  await page.waitForSelector('altcha-widget input[type="checkbox"]', { visible: true, timeout: 10_000 });
  await page.click('altcha-widget input[type="checkbox"]');
  await page.waitForFunction(
    () => (document.querySelector<HTMLInputElement>('altcha-widget input[name="captcha"]')?.value ?? '').length > 20,
    { timeout: 30_000 },
  );
}

const activeName = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '');
const fieldValue = (page: Page, selector: string) =>
  page.$eval(selector, (element) => (element as HTMLInputElement).value);

/** Presses Tab until the focused control has this name (a keyboard user's path through the form). */
async function tabTo(page: Page, name: string, limit = 20): Promise<void> {
  for (let step = 0; step < limit; step += 1) {
    if ((await activeName(page)) === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name} (at ${await activeName(page)})`);
}

async function typeFields(page: Page, fields: Array<[string, string]>): Promise<void> {
  for (const [name, value] of fields) {
    await page.$eval(`[name="${name}"]`, (element) => ((element as HTMLInputElement).value = ''));
    await page.type(`[name="${name}"]`, value);
  }
}

/** A date a few days ago, as a date input posts it (visits may not be in the future). */
function recentDate(): string {
  const date = new Date(Date.now() - 3 * 86_400_000);
  return date.toISOString().slice(0, 10);
}

const GUEST: Array<[string, string]> = [
  ['first_name', 'Ada'],
  ['last_name', 'Lovelace'],
  ['phone', '207 555 0100'],
  ['address_line1', '1 Main St'],
  ['address_city', 'Portland'],
  ['address_state', 'ME'],
  ['address_zip', '04101'],
];

describe('guest forms in the browser: location chooser, occasions, no script', function () {
  this.timeout(180_000);
  const suite = useBrowserSuite();

  async function open(path: string, options: { javaScript?: boolean } = {}) {
    const tab = await openTab(suite.chromium.browser);
    if (options.javaScript === false) await tab.page.setJavaScriptEnabled(false);
    await tab.page.goto(`http://localhost:${suite.server.port}${path}`, { waitUntil: 'networkidle0' });
    if (options.javaScript !== false) await waitForHydration(tab.page);
    return tab;
  }

  const submissions = () => suite.app.db.selectFrom('form_submissions').select(['id', 'data']).orderBy('id').execute();

  it('chooses the restaurant with the keyboard: Enter searches, arrows pick, the choice is shown, posted and stored', async () => {
    const tab = await open('/contact-us/');
    const { page } = tab;
    await page.select('select[name="question_category"]', 'question');
    await page.select('select[name="topic"]', 'question/allergen-nutrition');
    await page.waitForSelector('input[name="location_query"]');
    await page.focus('select[name="topic"]');
    await tabTo(page, 'location_query');
    await page.keyboard.type('Portland, ME');
    // Enter in the search box searches (it does not send the half-filled form).
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.keyboard.press('Enter')]);
    await waitForHydration(page);
    expect(await page.$('.error-summary')).to.equal(null);
    const rlids = await page.$$eval('.form-location__results input[name="location_rlid"]', (inputs) =>
      inputs.map((input) => (input as HTMLInputElement).value),
    );
    expect(rlids.length).to.be.within(2, 6);
    expect(await fieldValue(page, 'select[name="topic"]')).to.equal('question/allergen-nutrition');
    // Tab into the results, then an arrow key moves to (and checks) the second restaurant.
    await page.focus('input[name="location_query"]');
    await tabTo(page, 'location_rlid');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    const picked = await page.$eval(
      'input[name="location_rlid"]:checked',
      (input) => (input as HTMLInputElement).value,
    );
    expect(picked).to.equal(rlids[1]);
    // Send without a message: the errors come back with the choice shown as an address and CHANGE.
    await typeFields(page, [...GUEST, ['email', 'ada.keyboard@example.com']]);
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'networkidle0' }),
      page.click('.guest-form button.button--primary'),
    ]);
    await waitForHydration(page);
    expect(await page.$eval('.error-summary', (element) => element.textContent ?? '')).to.include('Message');
    expect(await fieldValue(page, 'input[type="hidden"][name="location_rlid"]')).to.equal(picked);
    const address = await page.$eval('.form-location__address', (element) => element.textContent ?? '');
    expect(address).to.not.equal('');
    expect(await page.$('.form-location button[value="change_location"]')).to.not.equal(null);
    expect(await fieldValue(page, 'input[name="email"]')).to.equal('ada.keyboard@example.com');
    await page.type('textarea[name="message"]', 'Is the chowder gluten free?');
    await solveCaptcha(page);
    const before = (await submissions()).length;
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'networkidle0' }),
      page.click('.guest-form button.button--primary'),
    ]);
    expect(await page.$eval('.form-confirmation', (element) => element.textContent)).to.include('Thank you');
    const rows = await submissions();
    expect(rows.length).to.equal(before + 1);
    const data = rows.at(-1)!.data;
    expect(String(data.location_rlid)).to.equal(picked);
    expect(data.topic).to.equal('question/allergen-nutrition');
    expect(String(data.location)).to.include(address.split(',')[0]!.trim());
    tab.assertClean();
    await page.close();
  });

  it('signs up with two occasions (birthday and anniversary) and stores both once the mailed link is confirmed', async () => {
    const tab = await open('/email-signup/');
    const { page } = tab;
    await typeFields(page, [
      ['first_name', 'Grace'],
      ['last_name', 'Hopper'],
      ['email', 'grace.occasions@example.com'],
      ['postcode', '04101'],
    ]);
    await page.select('select[name="occasions-0-occasion"]', 'birthday');
    await page.select('select[name="occasions-0-relationship"]', 'child');
    await page.select('select[name="occasions-0-month"]', '2');
    await page.select('select[name="occasions-0-day"]', '29');
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'networkidle0' }),
      page.click('.occasions button[value="add_occasion"]'),
    ]);
    await waitForHydration(page);
    // The first row and the other fields are kept; a second row is there.
    expect(await fieldValue(page, 'select[name="occasions-0-day"]')).to.equal('29');
    expect(await fieldValue(page, 'input[name="email"]')).to.equal('grace.occasions@example.com');
    expect(await fieldValue(page, 'input[name="occasions-TOTAL_FORMS"]')).to.equal('2');
    await page.select('select[name="occasions-1-occasion"]', 'anniversary');
    await page.select('select[name="occasions-1-relationship"]', 'partner');
    await page.select('select[name="occasions-1-month"]', '6');
    await page.select('select[name="occasions-1-day"]', '14');
    await page.click('input[name="terms"]');
    await page.click('input[name="consent"]');
    await solveCaptcha(page);
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'networkidle0' }),
      page.click('.guest-form button.button--primary'),
    ]);
    // Double opt-in: nothing is saved until the link mailed to the address is followed.
    expect(await page.$eval('.form-confirmation', (element) => element.textContent)).to.include('Check your inbox');
    const pending = await suite.app.db
      .selectFrom('subscribers')
      .select('id')
      .where('email', '=', 'grace.occasions@example.com')
      .execute();
    expect(pending).to.deep.equal([]);
    const mailer = createMailer({ smtpUrl: undefined, dataDir: suite.app.dataDir });
    while (
      (await runDueJobs(suite.app.db, signupJobHandlers(mailer, suite.app.config.sessionSecret), suite.app.logger)) > 0
    );
    const link = newestConfirmationLink(suite.app.dataDir, 'grace.occasions@example.com')!;
    await page.goto(`http://localhost:${suite.server.port}${link.pathname}${link.search}`, {
      waitUntil: 'networkidle0',
    });
    await waitForHydration(page);
    expect(await page.$eval('.form-confirmation', (element) => element.textContent)).to.include('Grace Hopper');
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'networkidle0' }),
      page.click('.form-confirmation button[value="confirm_signup"]'),
    ]);
    expect(await page.$eval('.form-confirmation', (element) => element.textContent)).to.include('You are on the list');
    const subscriber = await suite.app.db
      .selectFrom('subscribers')
      .selectAll()
      .where('email', '=', 'grace.occasions@example.com')
      .executeTakeFirstOrThrow();
    expect(subscriber.occasions).to.deep.equal([
      { occasion: 'birthday', relationship: 'child', month: 2, day: 29 },
      { occasion: 'anniversary', relationship: 'partner', month: 6, day: 14 },
    ]);
    expect(subscriber.subscribed).to.equal(true);
    tab.assertClean();
    await page.close();
  });

  it('without JavaScript, the contact form shows errors with the input kept, searches restaurants, and refuses a valid send because the robot check needs script', async () => {
    const tab = await open('/contact-us/', { javaScript: false });
    const { page } = tab;
    // Without script every extra field is shown.
    await page.select('select[name="question_category"]', 'praise');
    await page.select('select[name="topic"]', 'praise/dining');
    await typeFields(page, [...GUEST, ['email', 'not-an-address']]);
    await Promise.all([page.waitForNavigation(), page.click('.guest-form button.button--primary')]);
    const errors = await page.$$eval('.form-field__error', (elements) =>
      elements.map((element) => element.textContent ?? ''),
    );
    expect(errors.length).to.be.greaterThan(2);
    expect(errors.every((text) => text.startsWith('Error: '))).to.equal(true);
    expect(await page.$eval('.error-summary', (element) => element.textContent ?? '')).to.include('E-mail address');
    expect(await fieldValue(page, 'input[name="email"]')).to.equal('not-an-address');
    expect(await fieldValue(page, 'input[name="first_name"]')).to.equal('Ada');
    expect(await fieldValue(page, 'select[name="topic"]')).to.equal('praise/dining');
    // The chooser is a submit: search, pick, and the rest of the input is kept.
    await page.type('input[name="location_query"]', 'Portland, ME');
    await Promise.all([page.waitForNavigation(), page.click('.form-location button[value="find_location"]')]);
    const rlid = await page.$eval(
      '.form-location__results input[name="location_rlid"]',
      (input) => (input as HTMLInputElement).value,
    );
    await page.click(`#contact-location-${rlid}`);
    expect(await fieldValue(page, 'input[name="first_name"]')).to.equal('Ada');
    // Now all valid: the server still refuses, since the proof of work cannot run without script.
    await typeFields(page, [
      ['email', 'ada.noscript@example.com'],
      ['visit_time', '19:00'],
    ]);
    await page.$eval(
      'input[name="visit_date"]',
      (input, value) => ((input as HTMLInputElement).value = value),
      recentDate(),
    );
    await page.type('textarea[name="message"]', 'Lovely evening.');
    const before = (await submissions()).length;
    await Promise.all([page.waitForNavigation(), page.click('.guest-form button.button--primary')]);
    expect(await page.$('.form-confirmation')).to.equal(null);
    const summary = await page.$eval('.error-summary', (element) => element.textContent ?? '');
    expect(summary).to.include('needs JavaScript');
    const remaining = await page.$$eval('.form-field__error', (elements) =>
      elements.map((element) => element.textContent ?? ''),
    );
    expect(remaining).to.have.length(1);
    expect(remaining[0]).to.match(/^Error: .*needs JavaScript/);
    expect(await page.$eval('.form-field--captcha', (element) => element.textContent ?? '')).to.include(
      'Please turn on JavaScript to send it.',
    );
    expect(await fieldValue(page, 'input[name="email"]')).to.equal('ada.noscript@example.com');
    expect(await fieldValue(page, 'textarea[name="message"]')).to.equal('Lovely evening.');
    expect(await fieldValue(page, 'input[type="hidden"][name="location_rlid"]')).to.equal(rlid);
    expect((await submissions()).length).to.equal(before);
    await page.close();
  });

  it('without JavaScript, the signup shows errors with the input kept, adds an occasion row, and refuses a valid send because the robot check needs script', async () => {
    const tab = await open('/email-signup/', { javaScript: false });
    const { page } = tab;
    await typeFields(page, [
      ['first_name', 'Alan'],
      ['last_name', 'Turing'],
      ['email', 'alan.noscript@example.com'],
      ['postcode', 'nope'],
    ]);
    await page.select('select[name="occasions-0-occasion"]', 'birthday');
    await Promise.all([page.waitForNavigation(), page.click('.guest-form button.button--primary')]);
    const errors = await page.$$eval('.form-field__error', (elements) =>
      elements.map((element) => element.textContent ?? ''),
    );
    expect(errors.every((text) => text.startsWith('Error: '))).to.equal(true);
    const summary = await page.$eval('.error-summary', (element) => element.textContent ?? '');
    expect(summary).to.include('ZIP code');
    expect(await fieldValue(page, 'input[name="postcode"]')).to.equal('nope');
    expect(await fieldValue(page, 'input[name="email"]')).to.equal('alan.noscript@example.com');
    expect(await fieldValue(page, 'select[name="occasions-0-occasion"]')).to.equal('birthday');
    // 'Add' works without script: the page comes back with a second row.
    await Promise.all([page.waitForNavigation(), page.click('.occasions button[value="add_occasion"]')]);
    expect(await fieldValue(page, 'input[name="occasions-TOTAL_FORMS"]')).to.equal('2');
    expect(await page.$('select[name="occasions-1-occasion"]')).to.not.equal(null);
    await typeFields(page, [['postcode', '04101']]);
    await page.select('select[name="occasions-0-relationship"]', 'self');
    await page.select('select[name="occasions-0-month"]', '3');
    await page.select('select[name="occasions-0-day"]', '7');
    await page.select('select[name="occasions-1-occasion"]', 'anniversary');
    await page.select('select[name="occasions-1-relationship"]', 'partner');
    await page.select('select[name="occasions-1-month"]', '9');
    await page.select('select[name="occasions-1-day"]', '1');
    await page.click('input[name="terms"]');
    await page.click('input[name="consent"]');
    await Promise.all([page.waitForNavigation(), page.click('.guest-form button.button--primary')]);
    expect(await page.$('.form-confirmation')).to.equal(null);
    expect(await page.$eval('.error-summary', (element) => element.textContent ?? '')).to.include('needs JavaScript');
    const remaining = await page.$$eval('.form-field__error', (elements) =>
      elements.map((element) => element.textContent ?? ''),
    );
    expect(remaining).to.have.length(1);
    expect(await fieldValue(page, 'select[name="occasions-1-day"]')).to.equal('1');
    expect(await page.$eval('input[name="consent"]', (input) => (input as HTMLInputElement).checked)).to.equal(true);
    const stored = await suite.app.db
      .selectFrom('subscribers')
      .select('id')
      .where('email', '=', 'alan.noscript@example.com')
      .execute();
    expect(stored).to.deep.equal([]);
    await page.close();
  });
});
