import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import {
  insertGroup,
  replaceGroupPagePermissions,
  replaceUserGroups,
} from '../../server/modules/permissions/groups-repo';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

type Agent = Awaited<ReturnType<typeof signedInAgent>>;

const USERS = {
  writer: { username: 'cm-writer', password: 'cm-writer-password', email: 'cm-writer@example.com' },
  reviewer: { username: 'cm-reviewer', password: 'cm-reviewer-password', email: 'cm-reviewer@example.com' },
  outsider: { username: 'cm-outsider', password: 'cm-outsider-password', email: 'cm-outsider@example.com' },
};
const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe('back office: comments on fields and blocks', () => {
  let t: TestApp;
  let us: Page;
  let section: Page;
  let writer: Agent;
  let reviewer: Agent;
  let outsider: Agent;
  const blockId = randomUUID();
  let n = 0;

  useTestApp({}, (suite) => ({ t, home: us } = suite));
  before(async function () {
    this.timeout(180_000);
    section = await createPage(t.db, {
      parentId: us.id,
      pageType: 'ExamplePage',
      title: 'Comments section',
      content: { body: [] },
      publish: true,
    });
    const editors = await insertGroup(t.db, { name: 'Comment test editors', can_access_admin: true });
    await replaceGroupPagePermissions(t.db, editors.id, [
      { page_id: section.id, permission_type: 'add' },
      { page_id: section.id, permission_type: 'change' },
    ]);
    const outsiders = await insertGroup(t.db, { name: 'Comment test outsiders', can_access_admin: true });
    for (const [key, groupId] of [
      ['writer', editors.id],
      ['reviewer', editors.id],
      ['outsider', outsiders.id],
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
    writer = await signedInAgent(t.app, USERS.writer);
    reviewer = await signedInAgent(t.app, USERS.reviewer);
    outsider = await signedInAgent(t.app, USERS.outsider);
  });

  const userId = async (key: keyof typeof USERS) =>
    (await t.db.selectFrom('users').select('id').where('username', '=', USERS[key].username).executeTakeFirstOrThrow())
      .id;
  /** A page whose only revision the writer saved, with one heading block. */
  const newPage = async () =>
    createPage(t.db, {
      parentId: section.id,
      pageType: 'ExamplePage',
      title: `Commented page ${++n}`,
      slug: `commented-${n}`,
      userId: await userId('writer'),
      content: {
        body: [
          { type: 'heading', id: blockId, value: { text: 'Oysters', level: 'h2', rope: false, alignment: 'left' } },
        ],
      },
      publish: true,
    });
  const tokenOf = async (agent: Agent) => csrfTokenIn((await agent.get('/wagtail/account/').expect(200)).text);
  const post = async (agent: Agent, url: string, body: Record<string, string>, status: number, panel = false) => {
    const req = agent.post(url).type('form');
    if (panel) req.set('X-Comments-Panel', '1');
    return req.send({ csrfmiddlewaretoken: await tokenOf(agent), ...body }).expect(status);
  };
  const mails = async () =>
    (await t.db.selectFrom('jobs').select('payload').where('kind', '=', 'comments.notify').orderBy('id').execute()).map(
      (row) => row.payload as { to: string[]; subject: string; text: string },
    );

  it('adds a comment on a block, replies and resolves it, each shown on the edit screen and e-mailed to the other participants', async () => {
    const page = await newPage();
    const before = (await mails()).length;

    // The reviewer comments on the block (plain form): back to the edit screen at the comments.
    const added = await post(
      reviewer,
      `/wagtail/pages/${page.id}/comments/`,
      { content_path: `body.${blockId}`, text: 'Say where the oysters come from.' },
      303,
    );
    expect(added.headers.location).to.equal(`/wagtail/pages/${page.id}/edit/#comments`);
    const comment = await t.db
      .selectFrom('page_comments')
      .selectAll()
      .where('page_id', '=', page.id)
      .executeTakeFirstOrThrow();
    expect(comment).to.include({
      content_path: `body.${blockId}`,
      text: 'Say where the oysters come from.',
      user_id: await userId('reviewer'),
      resolved_at: null,
    });
    const edit = decode((await writer.get(`/wagtail/pages/${page.id}/edit/`).expect(200)).text);
    expect(edit).to.include('data-comments-panel');
    expect(edit).to.include('Say where the oysters come from.');
    expect(edit).to.include(`href="#block-card-${blockId}"`);
    expect(edit).to.include('Body, block 1 (Heading)');
    // The writer (author of the page's revision) hears of it; the commenter does not.
    let sent = (await mails()).slice(before);
    expect(sent).to.have.length(1);
    expect(sent[0]!.to).to.deep.equal([USERS.writer.email]);
    expect(sent[0]!.subject).to.equal(`New comment on "${page.title}"`);
    expect(sent[0]!.text)
      .to.include('Body, block 1 (Heading)')
      .and.include('Say where the oysters come from.')
      .and.include(`/wagtail/pages/${page.id}/edit/#comments`);

    // The writer replies through the edit screen's script: the answer is the redrawn panel.
    const reply = decode(
      (
        await post(
          writer,
          `/wagtail/pages/${page.id}/comments/${comment.id}/reply/`,
          { text: 'From Prince Edward Island.' },
          200,
          true,
        )
      ).text,
    );
    expect(reply)
      .to.include('data-comments-panel')
      .and.include('Reply added.')
      .and.include('From Prince Edward Island.');
    sent = (await mails()).slice(before);
    expect(sent).to.have.length(2);
    expect(sent[1]!.to).to.deep.equal([USERS.reviewer.email]);
    expect(sent[1]!.subject).to.equal(`New reply on "${page.title}"`);

    // Resolved: shown as such, no reply form, the other participant told; resolving again changes nothing.
    const resolved = decode(
      (await post(reviewer, `/wagtail/pages/${page.id}/comments/${comment.id}/resolve/`, {}, 200, true)).text,
    );
    expect(resolved).to.include('Comment resolved.').and.include('Resolved by reviewer Tester');
    expect(resolved).to.not.include(`/comments/${comment.id}/reply/`);
    expect(
      (
        await t.db
          .selectFrom('page_comments')
          .select(['resolved_by_id'])
          .where('id', '=', comment.id)
          .executeTakeFirstOrThrow()
      ).resolved_by_id,
    ).to.equal(await userId('reviewer'));
    sent = (await mails()).slice(before);
    expect(sent).to.have.length(3);
    expect(sent[2]!.to).to.deep.equal([USERS.writer.email]);
    await post(writer, `/wagtail/pages/${page.id}/comments/${comment.id}/resolve/`, {}, 303);
    expect(await mails()).to.have.length(before + 3);

    // A resolved comment takes no reply.
    const late = decode(
      (
        await post(
          writer,
          `/wagtail/pages/${page.id}/comments/${comment.id}/reply/`,
          { text: 'One more thing' },
          400,
          true,
        )
      ).text,
    );
    expect(late).to.include('This comment is resolved');
    expect(
      await t.db.selectFrom('page_comment_replies').select('id').where('comment_id', '=', comment.id).execute(),
    ).to.have.length(1);
  });

  it("refuses an empty or overlong comment, a place that is not in the page, and another page's comment, keeping what was typed", async () => {
    const page = await newPage();
    const other = await newPage();
    const url = `/wagtail/pages/${page.id}/comments/`;
    const empty = decode((await post(writer, url, { content_path: 'title', text: '   ' }, 400, true)).text);
    expect(empty).to.include('Write a comment.').and.include('aria-invalid="true"');
    const long = decode((await post(writer, url, { content_path: 'title', text: 'x'.repeat(5001) }, 400)).text);
    expect(long).to.include('Keep it under 5,000 characters.');
    const nowhere = decode(
      (await post(writer, url, { content_path: `body.${randomUUID()}`, text: 'On a block that is not there' }, 400))
        .text,
    );
    expect(nowhere).to.include('Choose a field or block of the page').and.include('On a block that is not there');
    await post(writer, url, { content_path: 'content_json', text: 'Not a commentable place' }, 400);
    expect(await t.db.selectFrom('page_comments').select('id').where('page_id', '=', page.id).execute()).to.have.length(
      0,
    );

    // A field of the page is fine; its comment is not reachable through another page.
    await post(writer, url, { content_path: 'seo_title', text: 'Shorter, please.' }, 303);
    const comment = await t.db
      .selectFrom('page_comments')
      .select('id')
      .where('page_id', '=', page.id)
      .executeTakeFirstOrThrow();
    await post(writer, `/wagtail/pages/${other.id}/comments/${comment.id}/resolve/`, {}, 404);
    await post(writer, `/wagtail/pages/${other.id}/comments/${comment.id}/reply/`, { text: 'Hello' }, 404);
    await post(writer, `/wagtail/pages/${page.id}/comments/abc/resolve/`, {}, 404);
    expect(
      (
        await t.db
          .selectFrom('page_comments')
          .select('resolved_at')
          .where('id', '=', comment.id)
          .executeTakeFirstOrThrow()
      ).resolved_at,
    ).to.equal(null);
  });

  it('is closed to staff who may not edit the page', async () => {
    const page = await newPage();
    await outsider.get(`/wagtail/pages/${page.id}/comments/`).expect(403);
    await post(outsider, `/wagtail/pages/${page.id}/comments/`, { content_path: 'title', text: 'Let me in' }, 403);
    expect(await t.db.selectFrom('page_comments').select('id').where('page_id', '=', page.id).execute()).to.have.length(
      0,
    );
  });
});
