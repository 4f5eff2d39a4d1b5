import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import { axeViolations, WCAG_TAGS } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite, waitForHydration } from '../helpers/browser-suite';

const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

/** Ticks the captcha's box and waits for the proof of work to finish (its hidden field gets the payload). */
async function solveCaptcha(page: Page): Promise<void> {
  await page.waitForSelector('altcha-widget input[type="checkbox"]', { visible: true, timeout: 10_000 });
  await page.click('altcha-widget input[type="checkbox"]');
  await page.waitForFunction(
    () => (document.querySelector<HTMLInputElement>('altcha-widget input[name="captcha"]')?.value ?? '').length > 20,
    { timeout: 30_000 },
  );
}

describe('guest forms in the browser', function () {
  this.timeout(180_000);
  const suite = useBrowserSuite();

  async function open(path: string, viewport = VIEWPORTS[0]!, options: { axe?: boolean; javaScript?: boolean } = {}) {
    const tab = await openTab(suite.chromium.browser, viewport);
    if (options.axe) await tab.page.setBypassCSP(true); // the injected axe script carries no nonce
    if (options.javaScript === false) await tab.page.setJavaScriptEnabled(false);
    await tab.page.goto(`http://localhost:${suite.server.port}${path}`, { waitUntil: 'networkidle0' });
    if (options.javaScript !== false) await waitForHydration(tab.page);
    return tab;
  }

  it('has no axe violations on the contact, signup and unsubscribe pages at 1280 and 390 px, and with errors shown', async () => {
    for (const path of ['/contact-us/', '/email-signup/', '/unsubscribe/']) {
      for (const viewport of VIEWPORTS) {
        const tab = await open(path, viewport, { axe: true });
        expect(await axeViolations(tab.page, { tags: WCAG_TAGS }), `${path} at ${viewport.width}px`).to.deep.equal([]);
        await tab.page.close();
      }
    }
    const tab = await open('/contact-us/', VIEWPORTS[0], { axe: true });
    await tab.page.click('.guest-form button.button--primary');
    await tab.page.waitForSelector('.error-summary');
    await waitForHydration(tab.page);
    expect(await axeViolations(tab.page, { tags: WCAG_TAGS })).to.deep.equal([]);
    await tab.page.close();
  });

  it('sends the contact form once, with a dependent topic and the captcha, and shows the thank-you', async () => {
    const tab = await open('/contact-us/');
    const { page } = tab;
    await page.select('select[name="question_category"]', 'suggestion');
    // After choosing a category the topic list holds only its topics.
    const topics = await page.$$eval('select[name="topic"] option', (options) =>
      options.map((option) => (option as HTMLOptionElement).value).filter(Boolean),
    );
    expect(topics).to.deep.equal(['suggestion/new-location', 'suggestion/menu-idea', 'suggestion/other']);
    await page.select('select[name="topic"]', 'suggestion/menu-idea');
    expect(await page.$('input[name="visit_date"]')).to.equal(null);
    for (const [name, value] of [
      ['first_name', 'Ada'],
      ['last_name', 'Lovelace'],
      ['email', 'ada.browser@example.com'],
      ['phone', '207 555 0100'],
      ['address_line1', '1 Main St'],
      ['address_city', 'Portland'],
      ['address_state', 'ME'],
      ['address_zip', '04101'],
    ])
      await page.type(`input[name="${name}"]`, value!);
    await page.type('textarea[name="message"]', 'Lobster rolls on Mondays, please.');
    await solveCaptcha(page);
    const before = (await suite.app.db.selectFrom('form_submissions').select('id').execute()).length;
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'networkidle0' }),
      page.evaluate(() => {
        // A double click: the second click must not send again.
        const button = document.querySelector<HTMLButtonElement>('.guest-form button.button--primary')!;
        button.click();
        button.click();
      }),
    ]);
    expect(await page.$eval('.form-confirmation', (element) => element.textContent)).to.include('Thank you');
    expect((await suite.app.db.selectFrom('form_submissions').select('id').execute()).length).to.equal(before + 1);
    tab.assertClean();
    await page.close();
  });

  it('shows the error summary with focus, every field error prefixed "Error: ", and keeps the input', async () => {
    const tab = await open('/contact-us/');
    const { page } = tab;
    await page.type('input[name="first_name"]', 'Ada\u00a0');
    await page.type('input[name="email"]', 'not-an-address');
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'networkidle0' }),
      page.click('.guest-form button.button--primary'),
    ]);
    await waitForHydration(page);
    await page.waitForFunction(() => document.activeElement?.classList.contains('error-summary'), { timeout: 5000 });
    const errors = await page.$$eval('.form-field__error', (elements) =>
      elements.map((element) => element.textContent ?? ''),
    );
    expect(errors.length).to.be.greaterThan(5);
    expect(errors.every((text) => text.startsWith('Error: '))).to.equal(true);
    expect(await page.$eval('input[name="email"]', (input) => (input as HTMLInputElement).value)).to.equal(
      'not-an-address',
    );
    // The summary links lead to their fields.
    const href = await page.$eval('.error-summary a', (link) => link.getAttribute('href'));
    expect(href).to.match(/^#contact-/);
    tab.assertClean();
    await page.close();
  });

  it('shows errors without JavaScript too, and says why the form cannot be sent', async () => {
    const tab = await open('/contact-us/', VIEWPORTS[0], { javaScript: false });
    const { page } = tab;
    await page.select('select[name="question_category"]', 'question');
    await page.select('select[name="topic"]', 'question/gift-cards');
    await page.type('input[name="first_name"]', 'Grace');
    await Promise.all([page.waitForNavigation(), page.click('.guest-form button.button--primary')]);
    const text = await page.$eval('.error-summary', (element) => element.textContent ?? '');
    expect(text).to.include('needs JavaScript');
    expect(await page.$eval('.form-field--captcha', (element) => element.textContent ?? '')).to.include(
      'Please turn on JavaScript to send it.',
    );
    expect(await page.$eval('input[name="first_name"]', (input) => (input as HTMLInputElement).value)).to.equal(
      'Grace',
    );
    await page.close();
  });

  it('unsubscribes with the block: an invalid address shows its error under the field, a valid one the confirmation', async () => {
    const tab = await open('/unsubscribe/?utm_unsub=someone%40example.com&blid=42');
    const { page } = tab;
    expect(await page.$eval('input[name="Email"]', (input) => (input as HTMLInputElement).value)).to.equal(
      'someone@example.com',
    );
    await page.$eval('input[name="Email"]', (input) => ((input as HTMLInputElement).value = ''));
    await page.type('input[name="Email"]', 'nope');
    await page.click('.block-unsubscribe button');
    await page.waitForSelector('.block-unsubscribe .form-field__error');
    expect(await page.$eval('.block-unsubscribe .form-field__error', (element) => element.textContent)).to.equal(
      'Error: Enter a valid email address.',
    );
    await page.$eval('input[name="Email"]', (input) => ((input as HTMLInputElement).value = ''));
    await page.type('input[name="Email"]', 'someone@example.com');
    await page.click('.block-unsubscribe button');
    await page.waitForSelector('.block-unsubscribe__confirmation');
    expect(await page.$eval('.block-unsubscribe__confirmation', (element) => element.textContent)).to.include(
      'up to 5 days',
    );
    // The invalid answer is a 400 by design; everything else is clean.
    expect(tab.problems.filter((problem) => !problem.includes('/api/fcc/unsubscribe/'))).to.deep.equal([]);
    await page.close();
  });
});
