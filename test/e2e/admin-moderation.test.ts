import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import * as moderationRepo from '../../server/modules/moderation/repo';
import {
  findGroupByName,
  insertGroup,
  replaceGroupPagePermissions,
  replaceUserGroups,
} from '../../server/modules/permissions/groups-repo';
import { createPage } from '../../server/modules/pages/service';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { axeViolations } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';
import { chooseEditAction, editActionLabels } from '../helpers/edit-screen';
import { signInToAdmin } from '../helpers/admin-sign-in';

const EDITOR = { username: 'e2e-editor', password: 'e2e-editor-password' };
const MODERATOR = { username: 'e2e-moderator', password: 'e2e-moderator-password' };

const signIn = (page: Page, baseUrl: string, who: { username: string; password: string }) =>
  signInToAdmin(page, baseUrl, who);

describe('back office moderation in Chromium', () => {
  const suite = useBrowserSuite();

  it('an editor submits a page; the moderator approves it from the dashboard, which passes axe with every panel shown', async () => {
    const db = suite.app.db;
    const baseUrl = suite.server.baseUrl;
    const us = await db
      .selectFrom('pages')
      .selectAll()
      .where('title', '=', 'Harborline Seafood')
      .executeTakeFirstOrThrow();
    const section = await createPage(db, {
      parentId: us.id,
      pageType: 'ExamplePage',
      title: 'Specials',
      slug: 'weekly-specials',
      content: { body: [] },
      publish: true,
    });
    const dish = await createPage(db, {
      parentId: section.id,
      pageType: 'ExamplePage',
      title: 'Oyster bar',
      slug: 'oyster-bar',
      content: { body: [] },
      publish: true,
    });
    const editors = await insertGroup(db, { name: 'E2E editors', can_access_admin: true });
    await replaceGroupPagePermissions(db, editors.id, [
      { page_id: section.id, permission_type: 'add' },
      { page_id: section.id, permission_type: 'change' },
    ]);
    const editor = await insertUser(db, {
      username: EDITOR.username,
      email: 'e2e-ed@example.com',
      password_hash: await hashPassword(EDITOR.password),
      is_superuser: false,
      first_name: 'Edna',
      last_name: 'Editor',
    });
    await replaceUserGroups(db, editor.id, [editors.id]);
    const moderator = await insertUser(db, {
      username: MODERATOR.username,
      email: 'e2e-mo@example.com',
      password_hash: await hashPassword(MODERATOR.password),
      is_superuser: false,
    });
    await replaceUserGroups(db, moderator.id, [(await findGroupByName(db, 'Moderators'))!.id]);

    // The editor (own browser context, own cookies) edits and submits for moderation.
    const context = await suite.chromium.browser.createBrowserContext();
    const editorTab = await context.newPage();
    await signIn(editorTab, baseUrl, EDITOR);
    await editorTab.goto(`${baseUrl}/wagtail/pages/${dish.id}/edit/`, { waitUntil: 'load' });
    expect(await editorTab.$('button[name="action-publish"]'), 'no Publish for an editor').to.equal(null);
    expect(await editActionLabels(editorTab))
      .to.include('Submit for moderation')
      .and.not.include('Publish');
    await editorTab.click('#id_title', { count: 3 });
    await editorTab.type('#id_title', 'Oyster bar, now open late');
    await chooseEditAction(editorTab, 'Submit for moderation');
    expect(await editorTab.$eval('[role="status"]', (el) => el.textContent)).to.include(
      'has been submitted for moderation',
    );
    expect(await editorTab.$eval('.admin-status', (el) => el.textContent)).to.equal('live + in moderation');
    expect(await editorTab.$eval('[data-testid="moderation-banner"]', (el) => el.textContent)).to.include(
      'Submitted for moderation by you',
    );
    await context.close();
    // Not live yet.
    expect(await fetch(`${baseUrl}/weekly-specials/oyster-bar/`).then((res) => res.text())).not.to.include(
      'now open late',
    );

    // The moderator's own submission and lock, so every dashboard panel has something in it.
    const own = await createPage(db, {
      parentId: section.id,
      pageType: 'ExamplePage',
      title: 'Lobster roll',
      slug: 'lobster-roll',
      content: { body: [] },
      publish: false,
      userId: moderator.id,
    });
    await moderationRepo.insertState(db, {
      page_id: own.id,
      revision_id: own.latest_revision_id!,
      requested_by_id: moderator.id,
      workflow_id: (
        await db
          .selectFrom('workflows')
          .select('id')
          .where('name', '=', 'Moderators approval')
          .executeTakeFirstOrThrow()
      ).id,
    });
    await db
      .updateTable('pages')
      .set({ locked: true, locked_by_id: moderator.id, locked_at: new Date() })
      .where('id', '=', own.id)
      .execute();

    const tab = await openTab(suite.chromium.browser);
    const { page } = tab;
    // axe is injected without the CSP nonce.
    await page.setBypassCSP(true);
    await signIn(page, baseUrl, MODERATOR);
    expect(new URL(page.url()).pathname).to.equal('/wagtail/');
    const headings = await page.$$eval('main h2', (els) => els.map((el) => el.textContent));
    expect(headings).to.include.members([
      'Awaiting your review',
      'Your pages in moderation',
      'Your locked pages',
      'Your drafts',
      'Your most recent edits',
      'Your pages',
    ]);
    const reviewRow = await page.$eval('[data-testid="awaiting-review"]', (el) => el.textContent ?? '');
    expect(reviewRow).to.include('Oyster bar, now open late').and.to.include('Edna Editor');
    expect(await axeViolations(page)).to.deep.equal([]);
    // The editor's banner with the review actions, and the request-changes form, pass too.
    await page.goto(`${baseUrl}/wagtail/pages/${dish.id}/edit/`, { waitUntil: 'load' });
    expect(await page.$eval('[data-testid="moderation-banner"]', (el) => el.textContent)).to.include(
      'Submitted for moderation by Edna Editor',
    );
    expect(await axeViolations(page)).to.deep.equal([]);
    await page.goto(`${baseUrl}/wagtail/pages/${dish.id}/workflow/request_changes/?next=/wagtail/`, {
      waitUntil: 'load',
    });
    expect(await axeViolations(page)).to.deep.equal([]);
    await page.goto(`${baseUrl}/wagtail/`, { waitUntil: 'load' });

    // Approve by keyboard from the dashboard; back on the dashboard with the outcome.
    await page.focus(`form[action="/wagtail/pages/${dish.id}/workflow/approve/"] button`);
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).pathname).to.equal('/wagtail/');
    expect(await page.$eval('[role="status"]', (el) => el.textContent)).to.include(
      "'Oyster bar, now open late' has been approved and published",
    );
    expect(await page.$(`form[action="/wagtail/pages/${dish.id}/workflow/approve/"]`)).to.equal(null);
    expect(await fetch(`${baseUrl}/weekly-specials/oyster-bar/`).then((res) => res.text())).to.include('now open late');
    tab.assertClean();
  });
});
