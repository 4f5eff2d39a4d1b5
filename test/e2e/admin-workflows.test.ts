import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import { chooseEditAction } from '../helpers/edit-screen';
import {
  insertGroup,
  replaceGroupPagePermissions,
  replaceUserGroups,
} from '../../server/modules/permissions/groups-repo';
import { createPage } from '../../server/modules/pages/service';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { TEST_ADMIN } from '../helpers/app';
import { axeViolations } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';
import { signInToAdmin } from '../helpers/admin-sign-in';
import { choosePage } from '../helpers/page-chooser';

const EDITOR = { username: 'e2e-wf-editor', password: 'e2e-wf-editor-password' };
const FIRST = { username: 'e2e-wf-first', password: 'e2e-wf-first-password' };
const SECOND = { username: 'e2e-wf-second', password: 'e2e-wf-second-password' };

const signIn = (page: Page, baseUrl: string, who: { username: string; password: string }) =>
  signInToAdmin(page, baseUrl, who);

const submitAndWait = (page: Page, selector: string) =>
  Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);

/** axe at the desktop and the phone width (the screens must pass both). */
async function axeAtBothWidths(page: Page, url: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewport({ width, height: 900 });
    await page.goto(url, { waitUntil: 'load' });
    expect(await axeViolations(page), `${url} at ${width}px`).to.deep.equal([]);
  }
  await page.setViewport({ width: 1280, height: 900 });
}

describe('back office workflows in Chromium', () => {
  const suite = useBrowserSuite();

  it('builds a two-task workflow on its screens (axe at 1280 and 390 px), takes a page through it with two reviewers, and sends another back with a comment', async function () {
    this.timeout(120_000); // five screens checked by axe at two widths, then three signed-in users
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
      title: 'E2E Catering',
      slug: 'e2e-catering',
      content: { body: [] },
      publish: true,
    });
    const platter = await createPage(db, {
      parentId: section.id,
      pageType: 'ExamplePage',
      title: 'Platters',
      slug: 'platters',
      content: { body: [] },
      publish: true,
    });
    const boxes = await createPage(db, {
      parentId: section.id,
      pageType: 'ExamplePage',
      title: 'Boxed lunches',
      slug: 'boxed-lunches',
      content: { body: [] },
      publish: true,
    });
    const editors = await insertGroup(db, { name: 'E2E catering editors', can_access_admin: true });
    await replaceGroupPagePermissions(db, editors.id, [{ page_id: section.id, permission_type: 'change' }]);
    const firstGroup = await insertGroup(db, { name: 'E2E copy desk', can_access_admin: true });
    const secondGroup = await insertGroup(db, { name: 'E2E brand desk', can_access_admin: true });
    for (const [who, group, first] of [
      [EDITOR, editors, 'Edna'],
      [FIRST, firstGroup, 'Cora'],
      [SECOND, secondGroup, 'Bram'],
    ] as const) {
      const user = await insertUser(db, {
        username: who.username,
        email: `${who.username}@example.com`,
        password_hash: await hashPassword(who.password),
        is_superuser: false,
        first_name: first,
        last_name: 'Tester',
      });
      await replaceUserGroups(db, user.id, [group.id]);
    }

    // The superuser builds the workflow on its screens, by keyboard-reachable plain forms.
    const tab = await openTab(suite.chromium.browser);
    const { page } = tab;
    await page.setBypassCSP(true);
    await signIn(page, baseUrl, TEST_ADMIN);
    for (const [name, group] of [
      ['Copy desk review', firstGroup.id],
      ['Brand desk review', secondGroup.id],
    ] as const) {
      await page.goto(`${baseUrl}/wagtail/workflows/tasks/add/`, { waitUntil: 'load' });
      await page.type('#id_name', name);
      await page.click(`input[name="groups"][value="${group}"]`);
      await submitAndWait(page, 'form.admin-form button[type="submit"]');
      expect(await page.$eval('[role="status"]', (el) => el.textContent)).to.include(`Task '${name}' created.`);
    }
    const taskIds = await db
      .selectFrom('workflow_tasks')
      .select(['id', 'name'])
      .where('name', 'in', ['Copy desk review', 'Brand desk review'])
      .execute();
    const idOf = (name: string) => String(taskIds.find((task) => task.name === name)!.id);
    await page.goto(`${baseUrl}/wagtail/workflows/add/`, { waitUntil: 'load' });
    // An empty workflow is refused with the message beside the tasks.
    await page.type('#id_name', 'Catering sign-off');
    await submitAndWait(page, '.admin-actions button[type="submit"]');
    expect(await page.$eval('.admin-field--error', (el) => el.textContent)).to.include(
      'A workflow needs at least one task.',
    );
    await page.waitForSelector('.admin-workflow-editor');
    expect(await axeViolations(page)).to.deep.equal([]);
    await page.select('#id_tasks_0', idOf('Copy desk review'));
    await page.click('[data-add="task"]');
    await page.waitForSelector('#id_tasks_1');
    await page.select('#id_tasks_1', idOf('Brand desk review'));
    await choosePage(page, '[data-add="page"] button', 'E2E Catering');
    await submitAndWait(page, '.admin-actions button[type="submit"]');
    expect(await page.$eval('main', (el) => el.textContent))
      .to.include('Catering sign-off')
      .and.to.include('Copy desk review → Brand desk review');
    const workflow = await db
      .selectFrom('workflows')
      .select('id')
      .where('name', '=', 'Catering sign-off')
      .executeTakeFirstOrThrow();
    for (const url of [
      '/wagtail/workflows/list/',
      '/wagtail/workflows/tasks/index/',
      '/wagtail/workflows/tasks/add/',
      `/wagtail/workflows/edit/${workflow.id}/`,
      `/wagtail/workflows/tasks/edit/${idOf('Copy desk review')}/`,
    ]) {
      await axeAtBothWidths(page, `${baseUrl}${url}`);
    }
    tab.assertClean();

    // The editor submits both pages.
    const editorContext = await suite.chromium.browser.createBrowserContext();
    const editorTab = await editorContext.newPage();
    // A question on leaving (unsaved edits) would stall the next navigation until its timeout: record
    // it and leave, so the test names it instead of timing out.
    const dialogs: string[] = [];
    editorTab.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()} on ${editorTab.url()}`);
      void dialog.accept();
    });
    await editorTab.setBypassCSP(true);
    await signIn(editorTab, baseUrl, EDITOR);
    for (const [target, title] of [
      [platter, 'Platters for twelve'],
      [boxes, 'Boxed lunches to go'],
    ] as const) {
      // The form is what matters here, not every subresource (the preview frame, the editing-session stream).
      await editorTab.goto(`${baseUrl}/wagtail/pages/${target.id}/edit/`, { waitUntil: 'domcontentloaded' });
      await editorTab.waitForSelector('[data-action-menu-trigger]');
      await editorTab.click('#id_title', { count: 3 });
      await editorTab.type('#id_title', title);
      await chooseEditAction(editorTab, 'Submit for moderation');
    }
    expect(dialogs, 'no question on leaving an edit screen after its action was submitted').to.deep.equal([]);
    const steps = await editorTab.$eval('[data-testid="workflow-steps"]', (el) => el.textContent ?? '');
    expect(steps).to.include('Copy desk review: in progress').and.to.include('Brand desk review: not started');
    expect(await axeViolations(editorTab)).to.deep.equal([]);

    // The first reviewer approves one page and sends the other back with a comment.
    const firstContext = await suite.chromium.browser.createBrowserContext();
    const firstTab = await firstContext.newPage();
    await firstTab.setBypassCSP(true);
    await signIn(firstTab, baseUrl, FIRST);
    await submitAndWait(firstTab, `form[action="/wagtail/pages/${platter.id}/workflow/approve/"] button`);
    expect(await firstTab.$eval('[role="status"]', (el) => el.textContent)).to.include(
      "moved on to 'Brand desk review'",
    );
    await firstTab.goto(`${baseUrl}/wagtail/pages/${boxes.id}/workflow/request_changes/?next=/wagtail/`, {
      waitUntil: 'load',
    });
    expect(await axeViolations(firstTab)).to.deep.equal([]);
    await firstTab.type('#id_comment', 'Say which boxes are gluten free.');
    await submitAndWait(firstTab, 'form.admin-form button[type="submit"]');
    expect(await firstTab.$eval('[role="status"]', (el) => el.textContent)).to.include(
      "Changes have been requested on page 'Boxed lunches'",
    );

    // The second reviewer approves and publishes the first page.
    const secondContext = await suite.chromium.browser.createBrowserContext();
    const secondTab = await secondContext.newPage();
    await signIn(secondTab, baseUrl, SECOND);
    expect(await secondTab.$eval('[data-testid="awaiting-review"]', (el) => el.textContent))
      .to.include('Platters for twelve')
      .and.to.include('Approve and publish');
    await submitAndWait(secondTab, `form[action="/wagtail/pages/${platter.id}/workflow/approve/"] button`);
    expect(await secondTab.$eval('[role="status"]', (el) => el.textContent)).to.include(
      "'Platters for twelve' has been approved and published",
    );
    expect(await fetch(`${baseUrl}/e2e-catering/platters/`).then((res) => res.text())).to.include(
      'Platters for twelve',
    );

    // The editor finds the comment on the page sent back.
    await editorTab.goto(`${baseUrl}/wagtail/pages/${boxes.id}/edit/`, { waitUntil: 'load' });
    expect(await editorTab.$eval('[data-testid="changes-requested"]', (el) => el.textContent))
      .to.include('Say which boxes are gluten free.')
      .and.to.include("at the task 'Copy desk review'");
    await Promise.all([editorContext.close(), firstContext.close(), secondContext.close()]);
  });
});
