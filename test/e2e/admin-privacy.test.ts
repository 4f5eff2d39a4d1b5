import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import { createPage } from '../../server/modules/pages/service';
import { TEST_ADMIN } from '../helpers/app';
import { axeViolations } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';

async function submit(page: Page, selector: string) {
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
}

describe('page privacy in Chromium', () => {
  const suite = useBrowserSuite();

  it('a staff user sets a shared password in the admin; a visitor is asked for it and sees the page after the right one', async () => {
    const home = await suite.app.db
      .selectFrom('pages')
      .selectAll()
      .where('page_type', '=', 'HomePage')
      .orderBy('path')
      .executeTakeFirstOrThrow();
    const secret = await createPage(suite.app.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Lobster club',
      slug: 'lobster-club',
      content: { body: [{ type: 'heading', id: 'h1', value: { text: 'Members-only lobster night', level: 'h2' } }] },
      publish: true,
    });

    // Staff: sign in, open the editor, follow its Privacy link and choose a shared password.
    const staff = await openTab(await suite.chromium.browser.createBrowserContext());
    await staff.page.setBypassCSP(true);
    await staff.page.goto(`${suite.server.baseUrl}/wagtail/pages/${secret.id}/edit/`, { waitUntil: 'load' });
    await staff.page.type('#id_username', TEST_ADMIN.username);
    await staff.page.type('#id_password', TEST_ADMIN.password);
    await Promise.all([staff.page.waitForNavigation({ waitUntil: 'load' }), staff.page.keyboard.press('Enter')]);
    await submit(staff.page, `a[href="/wagtail/pages/${secret.id}/privacy/"]`);
    expect(await axeViolations(staff.page)).to.deep.equal([]);

    // Choosing a shared password without one is refused, with the choice kept.
    await staff.page.click('input[name="restriction_type"][value="password"]');
    await submit(staff.page, '.admin-form button[type="submit"]');
    expect(await staff.page.$eval('#id_password-error', (el) => el.textContent)).to.equal('This field is required.');
    expect(
      await staff.page.$eval(
        'input[name="restriction_type"][value="password"]',
        (el) => (el as HTMLInputElement).checked,
      ),
    ).to.equal(true);
    expect(await axeViolations(staff.page)).to.deep.equal([]);
    await staff.page.type('#id_password', 'claws-and-butter');
    await submit(staff.page, '.admin-form button[type="submit"]');
    expect(new URL(staff.page.url()).pathname).to.equal(`/wagtail/pages/${secret.id}/edit/`);
    expect(await staff.page.$eval('[role="status"]', (el) => el.textContent)).to.include('is now private');
    expect(await staff.page.$$eval('.admin-status--private', (tags) => tags.length)).to.be.greaterThan(0);
    staff.assertClean();

    // A visitor in a separate browser context (no staff cookie) opens the page.
    const visitor = await openTab(await suite.chromium.browser.createBrowserContext());
    await visitor.page.setBypassCSP(true);
    await visitor.page.goto(`${suite.server.baseUrl}/lobster-club/`, { waitUntil: 'load' });
    expect(await visitor.page.$eval('h1', (el) => el.textContent)).to.equal('Password required');
    expect(await visitor.page.content()).not.to.include('Members-only lobster night');
    expect(await axeViolations(visitor.page)).to.deep.equal([]);

    await visitor.page.type('#id_password', 'lobster-bisque');
    await submit(visitor.page, 'form button[type="submit"]');
    expect(await visitor.page.$eval('[role="alert"]', (el) => el.textContent)).to.equal(
      'The password you have entered is not correct. Please try again.',
    );
    expect(await visitor.page.$eval('#id_password', (el) => el.getAttribute('aria-describedby'))).to.equal(
      'id_password-error',
    );
    expect(await axeViolations(visitor.page)).to.deep.equal([]);

    await visitor.page.type('#id_password', 'claws-and-butter');
    await submit(visitor.page, 'form button[type="submit"]');
    expect(new URL(visitor.page.url()).pathname).to.equal('/lobster-club/');
    await visitor.page.waitForSelector('h2');
    expect(await visitor.page.$eval('main', (el) => el.textContent)).to.include('Members-only lobster night');
    visitor.assertClean();
  });
});
