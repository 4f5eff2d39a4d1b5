import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import { findPageById, findRevision } from '../../server/modules/pages/repo';
import { createPage } from '../../server/modules/pages/service';
import { ensureSuperuser } from '../../server/modules/users/service';
import { TEST_ADMIN } from '../helpers/app';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';
import { signInToAdmin } from '../helpers/admin-sign-in';

const OTHER = { username: 'dock-editor', password: 'dock-editor-password' };

/** Shortens the editor's ping interval (and sets the autosave delay) before its script reads them. */
async function fastEditor(page: Page, pingMs: number, autosaveMs: number) {
  await page.evaluateOnNewDocument(
    (ping, delay) => {
      // 'interactive' comes after parsing and before module scripts run.
      document.addEventListener('readystatechange', () => {
        const mount = document.getElementById('editing-sessions');
        if (mount) Object.assign(mount.dataset, { pingInterval: ping, autosaveDelay: delay });
      });
    },
    String(pingMs),
    String(autosaveMs),
  );
}

const signIn = (page: Page, baseUrl: string, who: { username: string; password: string }) =>
  signInToAdmin(page, baseUrl, who);

const others = (page: Page) => page.$eval('[data-testid="editing-sessions-others"]', (el) => el.textContent ?? '');
const waitForText = (page: Page, selector: string, text: string, timeout = 10_000) =>
  // Polling by timer: a tab in the background gets no animation frames.
  page.waitForFunction(
    (s, t) => document.querySelector(s)?.textContent?.includes(t),
    { timeout, polling: 200 },
    selector,
    text,
  );

describe('back office editing sessions in Chromium (two users on one page)', () => {
  const suite = useBrowserSuite();

  it('shows each editor the other, their unsaved changes and autosaved version, and asks before saving over it', async () => {
    const t = suite.app;
    await ensureSuperuser(t.db, OTHER.username, OTHER.password);
    await t.db
      .updateTable('users')
      .set({ first_name: 'Dora', last_name: 'Dock' })
      .where('username', '=', OTHER.username)
      .execute();
    const home = await t.db
      .selectFrom('pages')
      .select('id')
      .where('page_type', '=', 'HomePage')
      .orderBy('path')
      .executeTakeFirstOrThrow();
    const target = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Oyster bar',
      slug: 'oyster-bar',
      content: { body: [], confirmation_content: [] },
      publish: true,
    });
    const editUrl = `${suite.server.baseUrl}/wagtail/pages/${target.id}/edit/`;

    // Two isolated browser contexts: two people, two cookie jars.
    const alice = await openTab(await suite.chromium.browser.createBrowserContext());
    const dora = await openTab(await suite.chromium.browser.createBrowserContext());
    // Pings every 0.5 s instead of 10 s; Alice's autosave waits long enough for Dora to see her typing.
    await fastEditor(alice.page, 500, 3000);
    await fastEditor(dora.page, 500, 3000);
    await signIn(alice.page, suite.server.baseUrl, TEST_ADMIN);
    await signIn(dora.page, suite.server.baseUrl, OTHER);
    await alice.page.goto(editUrl, { waitUntil: 'load' });
    await dora.page.goto(editUrl, { waitUntil: 'load' });

    await waitForText(alice.page, '[data-testid="editing-sessions-others"]', 'Dora Dock: Currently viewing');
    await waitForText(dora.page, '[data-testid="editing-sessions-others"]', 'Site Administrator: Currently viewing');

    // Alice types: Dora sees unsaved changes, then the autosaved version.
    await alice.page.focus('#id_title');
    await alice.page.keyboard.press('End');
    await alice.page.keyboard.type(' and grill');
    await waitForText(
      dora.page,
      '[data-testid="editing-sessions-others"]',
      'Site Administrator has unsaved changes',
      3000,
    );
    await waitForText(alice.page, '[data-testid="autosave-status"]', 'Draft saved at');
    const autosaved = (await findPageById(t.db, target.id))!;
    expect((await findRevision(t.db, autosaved.latest_revision_id!))!.content.title).to.equal('Oyster bar and grill');
    expect(autosaved.title).to.equal('Oyster bar'); // a draft: the live page is unchanged
    expect(await alice.page.$eval('input[name="base_revision_id"]', (el) => (el as HTMLInputElement).value)).to.equal(
      String(autosaved.latest_revision_id),
    );
    await waitForText(dora.page, '[data-testid="editing-sessions-others"]', 'Site Administrator saved a new version');
    expect(await others(dora.page)).to.not.include('has unsaved changes');

    // Dora saves: she is asked first. Cancel keeps her on the page with nothing saved.
    await dora.page.click('.admin-actions button[type="submit"]:not([name])');
    await dora.page.waitForSelector('[data-testid="overwrite-dialog"]');
    expect(await dora.page.$eval('[data-testid="overwrite-dialog"]', (el) => el.textContent)).to.include(
      'Site Administrator saved a newer version',
    );
    expect(
      await dora.page.evaluate(() => document.activeElement?.closest('[data-testid="overwrite-dialog"]') !== null),
    ).to.equal(true);
    await dora.page.keyboard.press('Escape');
    await dora.page.waitForSelector('[data-testid="overwrite-dialog"]', { hidden: true });
    expect((await findPageById(t.db, target.id))!.latest_revision_id).to.equal(autosaved.latest_revision_id);

    // Asked again; 'Continue and overwrite' saves her version as the newest draft.
    await dora.page.click('.admin-actions button[type="submit"]:not([name])');
    await dora.page.waitForSelector('[data-testid="overwrite-dialog"]');
    const [overwrite] = await dora.page.$$('xpath/.//button[normalize-space()="Continue and overwrite"]');
    await Promise.all([dora.page.waitForNavigation({ waitUntil: 'load' }), overwrite!.click()]);
    expect(await dora.page.$eval('.admin-message', (el) => el.textContent)).to.include('has been updated');
    const overwritten = (await findPageById(t.db, target.id))!;
    expect(overwritten.latest_revision_id).to.be.greaterThan(autosaved.latest_revision_id!);
    expect((await findRevision(t.db, overwritten.latest_revision_id!))!.content.title).to.equal('Oyster bar');

    alice.assertClean();
    dora.assertClean();
    await alice.page.browserContext().close();
    await dora.page.browserContext().close();
  });

  it('keeps the input when the session expires mid-edit, and saves it after signing in again (in another tab, or after reopening)', async () => {
    const t = suite.app;
    const home = await t.db
      .selectFrom('pages')
      .select('id')
      .where('page_type', '=', 'HomePage')
      .orderBy('path')
      .executeTakeFirstOrThrow();
    const target = await createPage(t.db, {
      parentId: home.id,
      pageType: 'ExamplePage',
      title: 'Crab shack',
      slug: 'crab-shack',
      content: { body: [], confirmation_content: [] },
      publish: true,
    });
    const editUrl = `${suite.server.baseUrl}/wagtail/pages/${target.id}/edit/`;
    const context = await suite.chromium.browser.createBrowserContext();
    const first = await openTab(context);
    await fastEditor(first.page, 500, 500);
    await signIn(first.page, suite.server.baseUrl, TEST_ADMIN);
    await first.page.goto(editUrl, { waitUntil: 'load' });
    await first.page.waitForSelector('[data-testid="autosave-status"]');
    const expireSessions = () =>
      t.db
        .updateTable('sessions')
        .set('expires_at', new Date(Date.now() - 60_000))
        .execute();
    const typeTitle = async (page: Page, text: string) => {
      await page.focus('#id_title');
      await page.keyboard.press('End');
      await page.keyboard.type(text);
    };

    // Signed out meanwhile: the typed text stays, and the user is asked to sign in elsewhere.
    await expireSessions();
    await typeTitle(first.page, ' deluxe');
    await waitForText(
      first.page,
      '[data-testid="autosave-status"]',
      'Your session has expired. Log in again in another tab; your changes are kept here.',
    );
    expect(
      await first.page.$eval('[data-testid="autosave-status"] a', (a) => [
        a.getAttribute('href'),
        a.getAttribute('target'),
      ]),
    ).to.deep.equal([`/wagtail/login/?next=${encodeURIComponent(`/wagtail/pages/${target.id}/edit/`)}`, '_blank']);
    expect(await first.page.$eval('#id_title', (el) => (el as HTMLInputElement).value)).to.equal('Crab shack deluxe');
    // Saving by hand now would fail: it is held back with the same message.
    await first.page.click('.admin-actions button[type="submit"]:not([name])');
    expect(first.page.url()).to.equal(editUrl);

    // Signing in again in another tab: the first tab notices, takes the new token and saves.
    const second = await openTab(context);
    await signIn(second.page, suite.server.baseUrl, TEST_ADMIN);
    await waitForText(first.page, '[data-testid="autosave-status"]', 'Draft saved at');
    const saved = (await findPageById(t.db, target.id))!;
    expect((await findRevision(t.db, saved.latest_revision_id!))!.content.title).to.equal('Crab shack deluxe');
    expect(
      await first.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('harborline:edit:'))),
    ).to.deep.equal([]);

    // Expired again, and this time the tab is closed: the copy kept in the browser comes back on reopening.
    await expireSessions();
    await typeTitle(first.page, ' and bar');
    await waitForText(first.page, '[data-testid="autosave-status"]', 'Your session has expired.');
    // The refusals that told the editor the session had ended are expected; nothing else is.
    const expected = /sub-resource (401|403): .*\/wagtail\/(editing-sessions\/|pages\/\d+\/edit\/autosave\/)/;
    first.problems.splice(0, first.problems.length, ...first.problems.filter((problem) => !expected.test(problem)));
    first.assertClean();
    await first.page.close();
    // The closed tab's copy counts as abandoned once its heartbeat is older than three pings of
    // the tab that would restore it (500 ms each, below).
    await second.page.waitForFunction(
      (staleMs) => {
        const copies = Object.keys(localStorage).filter((key) => key.startsWith('harborline:edit:'));
        return (
          copies.length > 0 &&
          copies.every(
            (key) =>
              Date.now() - (JSON.parse(localStorage.getItem(key)!) as { heartbeat: number }).heartbeat >= staleMs,
          )
        );
      },
      { polling: 100, timeout: 10_000 },
      3 * 500,
    );
    await signIn(second.page, suite.server.baseUrl, TEST_ADMIN);
    await fastEditor(second.page, 500, 500);
    await second.page.goto(editUrl, { waitUntil: 'load' });
    await waitForText(second.page, '[data-testid="autosave-status"]', 'were restored');
    expect(await second.page.$eval('#id_title', (el) => (el as HTMLInputElement).value)).to.equal(
      'Crab shack deluxe and bar',
    );
    await waitForText(second.page, '[data-testid="autosave-status"]', 'Draft saved at');
    const restored = (await findPageById(t.db, target.id))!;
    expect((await findRevision(t.db, restored.latest_revision_id!))!.content.title).to.equal(
      'Crab shack deluxe and bar',
    );
    second.assertClean();
    await context.close();
  });
});
