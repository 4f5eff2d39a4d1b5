import { expect } from 'chai';
import type { Page as Tab } from 'puppeteer-core';
import { createPage } from '../../server/modules/pages/service';
import { axeViolations } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';
import { openSignedIn, submitAndWait } from '../helpers/admin-sign-in';

const PHONE = { width: 390, height: 844 };

describe('back office error summary in Chromium at 390 px', () => {
  const suite = useBrowserSuite();

  /** The summary has the focus, then each link moves it to its field; no axe violation. */
  const checkSummary = async (page: Tab, fieldIds: string[]) => {
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-error-summary'))).to.equal(true);
    const links = await page.$$eval('[data-error-summary] a[data-error-link]', (as) =>
      as.map((a) => a.getAttribute('href')),
    );
    expect(links).to.include.members(fieldIds.map((id) => `#${id}`));
    for (const id of fieldIds) {
      await page.click(`[data-error-summary] a[href="#${id}"]`);
      expect(await page.evaluate(() => document.activeElement?.id)).to.equal(id);
      expect(await page.$eval(`#${id}`, (el) => el.getAttribute('aria-invalid'))).to.equal('true');
    }
    expect(await axeViolations(page)).to.deep.equal([]);
  };

  it('the user add form and the page privacy form: summary, links to the fields, axe 0', async () => {
    const tab = await openTab(suite.chromium.browser, PHONE);
    const { page } = tab;
    await page.setBypassCSP(true);
    await openSignedIn(page, `${suite.server.baseUrl}/wagtail/users/add/`);
    await page.type('#id_email', 'not-an-address');
    await submitAndWait(page, 'form.admin-form button[type="submit"]');
    await checkSummary(page, ['id_username', 'id_email']);

    const home = await suite.app.db
      .selectFrom('pages')
      .selectAll()
      .where('title', '=', 'Harborline Seafood')
      .where('depth', '=', 2)
      .executeTakeFirstOrThrow();
    const target = await createPage(suite.app.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Error summary privacy',
      content: { body: [], confirmation_content: [] },
      publish: true,
    });
    await page.goto(`${suite.server.baseUrl}/wagtail/pages/${target.id}/privacy/`, { waitUntil: 'load' });
    await page.click('input[name="restriction_type"][value="password"]');
    await submitAndWait(page, 'form.admin-form button[type="submit"]');
    await checkSummary(page, ['id_password']);
    tab.assertClean();
    await page.close();
  });
});
