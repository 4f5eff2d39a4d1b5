import { expect } from 'chai';
import request from 'supertest';
import * as moderationRepo from '../../server/modules/moderation/repo';
import {
  findGroupByName,
  insertGroup,
  replaceGroupPagePermissions,
  replaceUserGroups,
} from '../../server/modules/permissions/groups-repo';
import { findPageById } from '../../server/modules/pages/repo';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

const emptyContent = { body: [] };
const EDITOR = { username: 'mod-editor', password: 'mod-editor-password' };
const MODERATOR = { username: 'mod-moderator', password: 'mod-moderator-password' };

type Agent = Awaited<ReturnType<typeof signedInAgent>>;

/** Unescapes the HTML entities React writes for quotes, so assertions read like the screen. */
const text = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe('back office: moderation (submit, approve, request changes, cancel)', () => {
  let t: TestApp;
  let us: Page;
  let section: Page;
  let editor: Agent;
  let moderator: Agent;
  let editorId: number;
  let n = 0;

  useTestApp({}, (suite) => ({ t, home: us } = suite));
  before(async () => {
    section = await createPage(t.db, {
      parentId: us.id,
      pageType: 'ExamplePage',
      title: 'Moderated section',
      content: emptyContent,
      publish: true,
    });
    // An editor limited to the section: add + change, no publish (Wagtail's 'Editors').
    const editors = await insertGroup(t.db, { name: 'Moderation test editors', can_access_admin: true });
    await replaceGroupPagePermissions(t.db, editors.id, [
      { page_id: section.id, permission_type: 'add' },
      { page_id: section.id, permission_type: 'change' },
    ]);
    const editorUser = await insertUser(t.db, {
      username: EDITOR.username,
      email: 'ed@example.com',
      password_hash: await hashPassword(EDITOR.password),
      is_superuser: false,
      first_name: 'Edna',
      last_name: 'Editor',
    });
    editorId = editorUser.id;
    await replaceUserGroups(t.db, editorUser.id, [editors.id]);
    // The seeded Moderators group publishes on the US home: the default workflow's reviewers.
    const moderators = (await findGroupByName(t.db, 'Moderators'))!;
    const moderatorUser = await insertUser(t.db, {
      username: MODERATOR.username,
      email: 'mo@example.com',
      password_hash: await hashPassword(MODERATOR.password),
      is_superuser: false,
      first_name: 'Moe',
      last_name: 'Derator',
    });
    await replaceUserGroups(t.db, moderatorUser.id, [moderators.id]);
    editor = await signedInAgent(t.app, EDITOR);
    moderator = await signedInAgent(t.app, MODERATOR);
  });

  const leaf = (publish = true) => {
    n += 1;
    return createPage(t.db, {
      parentId: section.id,
      pageType: 'ExamplePage',
      title: `Dish ${n}`,
      slug: `dish-${n}`,
      content: emptyContent,
      publish,
    });
  };

  /** Opens the editor and posts its form with the given title and button. */
  async function postEdit(
    agent: Agent,
    page: Page,
    title: string,
    button: 'action-submit' | 'action-publish' | null,
    status = 303,
  ) {
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
    return agent.post(`/wagtail/pages/${page.id}/edit/`).type('form').send(body).expect(status);
  }

  const seededWorkflowId = async () =>
    (
      await t.db
        .selectFrom('workflows')
        .select('id')
        .where('name', '=', 'Moderators approval')
        .executeTakeFirstOrThrow()
    ).id;
  const inProgress = (pageId: number) => moderationRepo.findInProgress(t.db, pageId);
  const tokenOf = async (agent: Agent) => csrfTokenIn((await agent.get('/wagtail/account/').expect(200)).text);
  const actions = async (pageId: number) =>
    (
      await t.db.selectFrom('page_log_entries').select('action').where('page_id', '=', pageId).orderBy('id').execute()
    ).map((r) => r.action);
  const review = async (
    agent: Agent,
    pageId: number,
    action: 'approve' | 'cancel',
    target: { id: number; revision_id: number },
    options: { next?: string; status?: number } = {},
  ) =>
    agent
      .post(`/wagtail/pages/${pageId}/workflow/${action}/`)
      .type('form')
      .send({
        csrfmiddlewaretoken: await tokenOf(agent),
        workflow_state_id: String(target.id),
        revision_id: String(target.revision_id),
        ...(options.next ? { next: options.next } : {}),
      })
      .expect(options.status ?? 303);

  it('lets an editor without publish submit for moderation instead of publishing', async () => {
    const page = await leaf();
    const screen = await editor.get(`/wagtail/pages/${page.id}/edit/`).expect(200);
    expect(screen.text).to.include('name="action-submit"').and.to.include('Submit for moderation');
    expect(screen.text).not.to.include('name="action-publish"');

    const submitted = await postEdit(editor, page, 'Dish under review', 'action-submit');
    expect(submitted.headers.location).to.equal(`/wagtail/pages/${page.id}/edit/`);
    const after = (await findPageById(t.db, page.id))!;
    // Saved as a draft: the live page is untouched until someone approves.
    expect(after).to.include({ title: page.title, has_unpublished_changes: true });
    const state = (await inProgress(page.id))!;
    expect(state).to.include({
      revision_id: after.latest_revision_id,
      requested_by_id: editorId,
      status: 'in_progress',
    });
    expect(await actions(page.id)).to.deep.equal(['edit', 'workflow.start']);

    const reopened = text((await editor.get(`/wagtail/pages/${page.id}/edit/`).expect(200)).text);
    expect(reopened).to.include("Page 'Dish under review' has been submitted for moderation.");
    expect(reopened).to.include('live + in moderation');
    expect(reopened).to.include('Submitted for moderation by you');
    expect(reopened).to.include('Resubmit for moderation');
    // The editor may cancel their own submission, not review it.
    expect(reopened).to.include('Cancel workflow');
    expect(reopened).not.to.include('Approve and publish');
    // The moderator sees who submitted it and may review.
    const seenByModerator = text((await moderator.get(`/wagtail/pages/${page.id}/edit/`).expect(200)).text);
    expect(seenByModerator)
      .to.include('Submitted for moderation by Edna Editor')
      .and.to.include('Approve and publish')
      .and.to.include('Request changes');
    // History says it in words.
    const history = text((await editor.get(`/wagtail/pages/${page.id}/history/`).expect(200)).text);
    expect(history).to.include('Submitted for moderation');
  });

  it('shows "in moderation" in the explorer and the admin API', async () => {
    const draft = await leaf(false);
    await postEdit(editor, draft, draft.title, 'action-submit');
    const explorer = await editor.get(`/wagtail/pages/${section.id}/`).expect(200);
    expect(explorer.text).to.match(new RegExp(`${draft.title}[\\s\\S]*?admin-status--moderation">in moderation<`));
    const api = await editor.get(`/wagtail/api/main/pages/${draft.id}/`).set('Accept', 'application/json').expect(200);
    expect(api.body.meta.status.status).to.equal('in moderation');
    const listing = await editor
      .get(`/wagtail/api/main/pages/?child_of=${section.id}&limit=20`)
      .set('Accept', 'application/json')
      .expect(200);
    const item = (listing.body.items as Array<{ id: number; meta: { status: { status: string } } }>).find(
      (i) => i.id === draft.id,
    )!;
    expect(item.meta.status.status).to.equal('in moderation');
  });

  it('puts the submission on the moderator dashboard, and approving publishes that revision', async () => {
    const page = await leaf();
    await postEdit(editor, page, 'Approved dish', 'action-submit');
    const state = (await inProgress(page.id))!;

    const board = text((await moderator.get('/wagtail/').expect(200)).text);
    expect(board).to.include('Awaiting your review');
    const row = board.slice(board.indexOf('Awaiting your review'));
    expect(row).to.include('Approved dish').and.to.include('Edna Editor');
    expect(row).to.include(`action="/wagtail/pages/${page.id}/workflow/approve/"`);
    // The submitter sees it among their pages in moderation, not as something to review.
    const editorBoard = text((await editor.get('/wagtail/').expect(200)).text);
    expect(editorBoard).to.include('Your pages in moderation').and.not.to.include('Awaiting your review');

    // The editor cannot approve, whatever they post.
    await review(editor, page.id, 'approve', state, { status: 403 });
    expect((await inProgress(page.id))!.id).to.equal(state.id);

    const approved = await review(moderator, page.id, 'approve', state, { next: '/wagtail/' });
    expect(approved.headers.location).to.equal('/wagtail/');
    const after = (await findPageById(t.db, page.id))!;
    expect(after).to.include({
      title: 'Approved dish',
      live: true,
      live_revision_id: state.revision_id,
      has_unpublished_changes: false,
    });
    expect((await moderationRepo.findState(t.db, state.id))!.status).to.equal('approved');
    await request(t.app)
      .get(`/moderated-section/${page.slug}/`)
      .expect(200)
      .expect((res) => expect(res.text).to.include('Approved dish'));
    const message = text((await moderator.get('/wagtail/').expect(200)).text);
    expect(message).to.include("Page 'Approved dish' has been approved and published.");
    expect(message).not.to.include(`action="/wagtail/pages/${page.id}/workflow/approve/"`);
    expect(await actions(page.id)).to.include.members(['workflow.start', 'workflow.approve', 'publish']);
    const history = text((await moderator.get(`/wagtail/pages/${page.id}/history/`).expect(200)).text);
    expect(history).to.include('Approved and published');

    // The same approve posted again (double submit): nothing happens twice, and it says why.
    await review(moderator, page.id, 'approve', state, { next: '/wagtail/' });
    expect(text((await moderator.get('/wagtail/').expect(200)).text)).to.include(
      'This moderation request was already approved by you',
    );
    expect((await actions(page.id)).filter((a) => a === 'workflow.approve')).to.have.length(1);
  });

  it('approves once when two reviewers approve at the same moment', async () => {
    const page = await leaf();
    await postEdit(editor, page, 'Raced dish', 'action-submit');
    const state = (await inProgress(page.id))!;
    const superuser = await signedInAgent(t.app);
    await Promise.all([review(moderator, page.id, 'approve', state), review(superuser, page.id, 'approve', state)]);
    const log = await actions(page.id);
    expect(log.filter((a) => a === 'workflow.approve')).to.have.length(1);
    expect(log.filter((a) => a === 'publish')).to.have.length(1);
    expect((await findPageById(t.db, page.id))!).to.include({
      title: 'Raced dish',
      live_revision_id: state.revision_id,
    });
  });

  it('keeps the workflow on the submitted revision when a newer draft is saved, and refuses an outdated review form', async () => {
    const page = await leaf();
    await postEdit(editor, page, 'Version A', 'action-submit');
    const first = (await inProgress(page.id))!;
    // A plain Save draft keeps the submission on version A.
    await postEdit(editor, page, 'Version B', null);
    expect((await inProgress(page.id))!.revision_id).to.equal(first.revision_id);
    const banner = text((await moderator.get(`/wagtail/pages/${page.id}/edit/`).expect(200)).text);
    expect(banner).to.include('A newer draft was saved after the submission');
    // Resubmitting moves the submission onto the newest draft.
    await postEdit(editor, page, 'Version C', 'action-submit');
    const moved = (await inProgress(page.id))!;
    expect(moved.id).to.equal(first.id);
    expect(moved.revision_id).to.not.equal(first.revision_id);
    expect(await actions(page.id)).to.include('workflow.resubmit');
    // A review form opened on version A is outdated now.
    await review(moderator, page.id, 'approve', first);
    expect(text((await moderator.get(`/wagtail/pages/${page.id}/edit/`).expect(200)).text)).to.include(
      'A newer version of this page was submitted for moderation after you opened it',
    );
    expect((await findPageById(t.db, page.id))!.title).to.equal(page.title);
    // Approving the current form publishes version C.
    await review(moderator, page.id, 'approve', moved);
    expect((await findPageById(t.db, page.id))!).to.include({
      title: 'Version C',
      live_revision_id: moved.revision_id,
    });
  });

  it('approving publishes the submitted revision, leaving a later draft as a draft', async () => {
    const page = await leaf();
    await postEdit(editor, page, 'Submitted text', 'action-submit');
    const state = (await inProgress(page.id))!;
    await postEdit(editor, page, 'Later draft', null);
    await review(moderator, page.id, 'approve', state);
    const after = (await findPageById(t.db, page.id))!;
    expect(after).to.include({
      title: 'Submitted text',
      live_revision_id: state.revision_id,
      has_unpublished_changes: true,
    });
    expect(text((await editor.get(`/wagtail/pages/${page.id}/edit/`).expect(200)).text))
      .to.include('value="Later draft"')
      .and.to.include('live + draft');
  });

  it('requests changes with a comment, redisplaying a bad comment with the input kept', async () => {
    const page = await leaf();
    await postEdit(editor, page, 'Needs work', 'action-submit');
    const state = (await inProgress(page.id))!;
    await editor.get(`/wagtail/pages/${page.id}/workflow/request_changes/`).expect(403);
    const screen = await moderator.get(`/wagtail/pages/${page.id}/workflow/request_changes/`).expect(200);
    expect(screen.text).to.include('<textarea').and.to.include(`name="workflow_state_id" value="${state.id}"`);
    const token = csrfTokenIn(screen.text);
    const tooLong = 'x'.repeat(2001);
    const bad = await moderator
      .post(`/wagtail/pages/${page.id}/workflow/request_changes/`)
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        workflow_state_id: String(state.id),
        revision_id: String(state.revision_id),
        comment: tooLong,
      })
      .expect(400);
    expect(bad.text).to.include('Ensure this value has at most 2000 characters.').and.to.include(tooLong);
    expect((await inProgress(page.id))!.id).to.equal(state.id);

    const comment = 'Please add the allergens <b>and</b> the price.';
    await moderator
      .post(`/wagtail/pages/${page.id}/workflow/request_changes/`)
      .type('form')
      .send({
        csrfmiddlewaretoken: token,
        workflow_state_id: String(state.id),
        revision_id: String(state.revision_id),
        comment,
      })
      .expect(303);
    const ended = (await moderationRepo.findState(t.db, state.id))!;
    expect(ended).to.include({ status: 'needs_changes', comment });
    expect((await findPageById(t.db, page.id))!.title).to.equal(page.title);

    const seen = text((await editor.get(`/wagtail/pages/${page.id}/edit/`).expect(200)).text);
    expect(seen)
      .to.include('Changes requested by Moe Derator')
      .and.to.include('Please add the allergens &lt;b&gt;and&lt;/b&gt; the price.');
    expect(seen).not.to.include('in moderation');
    expect(seen).to.include('Submit for moderation');
    const history = text((await editor.get(`/wagtail/pages/${page.id}/history/`).expect(200)).text);
    expect(history).to.include('Changes requested: Please add the allergens');
    // Approving what was sent back is stale.
    await review(moderator, page.id, 'approve', state);
    expect(text((await moderator.get(`/wagtail/pages/${page.id}/edit/`).expect(200)).text)).to.include(
      'Changes were already requested on this page by you',
    );
    // Submitting again starts a new submission.
    await postEdit(editor, page, 'Fixed', 'action-submit');
    expect((await inProgress(page.id))!.id).to.not.equal(state.id);
  });

  it('lets the submitter cancel the workflow', async () => {
    const page = await leaf();
    await postEdit(editor, page, 'Changed my mind', 'action-submit');
    const state = (await inProgress(page.id))!;
    expect((await review(editor, page.id, 'cancel', state, { next: '/wagtail/' })).headers.location).to.equal(
      '/wagtail/',
    );
    expect((await moderationRepo.findState(t.db, state.id))!).to.include({
      status: 'cancelled',
      finished_by_id: editorId,
    });
    expect(text((await editor.get('/wagtail/').expect(200)).text)).to.include("Workflow on page 'Dish");
    const history = text((await editor.get(`/wagtail/pages/${page.id}/history/`).expect(200)).text);
    expect(history).to.include('Workflow cancelled');
    // Cancelling again: a clear message, nothing changes.
    await review(editor, page.id, 'cancel', state);
    expect(text((await editor.get(`/wagtail/pages/${page.id}/edit/`).expect(200)).text)).to.include(
      'This moderation request was already cancelled by you',
    );
  });

  it('publishing by hand ends the moderation, as Wagtail does by default', async () => {
    const page = await leaf();
    await postEdit(editor, page, 'Submitted', 'action-submit');
    const state = (await inProgress(page.id))!;
    await postEdit(moderator, page, 'Published directly', 'action-publish');
    expect((await moderationRepo.findState(t.db, state.id))!.status).to.equal('cancelled');
    expect((await findPageById(t.db, page.id))!.title).to.equal('Published directly');
    const history = text((await moderator.get(`/wagtail/pages/${page.id}/history/`).expect(200)).text);
    expect(history).to.include('Workflow cancelled (published directly)');
  });

  it('accepts a double-submitted "Submit for moderation" once', async () => {
    const page = await leaf();
    const form = await editor.get(`/wagtail/pages/${page.id}/edit/`).expect(200);
    const base = /name="base_revision_id" value="(\d*)"/.exec(form.text)![1]!;
    const body = {
      csrfmiddlewaretoken: csrfTokenIn(form.text),
      title: 'Twice',
      slug: page.slug,
      seo_title: '',
      search_description: '',
      base_revision_id: base,
      'action-submit': 'action-submit',
    };
    await editor.post(`/wagtail/pages/${page.id}/edit/`).type('form').send(body).expect(303);
    await editor.post(`/wagtail/pages/${page.id}/edit/`).type('form').send(body).expect(303);
    const states = await t.db.selectFrom('workflow_states').selectAll().where('page_id', '=', page.id).execute();
    expect(states).to.have.length(1);
    expect((await actions(page.id)).filter((a) => a === 'workflow.start')).to.have.length(1);
  });

  it('keeps at most one submission in progress per page in the database itself', async () => {
    const page = await leaf();
    await moderationRepo.insertState(t.db, {
      page_id: page.id,
      revision_id: page.latest_revision_id!,
      requested_by_id: editorId,
      workflow_id: await seededWorkflowId(),
    });
    let failed = false;
    try {
      await moderationRepo.insertState(t.db, {
        page_id: page.id,
        revision_id: page.latest_revision_id!,
        requested_by_id: editorId,
        workflow_id: await seededWorkflowId(),
      });
    } catch {
      failed = true;
    }
    expect(failed, 'a second in-progress row is refused').to.equal(true);
  });

  it("lists the user's locked pages on the dashboard with an unlock button that comes back to the dashboard", async () => {
    const page = await leaf();
    const token = await tokenOf(moderator);
    await moderator
      .post(`/wagtail/pages/${page.id}/lock/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token })
      .expect(303);
    const board = text((await moderator.get('/wagtail/').expect(200)).text);
    expect(board).to.include('Your locked pages');
    expect(board.slice(board.indexOf('Your locked pages')))
      .to.include(page.title)
      .and.to.include(`action="/wagtail/pages/${page.id}/unlock/"`);
    // Someone else's dashboard does not list it.
    expect(text((await editor.get('/wagtail/').expect(200)).text)).not.to.include('Your locked pages');
    await moderator
      .post(`/wagtail/pages/${page.id}/unlock/`)
      .type('form')
      .send({ csrfmiddlewaretoken: token, next: '/wagtail/' })
      .expect(303)
      .expect('Location', '/wagtail/');
    expect((await findPageById(t.db, page.id))!.locked).to.equal(false);
  });

  it('refuses to approve a page locked by someone else', async () => {
    const page = await leaf();
    await postEdit(editor, page, 'Locked submission', 'action-submit');
    const state = (await inProgress(page.id))!;
    await t.db
      .updateTable('pages')
      .set({ locked: true, locked_by_id: editorId, locked_at: new Date() })
      .where('id', '=', page.id)
      .execute();
    await review(moderator, page.id, 'approve', state);
    expect(text((await moderator.get(`/wagtail/pages/${page.id}/edit/`).expect(200)).text)).to.include(
      'This page is locked by Edna Editor',
    );
    expect((await inProgress(page.id))!.id).to.equal(state.id);
  });
});
