import { expect } from 'chai';
import {
  findGroupByName,
  insertGroup,
  replaceGroupPagePermissions,
  replaceUserGroups,
} from '../../server/modules/permissions/groups-repo';
import * as moderationRepo from '../../server/modules/moderation/repo';
import { findPageById } from '../../server/modules/pages/repo';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

type Agent = Awaited<ReturnType<typeof signedInAgent>>;

const text = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
const USERS = {
  editor: { username: 'wf-editor', password: 'wf-editor-password', email: 'wf-editor@example.com' },
  copy: { username: 'wf-copy', password: 'wf-copy-password', email: 'wf-copy@example.com' },
  legal: { username: 'wf-legal', password: 'wf-legal-password', email: 'wf-legal@example.com' },
};

describe('back office: configurable workflows and tasks', () => {
  let t: TestApp;
  let us: Page;
  let section: Page;
  let admin: Agent;
  let editor: Agent;
  let copy: Agent;
  let legal: Agent;
  let copyGroupId: number;
  let legalGroupId: number;
  let n = 0;

  useTestApp({}, (suite) => ({ t, home: us } = suite));
  before(async function () {
    this.timeout(180_000);
    section = await createPage(t.db, {
      parentId: us.id,
      pageType: 'ExamplePage',
      title: 'Two-step section',
      content: { body: [] },
      publish: true,
    });
    const editors = await insertGroup(t.db, { name: 'Workflow test editors', can_access_admin: true });
    await replaceGroupPagePermissions(t.db, editors.id, [
      { page_id: section.id, permission_type: 'add' },
      { page_id: section.id, permission_type: 'change' },
    ]);
    // Reviewers need no page permission: the task's groups are the permission.
    copyGroupId = (await insertGroup(t.db, { name: 'Copy editors', can_access_admin: true })).id;
    legalGroupId = (await insertGroup(t.db, { name: 'Legal', can_access_admin: true })).id;
    for (const [key, groupId] of [
      ['editor', editors.id],
      ['copy', copyGroupId],
      ['legal', legalGroupId],
    ] as const) {
      const user = await insertUser(t.db, {
        username: USERS[key].username,
        email: USERS[key].email,
        password_hash: await hashPassword(USERS[key].password),
        is_superuser: false,
        first_name: key,
        last_name: 'Tester',
      });
      await replaceUserGroups(t.db, user.id, [groupId]);
    }
    admin = await signedInAgent(t.app);
    editor = await signedInAgent(t.app, USERS.editor);
    copy = await signedInAgent(t.app, USERS.copy);
    legal = await signedInAgent(t.app, USERS.legal);
  });

  const tokenOf = async (agent: Agent) => csrfTokenIn((await agent.get('/wagtail/account/').expect(200)).text);
  const postForm = async (agent: Agent, url: string, body: Record<string, string | string[]>, status: number) =>
    agent
      .post(url)
      .type('form')
      .send({ csrfmiddlewaretoken: await tokenOf(agent), ...body })
      .expect(status);
  const taskId = async (name: string) =>
    (await t.db.selectFrom('workflow_tasks').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
  const leaf = () =>
    createPage(t.db, {
      parentId: section.id,
      pageType: 'ExamplePage',
      title: `Two-step page ${++n}`,
      slug: `two-step-${n}`,
      content: { body: [] },
      publish: true,
    });
  const mailsTo = async (address: string) =>
    (await t.db.selectFrom('jobs').select('payload').where('kind', '=', 'workflow.notify').orderBy('id').execute())
      .map((job) => job.payload as { to: string[]; subject: string; text: string })
      .filter((mail) => mail.to.includes(address));

  async function submit(agent: Agent, page: Page, title: string, button: 'action-submit' | null = 'action-submit') {
    const form = await agent.get(`/wagtail/pages/${page.id}/edit/`).expect(200);
    const base = /name="base_revision_id" value="(\d*)"/.exec(form.text)?.[1] ?? '';
    const body: Record<string, string> = {
      csrfmiddlewaretoken: csrfTokenIn(form.text),
      title,
      slug: page.slug,
      seo_title: '',
      search_description: '',
      base_revision_id: base,
    };
    if (button) body[button] = button;
    return agent.post(`/wagtail/pages/${page.id}/edit/`).type('form').send(body).expect(303);
  }

  const current = async (pageId: number) => {
    const state = (await moderationRepo.findInProgress(t.db, pageId))!;
    const taskState = (await moderationRepo.findTaskState(t.db, state.current_task_state_id!))!;
    return { state, taskState };
  };
  const act = async (
    agent: Agent,
    pageId: number,
    action: 'approve' | 'request_changes',
    target: Awaited<ReturnType<typeof current>>,
    comment?: string,
    status = 303,
  ) =>
    postForm(
      agent,
      `/wagtail/pages/${pageId}/workflow/${action}/`,
      {
        workflow_state_id: String(target.state.id),
        revision_id: String(target.state.revision_id),
        task_state_id: String(target.taskState.id),
        ...(comment !== undefined ? { comment } : {}),
      },
      status,
    );

  it('seeds the built-in moderation as a stored workflow of the root page, with its Moderators task', async () => {
    const list = text((await admin.get('/wagtail/workflows/list/').expect(200)).text);
    expect(list).to.include('Moderators approval');
    const tasks = text((await admin.get('/wagtail/workflows/tasks/index/').expect(200)).text);
    expect(tasks).to.include('Moderators approval').and.to.include('Moderators');
    const root = await t.db.selectFrom('pages').select('id').where('depth', '=', 1).executeTakeFirstOrThrow();
    const assigned = await t.db
      .selectFrom('workflow_pages')
      .innerJoin('workflows', 'workflows.id', 'workflow_pages.workflow_id')
      .select('workflows.name')
      .where('page_id', '=', root.id)
      .executeTakeFirst();
    expect(assigned?.name).to.equal('Moderators approval');
  });

  it('refuses bad task forms with the input kept: no name, no group, an unknown group', async () => {
    const empty = text((await postForm(admin, '/wagtail/workflows/tasks/add/', { name: '  ' }, 400)).text);
    expect(empty).to.include('This field is required.').and.to.include('Choose at least one group');
    const unknown = text(
      (await postForm(admin, '/wagtail/workflows/tasks/add/', { name: 'Ghost check', groups: ['999999'] }, 400)).text,
    );
    expect(unknown)
      .to.include('A chosen group no longer exists (it may have been deleted). Tick the groups again.')
      .and.to.include('value="Ghost check"')
      .and.not.to.include('999999');
    const junk = text(
      (await postForm(admin, '/wagtail/workflows/tasks/add/', { name: 'Junk check', groups: ['abc'] }, 400)).text,
    );
    expect(junk).to.include('A chosen group no longer exists');
    expect(
      await t.db.selectFrom('workflow_tasks').select('id').where('name', 'in', ['Ghost check', 'Junk check']).execute(),
    ).to.deep.equal([]);
  });

  it('creates two tasks and a two-task workflow assigned to a section; refuses an empty workflow and a disabled task', async () => {
    await postForm(admin, '/wagtail/workflows/tasks/add/', { name: 'Copy check', groups: [String(copyGroupId)] }, 303);
    await postForm(
      admin,
      '/wagtail/workflows/tasks/add/',
      { name: 'Legal review', groups: [String(legalGroupId)], restart_on_new_revision: 'on' },
      303,
    );
    expect(text((await admin.get('/wagtail/workflows/tasks/index/').expect(200)).text))
      .to.include('Copy check')
      .and.to.include('Legal review');

    const empty = text(
      (await postForm(admin, '/wagtail/workflows/add/', { name: 'Nothing to do', tasks: ['', ''], pages: [''] }, 400))
        .text,
    );
    expect(empty).to.include('A workflow needs at least one task.').and.to.include('value="Nothing to do"');
    const unknown = text(
      (await postForm(admin, '/wagtail/workflows/add/', { name: 'Unknown task', tasks: ['999999'] }, 400)).text,
    );
    expect(unknown).to.include('Task 1 is not one of the available tasks (it may have been deleted).');
    // A disabled task cannot join a workflow.
    await postForm(
      admin,
      '/wagtail/workflows/tasks/add/',
      { name: 'Retired check', groups: [String(copyGroupId)] },
      303,
    );
    await postForm(admin, `/wagtail/workflows/tasks/disable/${await taskId('Retired check')}/`, {}, 303);
    const disabled = text(
      (
        await postForm(
          admin,
          '/wagtail/workflows/add/',
          { name: 'With retired', tasks: [String(await taskId('Retired check'))] },
          400,
        )
      ).text,
    );
    expect(disabled).to.include("The task 'Retired check' is disabled");
    const duplicate = text(
      (
        await postForm(
          admin,
          '/wagtail/workflows/add/',
          { name: 'Twice', tasks: [String(await taskId('Copy check')), String(await taskId('Copy check'))] },
          400,
        )
      ).text,
    );
    expect(duplicate).to.include('Each task may appear only once');
    expect(
      await t.db
        .selectFrom('workflows')
        .select('id')
        .where('name', 'in', ['Nothing to do', 'Unknown task', 'With retired', 'Twice'])
        .execute(),
    ).to.deep.equal([]);

    await postForm(
      admin,
      '/wagtail/workflows/add/',
      {
        name: 'Two-step',
        tasks: [String(await taskId('Copy check')), String(await taskId('Legal review')), ''],
        pages: [String(section.id), ''],
      },
      303,
    );
    const list = text((await admin.get('/wagtail/workflows/list/').expect(200)).text);
    expect(list).to.include('Two-step').and.to.include('Copy check → Legal review').and.to.include('1 page');
    // The editor (no workflow permission) is kept out.
    await editor.get('/wagtail/workflows/list/').expect(403);
    await postForm(editor, '/wagtail/workflows/tasks/add/', { name: 'Sneaky', groups: [String(copyGroupId)] }, 403);
  });

  it('takes a page through both tasks with two reviewers, then publishes it (nearest assignment wins)', async () => {
    const page = await leaf();
    await submit(editor, page, 'Two-step approved');
    const first = await current(page.id);
    const workflow = await t.db
      .selectFrom('workflows')
      .select('id')
      .where('name', '=', 'Two-step')
      .executeTakeFirstOrThrow();
    expect(first.state.workflow_id, 'the section assignment, nearer than the root one').to.equal(workflow.id);
    expect(first.taskState.task_id).to.equal(await taskId('Copy check'));
    const banner = text((await editor.get(`/wagtail/pages/${page.id}/edit/`).expect(200)).text);
    expect(banner).to.include('Awaiting moderation: Two-step').and.to.include('Current task: Copy check');
    expect(banner)
      .to.match(/Copy check<\/strong>: in progress/)
      .and.to.match(/Legal review<\/strong>: not started/);
    expect((await mailsTo(USERS.copy.email)).map((m) => m.subject)).to.include(
      'The page "Two-step approved" has been submitted for approval to moderation stage "Copy check"',
    );
    expect(await mailsTo(USERS.legal.email)).to.deep.equal([]);

    // Legal may not do the copy check; the copy editor sees it on their dashboard as 'Approve'.
    await act(legal, page.id, 'approve', first, undefined, 403);
    const board = text((await copy.get('/wagtail/').expect(200)).text);
    expect(board.slice(board.indexOf('Awaiting your review'))).to.include('Two-step approved');
    expect(text((await copy.get(`/wagtail/pages/${page.id}/workflow/approve/`).expect(200)).text)).to.include(
      'Approve with comment',
    );

    await act(copy, page.id, 'approve', first, 'Copy reads well.');
    expect(text((await copy.get('/wagtail/').expect(200)).text)).to.include(
      "has been approved and moved on to 'Legal review'",
    );
    const second = await current(page.id);
    expect(second.state.id).to.equal(first.state.id);
    expect(second.taskState.task_id).to.equal(await taskId('Legal review'));
    expect((await findPageById(t.db, page.id))!.title, 'not published yet').to.equal(page.title);
    expect((await mailsTo(USERS.legal.email)).map((m) => m.subject)).to.include(
      'The page "Two-step approved" has been submitted for approval to moderation stage "Legal review"',
    );
    // The same approve form again: refused with what happened, the legal task untouched.
    await act(copy, page.id, 'approve', first);
    expect(text((await copy.get('/wagtail/').expect(200)).text)).to.include(
      'This moderation request was already approved by you',
    );
    expect((await current(page.id)).taskState.id).to.equal(second.taskState.id);

    const steps = text((await editor.get(`/wagtail/pages/${page.id}/edit/`).expect(200)).text);
    expect(steps)
      .to.match(/Copy check<\/strong>: approved by copy Tester/)
      .and.to.include('(Copy reads well.)');
    const legalBoard = text((await legal.get('/wagtail/').expect(200)).text);
    expect(legalBoard).to.include('Approve and publish');

    await act(legal, page.id, 'approve', second);
    const after = (await findPageById(t.db, page.id))!;
    expect(after).to.include({ title: 'Two-step approved', live_revision_id: second.state.revision_id });
    expect((await moderationRepo.findState(t.db, first.state.id))!.status).to.equal('approved');
    expect((await mailsTo(USERS.editor.email)).map((m) => m.subject)).to.include(
      'The page "Two-step approved" has been approved',
    );
    const history = text((await editor.get(`/wagtail/pages/${page.id}/history/`).expect(200)).text);
    expect(history)
      .to.include("Approved 'Copy check': Copy reads well. (next: 'Legal review')")
      .and.to.include('Approved and published');

    // A page outside the section still gets the root's workflow.
    const outside = await createPage(t.db, {
      parentId: us.id,
      pageType: 'ExamplePage',
      title: 'Outside page',
      content: { body: [] },
      publish: true,
    });
    await submit(admin, outside, 'Outside page');
    const seeded = await t.db
      .selectFrom('workflows')
      .select('id')
      .where('name', '=', 'Moderators approval')
      .executeTakeFirstOrThrow();
    expect((await moderationRepo.findInProgress(t.db, outside.id))!.workflow_id).to.equal(seeded.id);
  });

  it('sends a page back with the reviewer comment at the second task', async () => {
    const page = await leaf();
    await submit(editor, page, 'Needs legal wording');
    await act(copy, page.id, 'approve', await current(page.id));
    const atLegal = await current(page.id);
    // A comment too long is redisplayed, nothing ends.
    const long = 'y'.repeat(2001);
    expect((await act(legal, page.id, 'request_changes', atLegal, long, 400)).text).to.include(
      'Ensure this value has at most 2000 characters.',
    );
    await act(legal, page.id, 'request_changes', atLegal, 'Add the allergy disclaimer.');
    const ended = (await moderationRepo.findState(t.db, atLegal.state.id))!;
    expect(ended).to.include({ status: 'needs_changes', comment: 'Add the allergy disclaimer.' });
    expect((await moderationRepo.findTaskState(t.db, atLegal.taskState.id))!).to.include({
      status: 'rejected',
      comment: 'Add the allergy disclaimer.',
    });
    const seen = text((await editor.get(`/wagtail/pages/${page.id}/edit/`).expect(200)).text);
    expect(seen).to.include("at the task 'Legal review'").and.to.include('Add the allergy disclaimer.');
    const mail = (await mailsTo(USERS.editor.email)).find(
      (m) => m.subject.includes('Needs legal wording') && m.subject.includes('rejected'),
    )!;
    expect(mail.subject).to.equal('The page "Needs legal wording" has been rejected during "Legal review"');
    expect(mail.text).to.include('Comment: Add the allergy disclaimer.');
    expect((await findPageById(t.db, page.id))!.title).to.equal(page.title);
  });

  it('restarts the current task on a new draft only when the task says so', async () => {
    const page = await leaf();
    await submit(editor, page, 'Draft A');
    const atCopy = await current(page.id);
    // Copy check does not restart: the submission stays on draft A.
    await submit(editor, page, 'Draft B', null);
    expect((await current(page.id)).taskState.id).to.equal(atCopy.taskState.id);
    expect((await current(page.id)).state.revision_id).to.equal(atCopy.state.revision_id);
    await act(copy, page.id, 'approve', atCopy);
    const atLegal = await current(page.id);
    // Legal review restarts: a new draft is what legal reviews now, and the old form is stale.
    await submit(editor, page, 'Draft C', null);
    const restarted = await current(page.id);
    expect(restarted.taskState.id).to.not.equal(atLegal.taskState.id);
    expect(restarted.taskState.task_id).to.equal(atLegal.taskState.task_id);
    expect(restarted.state.revision_id).to.equal((await findPageById(t.db, page.id))!.latest_revision_id);
    expect((await moderationRepo.findTaskState(t.db, atLegal.taskState.id))!.status).to.equal('cancelled');
    await act(legal, page.id, 'approve', atLegal);
    expect((await findPageById(t.db, page.id))!.title).to.equal(page.title);
    await act(legal, page.id, 'approve', restarted);
    expect((await findPageById(t.db, page.id))!.title).to.equal('Draft C');
  });

  it('skips a disabled task, and disabling the workflow cancels its submissions', async () => {
    await postForm(admin, `/wagtail/workflows/tasks/disable/${await taskId('Copy check')}/`, {}, 303);
    const page = await leaf();
    await submit(editor, page, 'Straight to legal');
    const at = await current(page.id);
    expect(at.taskState.task_id).to.equal(await taskId('Legal review'));
    expect(text((await editor.get(`/wagtail/pages/${page.id}/edit/`).expect(200)).text)).to.include(
      'Current task: Legal review',
    );
    const twoStep = await t.db
      .selectFrom('workflows')
      .select('id')
      .where('name', '=', 'Two-step')
      .executeTakeFirstOrThrow();
    const edit = text((await admin.get(`/wagtail/workflows/edit/${twoStep.id}/`).expect(200)).text);
    expect(edit)
      .to.include('Disabled tasks are skipped and leave the workflow when it is saved: Copy check.')
      .and.not.to.include('could not be saved');
    await postForm(admin, `/wagtail/workflows/tasks/enable/${await taskId('Copy check')}/`, {}, 303);

    const workflow = await t.db
      .selectFrom('workflows')
      .select('id')
      .where('name', '=', 'Two-step')
      .executeTakeFirstOrThrow();
    await postForm(admin, `/wagtail/workflows/disable/${workflow.id}/`, {}, 303);
    expect((await moderationRepo.findState(t.db, at.state.id))!.status).to.equal('cancelled');
    expect(
      await t.db.selectFrom('workflow_pages').select('page_id').where('workflow_id', '=', workflow.id).execute(),
    ).to.deep.equal([]);
    // The section now falls back to the root's workflow.
    const next = await leaf();
    await submit(editor, next, 'Back to moderators');
    const moderators = (await findGroupByName(t.db, 'Moderators'))!;
    const task = (await current(next.id)).taskState.task_id;
    const groups = await t.db
      .selectFrom('workflow_task_groups')
      .select('group_id')
      .where('task_id', '=', task)
      .execute();
    expect(groups.map((g) => g.group_id)).to.deep.equal([moderators.id]);
  });
});
