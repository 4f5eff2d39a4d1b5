import { expect } from 'chai';
import { localNow } from '../../shared/locations/hours';
import { addDays } from '../../shared/waitlist/local-time';
import { axeViolations, WCAG_TAGS } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { solveCaptchaIn } from '../helpers/browser-captcha';
import { useBrowserSuite, waitForHydration } from '../helpers/browser-suite';
import { createTestLocation } from '../factories/location';

/** The Canada site's French guest pages hydrate cleanly, read in French and keep /fr/ from form to confirmation. */
describe('wait list and reservations in French in the browser', function () {
  this.timeout(120_000);
  const suite = useBrowserSuite();
  const montreal = () =>
    createTestLocation(suite.app.db, {
      country: 'CA',
      state: 'QC',
      state_name: 'Québec',
      city: 'Montréal',
      zip: 'H2X 1Y4',
      time_zone: 'America/Toronto',
      phone: '(514) 555-0100',
      latitude: 45.5,
      longitude: -73.57,
    });
  const open = async (path: string) => {
    const tab = await openTab(suite.chromium.browser);
    await tab.page.setBypassCSP(true);
    await tab.page.goto(`http://ca.localhost:${suite.server.port}${path}`, { waitUntil: 'networkidle0' });
    await waitForHydration(tab.page);
    return tab;
  };

  it('books a table on the French page and lands on its French manage page', async () => {
    const loc = await montreal();
    const date = addDays(localNow(new Date(), loc.time_zone).date, 1);
    const tab = await open(`/fr/reservations/new/?rlid=${loc.rlid}&date=${date}&partySize=2`);
    expect(await tab.page.$eval('html', (html) => html.lang)).to.equal('fr-CA');
    expect(await tab.page.$eval('h1', (h) => h.textContent)).to.equal('Réserver une table');
    expect(await axeViolations(tab.page, { tags: WCAG_TAGS })).to.deep.equal([]);
    await tab.page.click('input[name="time"][value="19:00"]');
    await tab.page.type('#book-name', 'Émilie Tremblay');
    await tab.page.type('#book-email', 'emilie@example.ca');
    await solveCaptchaIn(tab.page);
    await Promise.all([
      tab.page.waitForNavigation({ waitUntil: 'networkidle0' }),
      tab.page.click('.guest-form button.button--primary'),
    ]);
    expect(new URL(tab.page.url()).pathname).to.match(/^\/fr\/reservations\/[A-Za-z0-9_-]{32}\/$/);
    expect(await tab.page.$eval('h1', (h) => h.textContent)).to.equal('Votre table est réservée');
    expect(await tab.page.$eval('.entry-status__facts', (dl) => dl.textContent)).to.include('19 h 00');
    tab.assertClean();
    await tab.page.close();
  });

  it('joins the wait list on the French page and follows the place in line in French', async () => {
    const loc = await montreal();
    const tab = await open(`/fr/waitlist/join/?rlid=${loc.rlid}`);
    expect(await axeViolations(tab.page, { tags: WCAG_TAGS })).to.deep.equal([]);
    await tab.page.type('#join-name', 'Émilie');
    await tab.page.type('#join-phone', '514 555-0177');
    await solveCaptchaIn(tab.page);
    // The entry page keeps an event stream open: the network never goes idle.
    await Promise.all([
      tab.page.waitForNavigation({ waitUntil: 'load' }),
      tab.page.click('.guest-form button[type="submit"]'),
    ]);
    expect(new URL(tab.page.url()).pathname).to.match(/^\/fr\/waitlist\/[A-Za-z0-9_-]{32}\/$/);
    await tab.page.waitForFunction(() => document.documentElement.classList.contains('js-enabled'));
    expect(await tab.page.$eval('.entry-status__headline', (h) => h.textContent)).to.equal(
      "Vous êtes sur la liste d'attente",
    );
    tab.assertClean();
    await tab.page.close();
  });
});
