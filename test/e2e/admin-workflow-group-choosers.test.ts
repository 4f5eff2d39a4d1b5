import { expect } from 'chai';
import type { Page as PageRow } from '../../server/modules/pages/table';
import { createPage } from '../../server/modules/pages/service';
import { findGroupByName, insertGroup, listGroupPagePermissions } from '../../server/modules/permissions/groups-repo';
import { createTask, workflowPages, workflowTasks } from '../../server/modules/workflows/service';
import { TEST_ADMIN } from '../helpers/app';
import { axeViolations, WCAG_TAGS } from '../helpers/axe';
import { openTab } from '../helpers/browser';
import { useBrowserSuite } from '../helpers/browser-suite';
import { signInToAdmin } from '../helpers/admin-sign-in';
import { choosePage } from '../helpers/page-chooser';

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'narrow', width: 390, height: 844 },
];

/** The workflow form's ordered tasks (keyboard reordering) and the page chooser on the workflow and group forms. */
describe('workflow and group forms with the page chooser (Chromium)', function () {
  this.timeout(180_000);
  const suite = useBrowserSuite();
  const deepest = new Map<number, PageRow>();
  const taskIds: number[] = [];

  before(async () => {
    const db = suite.app.db;
    const home = await db
      .selectFrom('pages')
      .selectAll()
      .where('title', '=', 'Harborline Seafood')
      .executeTakeFirstOrThrow();
    const reviewers = await insertGroup(db, { name: 'E2E order reviewers', can_access_admin: true });
    for (const name of ['Copy', 'Legal', 'Brand', 'Chef']) {
      const task = await createTask(db, { name: `E2E ${name} step`, groups: [String(reviewers.id)] });
      taskIds.push(task.id);
    }
    // A page four levels below the home page for each width.
    for (const { width } of VIEWPORTS) {
      let parentId = home.id;
      let page: PageRow | undefined;
      for (let level = 1; level <= 4; level += 1) {
        page = await createPage(db, {
          parentId,
          pageType: 'ExamplePage',
          title: level === 4 ? `Chooser depth four ${width}` : `Chooser level ${level} ${width}`,
          slug: `chooser-${level}-${width}`,
          content: { body: [] },
          publish: true,
        });
        parentId = page.id;
      }
      deepest.set(width, page!);
    }
  });

  async function signIn(viewport: (typeof VIEWPORTS)[number]) {
    const context = await suite.chromium.browser.createBrowserContext();
    const tab = await openTab(context, viewport);
    // The injected axe script carries no nonce.
    await tab.page.setBypassCSP(true);
    await signInToAdmin(tab.page, suite.server.baseUrl, TEST_ADMIN, { next: '/wagtail/workflows/list/' });
    return { ...tab, context };
  }
  const chosenTasks = (page: import('puppeteer-core').Page) =>
    page.$$eval('select[name="tasks"]', (selects) => selects.map((s) => (s as HTMLSelectElement).value));

  for (const viewport of VIEWPORTS) {
    it(`builds a four-task workflow, reorders it by keyboard and chooses a deep page, axe clean at ${viewport.width} px`, async () => {
      const { page, context, assertClean } = await signIn(viewport);
      const [a, b, c, d] = taskIds.map(String) as [string, string, string, string];
      await page.goto(`${suite.server.baseUrl}/wagtail/workflows/add/`, { waitUntil: 'load' });
      await page.waitForSelector('.admin-workflow-editor');
      await page.type('#id_name', `Four steps ${viewport.width}`);
      await page.select('#id_tasks_0', a);
      for (const [index, value] of [b, c, d].entries()) {
        // Add another task by keyboard: focus moves to the new row's select.
        await page.focus('[data-add="task"]');
        await page.keyboard.press('Enter');
        await page.waitForFunction((id) => document.activeElement?.id === id, {}, `id_tasks_${index + 1}`);
        await page.select(`#id_tasks_${index + 1}`, value);
      }
      expect(await chosenTasks(page)).to.deep.equal([a, b, c, d]);
      expect(await axeViolations(page, { tags: WCAG_TAGS })).to.deep.equal([]);

      // Move the third task up by keyboard: focus stays on its Move up button, and it is announced.
      const up = await page.$$('.admin-workflow-editor [data-move$=":up"]');
      await up[2]!.focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        (value) => (document.querySelector('#id_tasks_1') as HTMLSelectElement).value === value,
        {},
        c,
      );
      expect(await chosenTasks(page)).to.deep.equal([a, c, b, d]);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-move') ?? '')).to.match(/:up$/);
      expect(await page.$eval('.admin-workflow-editor [role="status"]', (el) => el.textContent)).to.equal(
        "Moved 'E2E Brand step' to position 2 of 4.",
      );
      // Remove the last task: focus moves to Add another task.
      const removes = await page.$$('.admin-workflow-editor ol button.admin-button--danger');
      await removes[3]!.focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelectorAll('select[name="tasks"]').length === 3);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-add'))).to.equal('task');

      // The page chooser: open it, axe with the dialog open, choose the page four levels down.
      const target = deepest.get(viewport.width)!;
      await page.click('[data-add="page"] button');
      await page.waitForSelector('.admin-chooser__result button.admin-chooser__title', { timeout: 15_000 });
      expect(await axeViolations(page, { tags: WCAG_TAGS })).to.deep.equal([]);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('.admin-chooser'));
      await choosePage(page, '[data-add="page"] button', target.title);
      expect(await page.$eval('[data-page-row]', (el) => el.textContent)).to.include(target.title);

      await Promise.all([
        page.waitForNavigation({ waitUntil: 'load' }),
        page.click('.admin-actions button[type="submit"]'),
      ]);
      const workflow = await suite.app.db
        .selectFrom('workflows')
        .select('id')
        .where('name', '=', `Four steps ${viewport.width}`)
        .executeTakeFirstOrThrow();
      expect((await workflowTasks(suite.app.db, workflow.id)).map((task) => String(task.id))).to.deep.equal([a, c, b]);
      expect((await workflowPages(suite.app.db, workflow.id)).map((p) => p.id)).to.deep.equal([target.id]);

      // The group form: the page of a permission is chosen in the same dialog, axe clean while it is open.
      await page.goto(`${suite.server.baseUrl}/wagtail/groups/add/`, { waitUntil: 'load' });
      await page.waitForSelector('[data-field="new_page"] button');
      await page.type('#id_name', `Deep editors ${viewport.width}`);
      await page.click('[data-field="new_page"] button');
      await page.waitForSelector('.admin-chooser__result button.admin-chooser__title', { timeout: 15_000 });
      expect(await axeViolations(page, { tags: WCAG_TAGS })).to.deep.equal([]);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('.admin-chooser'));
      await choosePage(page, '[data-field="new_page"] button', target.title);
      expect(await page.$eval('#id_new_page-chosen', (el) => el.textContent)).to.include(target.title);
      await page.click('#id_new_permissions_1');
      await Promise.all([
        page.waitForNavigation({ waitUntil: 'load' }),
        page.click('.admin-actions button[type="submit"]'),
      ]);
      const group = (await findGroupByName(suite.app.db, `Deep editors ${viewport.width}`))!;
      expect(await listGroupPagePermissions(suite.app.db, group.id)).to.have.length(1);
      expect((await listGroupPagePermissions(suite.app.db, group.id))[0]).to.include({
        page_id: target.id,
        permission_type: 'change',
      });
      assertClean();
      await context.close();
    });
  }

  it('works without JavaScript: Add another task and Move up redisplay the form, Enter in the name saves', async () => {
    const { page, context, assertClean } = await signIn(VIEWPORTS[0]!);
    // Chromium honours autofocus only in a focused window: the tab a person works in. Without
    // this, the test failed when its suite ran on its own (its window not the focused one).
    await page.bringToFront();
    await page.setJavaScriptEnabled(false);
    const [a, b] = taskIds.map(String) as [string, string];
    const press = (selector: string) =>
      Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
    await page.goto(`${suite.server.baseUrl}/wagtail/workflows/add/`, { waitUntil: 'load' });
    await page.type('#id_name', 'Typed without scripts');
    await page.select('#id_tasks_0', a);
    await press('button[value="add-task"]');
    expect(await page.evaluate(() => document.activeElement?.id)).to.equal('id_tasks_1');
    await page.select('#id_tasks_1', b);
    await press('button[value="task-up:1"]');
    expect(await chosenTasks(page)).to.deep.equal([b, a]);
    expect(await page.$eval('[role="status"]', (el) => el.textContent)).to.include('position 1 of 2');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('value'))).to.equal('task-down:0');
    // axe needs scripts: turned on for this document only (already loaded without them).
    await page.setJavaScriptEnabled(true);
    expect(await axeViolations(page, { tags: WCAG_TAGS })).to.deep.equal([]);
    await page.setJavaScriptEnabled(false);
    // Enter in a text field presses the hidden Save button first in the form, not a row button.
    await page.focus('#id_name');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).pathname).to.equal('/wagtail/workflows/list/');
    const workflow = await suite.app.db
      .selectFrom('workflows')
      .select('id')
      .where('name', '=', 'Typed without scripts')
      .executeTakeFirstOrThrow();
    expect((await workflowTasks(suite.app.db, workflow.id)).map((task) => String(task.id))).to.deep.equal([b, a]);
    assertClean();
    await context.close();
  });
});
