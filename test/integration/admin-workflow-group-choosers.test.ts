import { expect } from 'chai';
import { findGroupByName, insertGroup, replaceUserGroups } from '../../server/modules/permissions/groups-repo';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { workflowPages, workflowTasks } from '../../server/modules/workflows/service';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

type Agent = Awaited<ReturnType<typeof signedInAgent>>;

const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
/** The first error shown for a field, read from the rendered form. */
const fieldError = (html: string, name: string) => new RegExp(`id="id_${name}-error">([^<]*)<`).exec(decode(html))?.[1];
/** The task rows as the form shows them: each select's chosen value, in order ('' for none). */
const taskRows = (html: string) =>
  [...html.matchAll(/<select id="id_tasks_\d+" name="tasks"[^>]*>([\s\S]*?)<\/select>/g)].map(
    (match) => /<option value="(\d*)" selected="">/.exec(match[1]!)?.[1] ?? '',
  );
const pageRows = (html: string) =>
  [...html.matchAll(/<input type="hidden" name="pages" value="(\d+)"/g)].map((m) => m[1]);
const MEMBER = { username: 'deep-editor', password: 'deep-editor-password' };

describe('back office: workflow tasks in order and pages and group permissions chosen anywhere in the tree', () => {
  let t: TestApp;
  let home: Page;
  let admin: Agent;
  let deep: Page[];
  const tasks: number[] = [];

  useTestApp({}, (suite) => ({ t, home } = suite));
  before(async function () {
    this.timeout(120_000);
    admin = await signedInAgent(t.app);
    // Four levels below the home page: Deep 1 (depth 3) … Deep 4 (depth 6).
    deep = [];
    let parentId = home.id;
    for (let level = 1; level <= 4; level += 1) {
      const page = await createPage(t.db, {
        parentId,
        pageType: 'ExamplePage',
        title: `Deep ${level}`,
        slug: `deep-${level}`,
        content: { body: [] },
        publish: true,
      });
      deep.push(page);
      parentId = page.id;
    }
    const reviewers = await insertGroup(t.db, { name: 'Order reviewers', can_access_admin: true });
    for (const name of ['Copy', 'Legal', 'Brand', 'Chef']) {
      await post(admin, '/wagtail/workflows/tasks/add/', { name: `${name} step`, groups: [String(reviewers.id)] }, 303);
      const row = await t.db
        .selectFrom('workflow_tasks')
        .select('id')
        .where('name', '=', `${name} step`)
        .executeTakeFirstOrThrow();
      tasks.push(row.id);
    }
  });

  async function post(agent: Agent, url: string, body: Record<string, string | string[]>, status: number) {
    const token = csrfTokenIn((await agent.get('/wagtail/account/').expect(200)).text);
    return agent
      .post(url)
      .type('form')
      .send({ csrfmiddlewaretoken: token, ...body })
      .expect(status);
  }
  const workflowId = async (name: string) =>
    (await t.db.selectFrom('workflows').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const savedTasks = async (id: number) => (await workflowTasks(t.db, id)).map((task) => task.id);

  it('saves four ordered tasks, reorders them and removes one; the pages are any depth', async () => {
    const [a, b, c, d] = tasks.map(String) as [string, string, string, string];
    await post(
      admin,
      '/wagtail/workflows/add/',
      { name: 'Four steps', tasks: [a, b, c, d], pages: [String(deep[3]!.id)] },
      303,
    );
    const id = await workflowId('Four steps');
    expect(await savedTasks(id)).to.deep.equal(tasks);
    expect((await workflowPages(t.db, id)).map((page) => page.id)).to.deep.equal([deep[3]!.id]);

    // The edit form lists the tasks in order and names the deep page with its place in the tree.
    const form = decode((await admin.get(`/wagtail/workflows/edit/${id}/`).expect(200)).text);
    expect(taskRows(form)).to.deep.equal([a, b, c, d]);
    expect(form).to.include('Deep 4').and.to.include('in Harborline Seafood › Deep 1 › Deep 2 › Deep 3');

    const version = /name="version" value="(\d+)"/.exec(form)?.[1] ?? '';
    await post(
      admin,
      `/wagtail/workflows/edit/${id}/`,
      { name: 'Four steps', tasks: [c, a, d, b], pages: [String(deep[3]!.id)], version },
      303,
    );
    expect(await savedTasks(id)).to.deep.equal([c, a, d, b].map(Number));
    const again = (await admin.get(`/wagtail/workflows/edit/${id}/`).expect(200)).text;
    const next = /name="version" value="(\d+)"/.exec(again)?.[1] ?? '';
    // A task removed (its row gone) and a page added by its number, typed without JavaScript.
    await post(
      admin,
      `/wagtail/workflows/edit/${id}/`,
      {
        name: 'Four steps',
        tasks: [c, d, b],
        pages: [String(deep[3]!.id)],
        new_page: String(deep[1]!.id),
        version: next,
      },
      303,
    );
    expect(await savedTasks(id)).to.deep.equal([c, d, b].map(Number));
    expect((await workflowPages(t.db, id)).map((page) => page.id)).to.have.members([deep[1]!.id, deep[3]!.id]);
  });

  it('adds, moves and removes task rows and pages without JavaScript, saving nothing until Save', async () => {
    const [a, b, c] = tasks.map(String) as [string, string, string];
    const before = await t.db.selectFrom('workflows').select('id').execute();
    const body = { name: 'Draft order', tasks: [a, b, c], pages: [String(deep[0]!.id)], new_page: '' };

    const moved = (await post(admin, '/wagtail/workflows/add/', { ...body, form_action: 'task-up:2' }, 200)).text;
    expect(taskRows(moved)).to.deep.equal([a, c, b]);
    expect(decode(moved)).to.include("Moved 'Brand step' to position 2 of 3");
    // Focus lands on the moved row's Move up button.
    expect(moved).to.match(/value="task-up:1" autofocus=""/);
    expect(decode(moved)).to.include('value="Draft order"');

    const added = (await post(admin, '/wagtail/workflows/add/', { ...body, form_action: 'add-task' }, 200)).text;
    expect(taskRows(added)).to.deep.equal([a, b, c, '']);
    const removed = (await post(admin, '/wagtail/workflows/add/', { ...body, form_action: 'task-remove:0' }, 200)).text;
    expect(taskRows(removed)).to.deep.equal([b, c]);

    const pageAdded = (
      await post(
        admin,
        '/wagtail/workflows/add/',
        { ...body, new_page: String(deep[2]!.id), form_action: 'page-add' },
        200,
      )
    ).text;
    expect(pageRows(pageAdded)).to.deep.equal([String(deep[0]!.id), String(deep[2]!.id)]);
    const pageRemoved = (
      await post(admin, '/wagtail/workflows/add/', { ...body, form_action: `page-remove:${deep[0]!.id}` }, 200)
    ).text;
    expect(pageRows(pageRemoved)).to.deep.equal([]);
    expect(await t.db.selectFrom('workflows').select('id').execute()).to.have.length(before.length);
  });

  it('refuses an unknown task or page with a message on the field, keeping what was typed', async () => {
    const [a] = tasks.map(String) as [string];
    const unknownTask = (
      await post(admin, '/wagtail/workflows/add/', { name: 'Ghost task', tasks: [a, '999999'] }, 400)
    ).text;
    expect(fieldError(unknownTask, 'tasks')).to.equal(
      'Task 2 is not one of the available tasks (it may have been deleted). Choose another task for it.',
    );
    expect(decode(unknownTask)).to.include('value="Ghost task"').and.not.to.include('999999 is');
    expect(taskRows(unknownTask)).to.deep.equal([a, '']);

    const unknownPage = (
      await post(admin, '/wagtail/workflows/add/', { name: 'Ghost page', tasks: [a], pages: ['999999'] }, 400)
    ).text;
    expect(fieldError(unknownPage, 'pages')).to.match(/^A page on the list no longer exists/);
    const typed = (
      await post(admin, '/wagtail/workflows/add/', { name: 'Typed page', tasks: [a], new_page: '999999' }, 400)
    ).text;
    expect(fieldError(typed, 'new_page')).to.equal(
      'No page has that number (it may have been deleted). Choose another.',
    );
    expect(typed).to.match(/name="new_page"[^>]*value="999999"/);
    const junk = (
      await post(
        admin,
        '/wagtail/workflows/add/',
        { ...{ name: 'Junk', tasks: [a] }, new_page: 'menu', form_action: 'page-add' },
        200,
      )
    ).text;
    expect(fieldError(junk, 'new_page')).to.match(/^Type the number from the page’s edit address/);
    expect(
      await t.db
        .selectFrom('workflows')
        .select('id')
        .where('name', 'in', ['Ghost task', 'Ghost page', 'Typed page'])
        .execute(),
    ).to.deep.equal([]);
  });

  it('grants a group permission on a page four levels down: its member edits that page and not its parent', async () => {
    const target = deep[3]!;
    const refused = (
      await post(
        admin,
        '/wagtail/groups/add/',
        { name: 'Deep editors', can_access_admin: 'on', new_page: 'deep', new_permissions: 'change' },
        400,
      )
    ).text;
    expect(fieldError(refused, 'new_page')).to.match(/^Choose a page with the chooser/);
    expect(refused).to.match(/name="new_page"[^>]*value="deep"/);
    const missing = (
      await post(
        admin,
        '/wagtail/groups/add/',
        { name: 'Deep editors', can_access_admin: 'on', new_page: '999999', new_permissions: 'change' },
        400,
      )
    ).text;
    expect(fieldError(missing, 'new_page')).to.equal(
      'That page does not exist (it may have been deleted). Choose a page with the chooser.',
    );

    await post(
      admin,
      '/wagtail/groups/add/',
      { name: 'Deep editors', can_access_admin: 'on', new_page: String(target.id), new_permissions: ['add', 'change'] },
      303,
    );
    const group = (await findGroupByName(t.db, 'Deep editors'))!;
    const form = decode((await admin.get(`/wagtail/groups/${group.id}/`).expect(200)).text);
    expect(form).to.include(`name="pages" value="${target.id}"`).and.to.include('Deep 4');

    const user = await insertUser(t.db, {
      username: MEMBER.username,
      email: 'deep-editor@example.com',
      password_hash: await hashPassword(MEMBER.password),
      is_superuser: false,
      first_name: 'Dee',
      last_name: 'Per',
    });
    await replaceUserGroups(t.db, user.id, [group.id]);
    const member = await signedInAgent(t.app, MEMBER);
    await member.get(`/wagtail/pages/${target.id}/edit/`).expect(200);
    await member.get(`/wagtail/pages/${deep[2]!.id}/edit/`).expect(403);
  });
});
