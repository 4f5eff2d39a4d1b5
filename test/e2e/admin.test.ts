import { expect } from 'chai';
import { axeViolations } from '../helpers/axe';
import { TEST_ADMIN } from '../helpers/app';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';

describe('back office in Chromium', () => {
  const suite = useBrowserSuite();

  it('signs in, returns to the explorer it came from and opens the editor, with no axe violations on any', async () => {
    const tab = await openTab(suite.chromium.browser);
    const { page } = tab;
    await page.setBypassCSP(true);
    await page.goto(`${suite.server.baseUrl}/wagtail/pages/`, { waitUntil: 'load' });
    expect(new URL(page.url()).pathname).to.equal('/wagtail/login/');
    expect(await axeViolations(page)).to.deep.equal([]);

    await page.type('#id_username', TEST_ADMIN.username);
    await page.type('#id_password', TEST_ADMIN.password);
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).pathname).to.equal('/wagtail/pages/');
    expect(await page.$eval('h1', (h) => h.textContent)).to.equal('Root');

    const home = await page.$$eval('a.admin-table__children', (links) => links.map((a) => a.getAttribute('href')));
    expect(home.length).to.be.greaterThan(0);
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('a.admin-table__children')]);
    expect(await page.$eval('h1', (h) => h.textContent)).to.equal('Harborline Seafood');
    expect(await page.$$eval('.admin-status', (tags) => tags.map((tag) => tag.textContent))).to.include('live');
    expect(await axeViolations(page)).to.deep.equal([]);

    const firstTitle = await page.$eval('a.admin-table__title', (a) => a.textContent);
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('a.admin-table__title')]);
    expect(new URL(page.url()).pathname).to.match(/^\/wagtail\/pages\/\d+\/edit\/$/);
    expect(await page.$eval('#id_title', (input) => (input as HTMLInputElement).value)).to.equal(firstTitle);
    expect(await axeViolations(page)).to.deep.equal([]);
    tab.assertClean();
    await page.close();
  });

  it('reflows to a 320 px wide screen without scrolling sideways (WCAG 1.4.10)', async () => {
    const tab = await openTab(suite.chromium.browser, { width: 320, height: 800 });
    const { page } = tab;
    await (await page.createCDPSession()).send('Network.clearBrowserCookies');
    await page.goto(`${suite.server.baseUrl}/wagtail/login/`, { waitUntil: 'load' });
    await page.type('#id_username', TEST_ADMIN.username);
    await page.type('#id_password', TEST_ADMIN.password);
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);
    const home = await suite.app.db
      .selectFrom('pages')
      .select('id')
      .where('page_type', '=', 'HomePage')
      .orderBy('path')
      .executeTakeFirstOrThrow();
    const story = await suite.app.db
      .selectFrom('pages')
      .select('id')
      .where('slug', '=', 'about')
      .executeTakeFirstOrThrow();
    for (const path of [
      '/wagtail/',
      `/wagtail/pages/${home.id}/`,
      `/wagtail/pages/${home.id}/?ordering=ord`,
      `/wagtail/pages/${story.id}/edit/`,
      `/wagtail/pages/${story.id}/privacy/`,
    ]) {
      await page.goto(`${suite.server.baseUrl}${path}`, { waitUntil: 'networkidle0' });
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(widths[0], `${path} is ${widths[0]} px wide`).to.be.at.most(widths[1]!);
    }
    tab.assertClean();
    await page.close();
  });

  it('shows the login error without axe violations', async () => {
    const tab = await openTab(suite.chromium.browser);
    const { page } = tab;
    await page.setBypassCSP(true);
    // The browser is shared: sign out whoever the other test signed in.
    await (await page.createCDPSession()).send('Network.clearBrowserCookies');
    await page.goto(`${suite.server.baseUrl}/wagtail/login/`, { waitUntil: 'load' });
    await page.type('#id_username', 'someone');
    await page.type('#id_password', 'wrong-password');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('button[type=submit]')]);
    expect(await page.$eval('[role=alert]', (el) => el.textContent)).to.include("didn't match");
    expect(await axeViolations(page)).to.deep.equal([]);
    tab.assertClean();
    await page.close();
  });
});
