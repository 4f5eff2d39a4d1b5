import { expect } from 'chai';
import { createPage } from '../../server/modules/pages/service';
import { axeViolations } from '../helpers/axe';
import { TEST_ADMIN } from '../helpers/app';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';

describe('back office usage, delete warning and embeds in Chromium', () => {
  const suite = useBrowserSuite();

  it('warns before deleting a used page, lists where it is used, and shows the embeds, with no axe violations at 1280 and 390 px', async () => {
    const db = suite.app.db;
    const home = await db
      .selectFrom('pages')
      .selectAll()
      .where('page_type', '=', 'HomePage')
      .orderBy('path')
      .executeTakeFirstOrThrow();
    const target = await createPage(db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Used target',
      slug: 'e2e-used-target',
      content: { body: [], confirmation_content: [] },
      publish: true,
    });
    await createPage(db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Linking page',
      slug: 'e2e-linking',
      content: {
        body: [
          {
            type: 'rich_text',
            id: 'a',
            value: {
              html: `<p><a href="/e2e-used-target/" data-page-id="${target.id}">Target</a></p>`,
              alignment: 'left',
              container: 'full',
            },
          },
          {
            type: 'iframe',
            id: 'b',
            value: { title: 'Dock video', url: 'https://www.youtube-nocookie.com/embed/e2eDockVideo', height: 400 },
          },
        ],
        confirmation_content: [],
      },
      publish: true,
    });

    const tab = await openTab(suite.chromium.browser);
    const { page } = tab;
    await page.setBypassCSP(true);
    await page.goto(`${suite.server.baseUrl}/wagtail/pages/${target.id}/delete/`, { waitUntil: 'load' });
    await page.type('#id_username', TEST_ADMIN.username);
    await page.type('#id_password', TEST_ADMIN.password);
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).pathname).to.equal(`/wagtail/pages/${target.id}/delete/`);
    expect(await page.$eval('[role=alert]', (el) => el.textContent)).to.include('This page is used in 1 place');

    for (const width of [1280, 390]) {
      await page.setViewport({ width, height: 900 });
      expect(await axeViolations(page), `delete at ${width}`).to.deep.equal([]);
    }
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('[role=alert] a')]);
    expect(await page.$eval('h1', (h) => h.textContent)).to.equal('Usage of Used target');
    expect(await page.$eval('table', (el) => el.textContent)).to.include('Linking page');
    for (const width of [1280, 390]) {
      await page.setViewport({ width, height: 900 });
      expect(await axeViolations(page), `usage at ${width}`).to.deep.equal([]);
    }

    await page.goto(`${suite.server.baseUrl}/wagtail/embeds/`, { waitUntil: 'load' });
    expect(await page.$eval('table', (el) => el.textContent)).to.include('Dock video');
    for (const width of [1280, 390]) {
      await page.setViewport({ width, height: 900 });
      expect(await axeViolations(page), `embeds at ${width}`).to.deep.equal([]);
    }
    tab.assertClean();
    await page.close();
  });

  it('warns before deleting a used snippet (the block gallery includes the demo toolbox) and lists where it is used', async () => {
    const toolbox = await suite.app.db
      .selectFrom('snippet_toolboxes')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const tab = await openTab(suite.chromium.browser);
    const { page } = tab;
    await page.setBypassCSP(true);
    await page.goto(`${suite.server.baseUrl}/wagtail/snippets/core/toolbox/delete/${toolbox.id}/`, {
      waitUntil: 'load',
    });
    if (new URL(page.url()).pathname === '/wagtail/login/') {
      await page.type('#id_username', TEST_ADMIN.username);
      await page.type('#id_password', TEST_ADMIN.password);
      await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);
    }
    expect(new URL(page.url()).pathname).to.equal(`/wagtail/snippets/core/toolbox/delete/${toolbox.id}/`);
    expect(await page.$eval('main', (el) => el.textContent)).to.match(/This toolbox is used in \d+ place/);
    for (const width of [1280, 390]) {
      await page.setViewport({ width, height: 900 });
      expect(await axeViolations(page), `snippet delete at ${width}`).to.deep.equal([]);
    }
    await page.goto(`${suite.server.baseUrl}/wagtail/snippets/core/toolbox/usage/${toolbox.id}/`, {
      waitUntil: 'load',
    });
    expect(await page.$eval('main', (el) => el.textContent)).to.include('Block Gallery');
    tab.assertClean();
    await page.close();
  });
});
