import { expect } from 'chai';
import { axeViolations, WCAG_TAGS } from '../helpers/axe';
import { signedInAgent, csrfTokenIn } from '../helpers/admin';
import { openTab } from '../helpers/browser';
import { solveCaptchaIn } from '../helpers/browser-captcha';
import { useBrowserSuite, waitForHydration } from '../helpers/browser-suite';
import { createTestLocation } from '../factories/location';

/**
 * The guest side in a browser: join from the map page with the keyboard, the panel's focus and
 * accessibility, the guest page following the host's action live, booking and cancelling.
 */
describe('wait list and reservations in the browser', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite({ env: { TRUST_PROXY: '1' } });
  /** A tab that lets axe's injected script run (no CSP nonce on it). */
  const open = async (path: string, hydrate = true) => {
    const tab = await openTab(suite.chromium.browser);
    await tab.page.setBypassCSP(true);
    await tab.page.goto(`${suite.server.baseUrl}${path}`, { waitUntil: 'networkidle0' });
    if (hydrate) await waitForHydration(tab.page);
    return tab;
  };

  it('joins from the map page by keyboard, and the guest page updates when the host seats the party', async () => {
    const loc = await createTestLocation(suite.app.db, {
      is_reservations_enabled: false,
      latitude: 28.5401,
      longitude: -81.3801,
    });
    const tab = await open('/locations/map/?q=Orlando%2C%20FL');
    const link = await tab.page.waitForSelector(
      `[data-guest-action="waitlist"][href="/waitlist/join/?rlid=${loc.rlid}"]`,
    );
    await link!.focus();
    await tab.page.keyboard.press('Enter');
    await tab.page.waitForSelector('.guest-panel [role="dialog"] form');
    expect(await axeViolations(tab.page, { tags: WCAG_TAGS })).to.deep.equal([]);
    // Escape closes the panel and focus goes back to the link that opened it.
    await tab.page.keyboard.press('Escape');
    await tab.page.waitForFunction(() => !document.querySelector('.guest-panel'));
    expect(await tab.page.evaluate(() => document.activeElement?.getAttribute('data-guest-action'))).to.equal(
      'waitlist',
    );

    await tab.page.keyboard.press('Enter');
    await tab.page.waitForSelector('.guest-panel [role="dialog"] form');
    await tab.page.focus('#panel-join-name');
    await tab.page.keyboard.type('Keyboard Guest');
    await tab.page.keyboard.press('Tab');
    await tab.page.keyboard.type('(407) 257-8001');
    // Without the captcha's answer the panel says so, keeps the input, and stores nothing.
    await tab.page.keyboard.press('Enter');
    await tab.page.waitForSelector('.guest-panel .form-field--captcha.form-field--error');
    expect(await tab.page.$eval('.guest-panel .guest-form__summary', (el) => el.textContent)).to.include(
      'Please confirm you are not a robot',
    );
    expect(await tab.page.$eval('#panel-join-name', (input) => (input as HTMLInputElement).value)).to.equal(
      'Keyboard Guest',
    );
    // That refusal was the server's 400, on purpose: the one problem the tab may show.
    const refused = tab.problems.findIndex((problem) => /^sub-resource 400: .*\/api\/waitlist\/$/.test(problem));
    expect(refused, tab.problems.join('\n')).to.be.at.least(0);
    tab.problems.splice(refused, 1);
    expect(
      await suite.app.db.selectFrom('waitlist_entries').select('id').where('rlid', '=', loc.rlid).execute(),
    ).to.have.length(0);
    // The box by keyboard, then Enter in a field sends the form.
    await tab.page.waitForSelector('.guest-panel altcha-widget input[type="checkbox"]', { visible: true });
    await tab.page.focus('.guest-panel altcha-widget input[type="checkbox"]');
    await tab.page.keyboard.press('Space');
    await tab.page.waitForFunction(
      () =>
        (document.querySelector<HTMLInputElement>('.guest-panel altcha-widget input[name="captcha"]')?.value ?? '')
          .length > 20,
      { timeout: 30_000 },
    );
    await tab.page.focus('#panel-join-name');
    await tab.page.keyboard.press('Enter');
    const follow = await tab.page.waitForSelector('.guest-panel__done a');
    const href = await follow!.evaluate((a) => a.getAttribute('href'));
    expect(href).to.match(/^\/waitlist\/[A-Za-z0-9_-]{32}\/$/);
    // The page keeps an event stream open: the network never goes idle.
    await tab.page.goto(`${suite.server.baseUrl}${href}`, { waitUntil: 'load' });
    await tab.page.waitForFunction(() => document.documentElement.classList.contains('js-enabled'));
    expect(await tab.page.$eval('.entry-status__headline', (h) => h.textContent)).to.equal('You are on the wait list');
    expect(await axeViolations(tab.page, { tags: WCAG_TAGS })).to.deep.equal([]);

    // The host seats the party from the host stand (a second, signed-in client).
    const host = await signedInAgent(suite.app.app);
    const stand = await host.get(`/wagtail/waitlist/${loc.rlid}/`).expect(200);
    const entry = await suite.app.db
      .selectFrom('waitlist_entries')
      .select('id')
      .where('rlid', '=', loc.rlid)
      .executeTakeFirstOrThrow();
    await host
      .post(`/wagtail/waitlist/${loc.rlid}/entries/${entry.id}/`)
      .type('form')
      .send({ csrfmiddlewaretoken: csrfTokenIn(stand.text), action: 'seat' })
      .expect(303);
    await tab.page.waitForFunction(
      () => document.querySelector('.entry-status__headline')?.textContent === 'You have been seated. Enjoy your meal!',
      { timeout: 2000 },
    );
    tab.assertClean();
    await tab.page.close();
  });

  it('books a table in the panel and cancels it on its page', async () => {
    const loc = await createTestLocation(suite.app.db, { latitude: 28.5402, longitude: -81.3802 });
    const tab = await open('/locations/map/?q=Orlando%2C%20FL');
    const link = await tab.page.waitForSelector(
      `[data-guest-action="reservation"][href="/reservations/new/?rlid=${loc.rlid}"]`,
    );
    await link!.click();
    await tab.page.waitForSelector('.guest-panel input[name="time"]');
    expect(await axeViolations(tab.page, { tags: WCAG_TAGS })).to.deep.equal([]);
    await tab.page.click('.guest-panel input[name="time"]');
    await tab.page.type('#panel-book-name', 'Panel Booker');
    await tab.page.type('#panel-book-email', 'booker@example.com');
    await solveCaptchaIn(tab.page, '.guest-panel');
    await tab.page.click('.guest-panel button[type="submit"]:not([disabled])');
    const manage = await tab.page.waitForSelector('.guest-panel__done a');
    const href = await manage!.evaluate((a) => a.getAttribute('href'));
    await tab.page.goto(`${suite.server.baseUrl}${href}`, { waitUntil: 'networkidle0' });
    expect(await tab.page.$eval('h1', (h) => h.textContent)).to.equal('Your table is booked');
    await Promise.all([tab.page.waitForNavigation(), tab.page.click('.guest-page__cancel button')]);
    expect(await tab.page.$eval('h1', (h) => h.textContent)).to.equal('This reservation is cancelled');
    tab.assertClean();
    await tab.page.close();
  });

  it('has no accessibility violations on the host stand', async () => {
    const loc = await createTestLocation(suite.app.db, { latitude: 28.5403, longitude: -81.3803 });
    const tab = await open('/wagtail/login/', false);
    await tab.page.type('input[name="username"]', 'admin');
    await tab.page.type('input[name="password"]', 'test-admin-password');
    await Promise.all([tab.page.waitForNavigation(), tab.page.keyboard.press('Enter')]);
    await tab.page.goto(`${suite.server.baseUrl}/wagtail/waitlist/${loc.rlid}/`, { waitUntil: 'domcontentloaded' });
    expect(await axeViolations(tab.page, { tags: WCAG_TAGS })).to.deep.equal([]);
    await tab.page.close();
  });
});
