import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import request from 'supertest';
import { findChromeFor } from '../../server/modules/snippets/service';
import { TEST_ADMIN } from '../helpers/app';
import { signInToAdmin } from '../helpers/admin-sign-in';
import { axeViolations, WCAG_TAGS } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';

async function submit(page: Page, selector: string) {
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
}

async function noViolations(page: Page, screen: string) {
  for (const width of [1440, 390]) {
    await page.setViewport({ width, height: 900 });
    expect(await axeViolations(page, { tags: WCAG_TAGS }), `${screen} at ${width}px`).to.deep.equal([]);
  }
  await page.setViewport({ width: 1280, height: 900 });
}

describe('translating a header menu in Chromium', () => {
  const suite = useBrowserSuite();

  it('goes from the English menu to its French translation side by side and publishes it', async () => {
    const { db } = suite.app;
    const canada = await db
      .selectFrom('sites')
      .select('id')
      .where('hostname', 'like', 'ca.%')
      .executeTakeFirstOrThrow();
    const en = (await findChromeFor('snippet_navigation')(db, canada.id, 'en-CA'))!;
    const tab = await openTab(suite.chromium.browser);
    const { page } = tab;
    await page.setBypassCSP(true); // axe is injected as a script
    await signInToAdmin(page, suite.server.baseUrl, TEST_ADMIN);
    await page.goto(`${suite.server.baseUrl}/wagtail/snippets/core/tierednavigation/edit/${en.id}/`, {
      waitUntil: 'load',
    });
    // The structured menu editor mounts after load and moves the link: it is followed as an element.
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'load' }),
      page.$eval(`a[href="/wagtail/localize/submit/snippet/core/tierednavigation/${en.id}/"]`, (a) =>
        (a as HTMLElement).click(),
      ),
    ]);
    await noViolations(page, 'translate');
    // The one language open to translation (the existing French menu) comes ticked.
    const ticked = await page.$$eval('input[name="locales"]:checked', (inputs) =>
      inputs.map((i) => i.closest('div')!.textContent),
    );
    expect(ticked).to.have.length(1);
    expect(ticked[0]).to.contain('fr-CA');
    await submit(page, 'button[type="submit"].admin-button--primary');
    expect(page.url()).to.match(/\/wagtail\/localize\/snippet-translations\/\d+\/edit\/$/);
    await noViolations(page, 'editor');

    const box = 'textarea[name="segment:sections.0.links.0.display_name"]';
    await page.$eval(box, (el) => ((el as HTMLTextAreaElement).value = ''));
    await page.type(box, 'Tout le menu du port');
    await submit(page, 'button[value="publish"]');
    expect(await page.$eval(box, (el) => (el as HTMLTextAreaElement).value)).to.equal('Tout le menu du port');
    const html = (await request(suite.app.app).get('/fr/').set('Host', 'ca.localhost').expect(200)).text;
    expect(html).to.contain('Tout le menu du port');
    tab.assertClean();
  });
});
