import { expect } from 'chai';
import { axeViolations } from '../helpers/axe';
import { findGroupByName } from '../../server/modules/permissions/groups-repo';
import { TEST_ADMIN } from '../helpers/app';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';

describe('back office settings screens in Chromium', () => {
  const suite = useBrowserSuite();

  it('shows the users list and the group edit screen (also with errors) with no axe violations, usable by keyboard', async () => {
    const tab = await openTab(suite.chromium.browser);
    const { page } = tab;
    await page.setBypassCSP(true);
    await page.goto(`${suite.server.baseUrl}/wagtail/users/`, { waitUntil: 'load' });
    await page.type('#id_username', TEST_ADMIN.username);
    await page.type('#id_password', TEST_ADMIN.password);
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).pathname).to.equal('/wagtail/users/');
    expect(await page.$eval('h1', (h) => h.textContent)).to.equal('Users');
    expect(await axeViolations(page)).to.deep.equal([]);

    const moderators = (await findGroupByName(suite.app.db, 'Moderators'))!;
    await page.goto(`${suite.server.baseUrl}/wagtail/groups/${moderators.id}/`, { waitUntil: 'load' });
    expect(await page.$eval('h1', (h) => h.textContent)).to.equal('Editing Moderators');
    expect(await axeViolations(page)).to.deep.equal([]);

    // Empty the name and tick a permission without a page: both errors show, the form is kept.
    await page.$eval('#id_name', (input) => ((input as HTMLInputElement).value = ''));
    await page.click('#id_new_permissions_0');
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'load' }),
      page.click('form.admin-form button[type=submit]'),
    ]);
    expect(await page.$eval('[role=alert]', (el) => el.textContent)).to.include('could not be saved');
    expect(await page.$eval('#id_name-error', (el) => el.textContent)).to.equal('This field is required.');
    expect(await page.$eval('#id_new_page-error', (el) => el.textContent)).to.equal(
      'Choose the page these permissions apply to.',
    );
    expect(await page.$eval('#id_new_permissions_0', (el) => (el as HTMLInputElement).checked)).to.equal(true);
    expect(await axeViolations(page)).to.deep.equal([]);
    tab.assertClean();
    await page.close();
  });
});
