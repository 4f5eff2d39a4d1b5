import { expect } from 'chai';
import type { Express } from 'express';
import request from 'supertest';
import { findGroupByName, insertGroup, replaceGroupPagePermissions, replaceUserGroups } from '../../server/modules/permissions/groups-repo';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import { createTestApp, TEST_ADMIN, type TestApp } from '../helpers/app';

/**
 * The permission matrix: every route registered on the admin router, for four people. The
 * routes are read from the router itself, so a new route without a rule here fails the test.
 *
 * - anonymous: admin screens redirect to the login, the API answers 401 JSON;
 * - editor: a group with admin access and add + change on one section only;
 * - moderator: the seeded 'Moderators' group (add, change, publish, lock, unlock on the US home);
 * - superuser.
 *
 * Each page route runs against a page inside the editor's section ('in') and a page in the
 * Canada site ('out'), where only the superuser has any right. "Allowed" means the request got
 * past the permission check (any answer but a login redirect, 401 or 403); "denied" means 403.
 */
type Role = 'anonymous' | 'editor' | 'moderator' | 'superuser';
type SignedIn = Exclude<Role, 'anonymous'>;
type Scope = 'in' | 'out';
type Fixtures = { leaf: (scope: Scope, fresh: boolean) => Promise<Page>; section: (scope: Scope) => Page; throwawayUserId: () => Promise<number>; groupId: number; siteId: number };
type Check = {
  /** The concrete URL for this scope. */
  url: (f: Fixtures, scope: Scope) => Promise<string> | string;
  /** Who gets past the permission check on the 'in' page ('out' pages: the superuser only). */
  allowed: readonly SignedIn[] | 'everyone';
  /** Page routes run in both scopes; others once. */
  scoped?: boolean;
  body?: Record<string, unknown>;
  json?: boolean;
  /** The request ends the session (logout): run it on a separate sign-in. */
  endsSession?: boolean;
};

const ALL: readonly SignedIn[] = ['editor', 'moderator', 'superuser'];
const PUBLISHERS: readonly SignedIn[] = ['moderator', 'superuser'];
const SUPER: readonly SignedIn[] = ['superuser'];
const fresh = (f: Fixtures, scope: Scope) => f.leaf(scope, true);
const shared = (f: Fixtures, scope: Scope) => f.leaf(scope, false);
const rev = (page: Page) => page.latest_revision_id!;
const sessionKey = () => `matrix-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;

/** The rules, keyed 'METHOD path' exactly as the routes are registered. */
const RULES: Record<string, Check | Check[]> = {
  'GET /login/': { url: () => '/wagtail/login/', allowed: 'everyone' },
  'POST /login/': { url: () => '/wagtail/login/', allowed: 'everyone', body: { username: '', password: '' } },
  'POST /logout/': { url: () => '/wagtail/logout/', allowed: 'everyone', endsSession: true },
  'GET /password_reset/': { url: () => '/wagtail/password_reset/', allowed: 'everyone' },
  'POST /password_reset/': { url: () => '/wagtail/password_reset/', allowed: 'everyone', body: { email: 'nobody@example.com' } },
  'GET /password_reset/done/': { url: () => '/wagtail/password_reset/done/', allowed: 'everyone' },
  'GET /password_reset/confirm/:uidb64/:token/': { url: () => `/wagtail/password_reset/confirm/MQ/${'x'.repeat(43)}/`, allowed: 'everyone' },
  'POST /password_reset/confirm/:uidb64/:token/': { url: () => `/wagtail/password_reset/confirm/MQ/${'x'.repeat(43)}/`, allowed: 'everyone' },
  'GET /password_reset/complete/': { url: () => '/wagtail/password_reset/complete/', allowed: 'everyone' },

  'GET /': { url: () => '/wagtail/', allowed: ALL },
  'GET /pages/': { url: () => '/wagtail/pages/', allowed: ALL },
  'GET /pages/:id/': { url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/`, allowed: ALL, scoped: true },
  // Results are limited to the user's subtrees (tested in admin-explorer-search), the screen is open to all.
  'GET /pages/search/': { url: () => '/wagtail/pages/search/?q=matrix', allowed: ALL },
  // Reordering needs 'publish' on the parent (Wagtail's can_reorder_children); the leaf's parent is the section.
  'POST /pages/:id/set_position/': { url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/set_position/?position=0`, allowed: PUBLISHERS, scoped: true },
  'GET /pages/:id/edit/': { url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/edit/`, allowed: ALL, scoped: true },
  'POST /pages/:id/edit/': { url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/edit/`, allowed: ALL, scoped: true, body: { title: '' } },
  'GET /pages/add/:parent_page_id/': { url: (f, s) => `/wagtail/pages/add/${f.section(s).id}/`, allowed: ALL, scoped: true },
  'GET /pages/add/:type/:parent_page_id/': { url: (f, s) => `/wagtail/pages/add/ExamplePage/${f.section(s).id}/`, allowed: ALL, scoped: true },
  'POST /pages/add/:type/:parent_page_id/': { url: (f, s) => `/wagtail/pages/add/ExamplePage/${f.section(s).id}/`, allowed: ALL, scoped: true, body: { title: '' } },
  'GET /pages/:id/unpublish/': { url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/unpublish/`, allowed: PUBLISHERS, scoped: true },
  'POST /pages/:id/unpublish/': { url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/unpublish/`, allowed: PUBLISHERS, scoped: true },
  // The leaf is live: deleting it takes content off the site, which needs publish.
  'GET /pages/:id/delete/': { url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/delete/`, allowed: PUBLISHERS, scoped: true },
  'POST /pages/:id/delete/': { url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/delete/`, allowed: PUBLISHERS, scoped: true },
  'GET /pages/:id/move/': { url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/move/`, allowed: ALL, scoped: true },
  'POST /pages/:id/move/': { url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/move/`, allowed: ALL, scoped: true, body: { new_parent_page: '' } },
  'GET /pages/:id/copy/': { url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/copy/`, allowed: ALL, scoped: true },
  'POST /pages/:id/copy/': { url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/copy/`, allowed: ALL, scoped: true, body: { new_title: '' } },
  'POST /pages/:id/lock/': { url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/lock/`, allowed: PUBLISHERS, scoped: true },
  'POST /pages/:id/unlock/': { url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/unlock/`, allowed: PUBLISHERS, scoped: true },
  'GET /pages/:id/history/': { url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/history/`, allowed: ALL, scoped: true },
  'GET /pages/:id/revisions/': { url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/revisions/`, allowed: ALL, scoped: true },
  'GET /pages/:id/revisions/:revision_id/view/': {
    url: async (f, s) => {
      const page = await shared(f, s);
      return `/wagtail/pages/${page.id}/revisions/${rev(page)}/view/`;
    },
    allowed: ALL,
    scoped: true,
  },
  'GET /pages/:id/revisions/compare/:range/': {
    url: async (f, s) => {
      const page = await shared(f, s);
      return `/wagtail/pages/${page.id}/revisions/compare/earliest...${rev(page)}/`;
    },
    allowed: ALL,
    scoped: true,
  },
  'POST /pages/:id/revisions/:revision_id/revert/': {
    url: async (f, s) => {
      const page = await fresh(f, s);
      return `/wagtail/pages/${page.id}/revisions/${rev(page)}/revert/`;
    },
    allowed: ALL,
    scoped: true,
  },

  // Privacy needs publish (Wagtail's can_set_view_restrictions).
  'GET /pages/:id/privacy/': { url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/privacy/`, allowed: PUBLISHERS, scoped: true },
  'POST /pages/:id/privacy/': { url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/privacy/`, allowed: PUBLISHERS, scoped: true, body: { restriction_type: 'groups' } },

  'GET /pages/:id/view_draft/': { url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/view_draft/`, allowed: ALL, scoped: true },
  'POST /pages/:id/edit/preview/': { url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/edit/preview/`, allowed: ALL, scoped: true, body: { title: '' } },
  // Moderation: reviewing needs 'publish' (the default workflow's reviewers); cancelling needs 'change' or being the submitter.
  'GET /pages/:id/workflow/request_changes/': { url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/workflow/request_changes/`, allowed: PUBLISHERS, scoped: true },
  'POST /pages/:id/workflow/request_changes/': { url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/workflow/request_changes/`, allowed: PUBLISHERS, scoped: true, body: { comment: '' } },
  'POST /pages/:id/workflow/approve/': { url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/workflow/approve/`, allowed: PUBLISHERS, scoped: true },
  'POST /pages/:id/workflow/cancel/': { url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/workflow/cancel/`, allowed: ALL, scoped: true },

  'POST /pages/:id/edit/autosave/': { url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/edit/autosave/`, allowed: ALL, scoped: true, json: true, body: { title: '' } },
  'POST /editing-sessions/ping/pages/:page_id/:session_key/': {
    url: async (f, s) => `/wagtail/editing-sessions/ping/pages/${(await shared(f, s)).id}/${sessionKey()}/`,
    allowed: ALL,
    scoped: true,
    json: true,
    body: { is_editing: false, revision_id: null, active: true },
  },
  'POST /editing-sessions/release/:session_key/': { url: () => `/wagtail/editing-sessions/release/${sessionKey()}/`, allowed: ALL, json: true },
  'GET /editing-sessions/csrf-token/': { url: () => '/wagtail/editing-sessions/csrf-token/', allowed: ALL, json: true },

  'GET /users/': { url: () => '/wagtail/users/', allowed: SUPER },
  'GET /users/add/': { url: () => '/wagtail/users/add/', allowed: SUPER },
  'POST /users/add/': { url: () => '/wagtail/users/add/', allowed: SUPER, body: { username: '' } },
  'GET /users/:id/': { url: async (f) => `/wagtail/users/${await f.throwawayUserId()}/`, allowed: SUPER },
  'POST /users/:id/': { url: async (f) => `/wagtail/users/${await f.throwawayUserId()}/`, allowed: SUPER, body: { username: '' } },
  'POST /users/:id/deactivate/': { url: async (f) => `/wagtail/users/${await f.throwawayUserId()}/deactivate/`, allowed: SUPER },
  'GET /groups/': { url: () => '/wagtail/groups/', allowed: SUPER },
  'GET /groups/add/': { url: () => '/wagtail/groups/add/', allowed: SUPER },
  'POST /groups/add/': { url: () => '/wagtail/groups/add/', allowed: SUPER, body: { name: '' } },
  'GET /groups/:id/': { url: (f) => `/wagtail/groups/${f.groupId}/`, allowed: SUPER },
  'POST /groups/:id/': { url: (f) => `/wagtail/groups/${f.groupId}/`, allowed: SUPER, body: { name: '' } },
  'GET /sites/': { url: () => '/wagtail/sites/', allowed: SUPER },
  'GET /sites/add/': { url: () => '/wagtail/sites/add/', allowed: SUPER },
  'POST /sites/add/': { url: () => '/wagtail/sites/add/', allowed: SUPER, body: { hostname: '' } },
  'GET /sites/:id/': { url: (f) => `/wagtail/sites/${f.siteId}/`, allowed: SUPER },
  'POST /sites/:id/': { url: (f) => `/wagtail/sites/${f.siteId}/`, allowed: SUPER, body: { hostname: '' } },
  'GET /account/': { url: () => '/wagtail/account/', allowed: ALL },
  'POST /account/': { url: () => '/wagtail/account/', allowed: ALL, body: { email: '' } },
  'POST /account/change_password/': { url: () => '/wagtail/account/change_password/', allowed: ALL, body: { old_password: '' } },

  'GET /api/main/pages/': { url: () => '/wagtail/api/main/pages/', allowed: ALL, json: true },
  'GET /api/main/pages/find/': { url: async (f, s) => `/wagtail/api/main/pages/find/?id=${(await shared(f, s)).id}`, allowed: ALL, scoped: true, json: true },
  'GET /api/main/pages/:pk/': { url: async (f, s) => `/wagtail/api/main/pages/${(await shared(f, s)).id}/`, allowed: ALL, scoped: true, json: true },
  'POST /api/main/pages/:pk/action/:action/': [
    { url: async (f, s) => `/wagtail/api/main/pages/${(await fresh(f, s)).id}/action/publish/`, allowed: PUBLISHERS, scoped: true, json: true, body: {} },
    { url: async (f, s) => `/wagtail/api/main/pages/${(await fresh(f, s)).id}/action/unpublish/`, allowed: PUBLISHERS, scoped: true, json: true, body: {} },
    { url: async (f, s) => `/wagtail/api/main/pages/${(await fresh(f, s)).id}/action/delete/`, allowed: PUBLISHERS, scoped: true, json: true, body: {} },
    {
      url: async (f, s) => `/wagtail/api/main/pages/${(await fresh(f, s)).id}/action/move/`,
      allowed: ALL,
      scoped: true,
      json: true,
      body: { destination_page_id: 0 }, // replaced by the 'in' section below
    },
    { url: async (f, s) => `/wagtail/api/main/pages/${(await fresh(f, s)).id}/action/copy/`, allowed: ALL, scoped: true, json: true, body: {} },
    {
      url: async (f, s) => {
        const page = await fresh(f, s);
        return `/wagtail/api/main/pages/${page.id}/action/revert_to_page_revision/?revision=${rev(page)}`;
      },
      allowed: ALL,
      scoped: true,
      json: true,
    },
  ],
};

/** Every 'METHOD path' registered on the admin router (mounted at /wagtail), read from Express's stack. */
function adminRoutesOf(app: Express): string[] {
  type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle: { stack?: Layer[] }; match(path: string): boolean };
  const top = (app as unknown as { router: { stack: Layer[] } }).router.stack;
  const admin = top.find((layer) => layer.handle.stack && layer.match('/wagtail/login/') && !layer.match('/not-the-admin/'));
  if (!admin) throw new Error('the admin router is not mounted at /wagtail');
  const out: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) for (const method of Object.keys(layer.route.methods)) out.push(`${method.toUpperCase()} ${layer.route.path}`);
      // Sub-routers are mounted without a path (router.use(subRouter)).
      else if (layer.handle.stack) walk(layer.handle.stack);
    }
  };
  walk(admin.handle.stack!);
  return [...new Set(out)];
}

describe('back office: permission matrix', () => {
  let t: TestApp;
  let fixtures: Fixtures;
  const agents = new Map<Role, { agent: ReturnType<typeof request.agent>; token: string }>();
  const credentials: Record<SignedIn, { username: string; password: string }> = {
    editor: { username: 'matrix-editor', password: 'matrix-editor-password' },
    moderator: { username: 'matrix-moderator', password: 'matrix-moderator-password' },
    superuser: TEST_ADMIN,
  };

  before(async () => {
    t = await createTestApp();
    const db = t.db;
    const homes = await db.selectFrom('pages').selectAll().where('depth', '=', 2).orderBy('path').execute();
    const us = homes.find((h) => h.title === 'Harborline Seafood')!;
    const ca = homes.find((h) => h.title === 'Harborline Seafood Canada')!;
    const emptyContent = { body: [] };
    const sections = {
      in: await createPage(db, { parentId: us.id, pageType: 'ExamplePage', title: 'Matrix section', content: emptyContent, publish: true }),
      out: await createPage(db, { parentId: ca.id, pageType: 'ExamplePage', title: 'Matrix outside', content: emptyContent, publish: true }),
    };
    let n = 0;
    const sharedLeaves = new Map<Scope, Page>();
    const makeLeaf = (scope: Scope) =>
      createPage(db, { parentId: sections[scope].id, pageType: 'ExamplePage', title: `Matrix leaf ${++n}`, content: emptyContent, publish: true });
    const editorsGroup = await insertGroup(db, { name: 'Matrix section editors', can_access_admin: true });
    await replaceGroupPagePermissions(db, editorsGroup.id, [
      { page_id: sections.in.id, permission_type: 'add' },
      { page_id: sections.in.id, permission_type: 'change' },
    ]);
    const moderators = (await findGroupByName(db, 'Moderators'))!;
    for (const [role, groupId] of [['editor', editorsGroup.id], ['moderator', moderators.id]] as const) {
      const user = await insertUser(db, { username: credentials[role].username, email: `${role}@example.com`, password_hash: await hashPassword(credentials[role].password), is_superuser: false });
      await replaceUserGroups(db, user.id, [groupId]);
    }
    let u = 0;
    const site = await db.selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow();
    fixtures = {
      section: (scope) => sections[scope],
      leaf: async (scope, isFresh) => {
        if (isFresh) return makeLeaf(scope);
        if (!sharedLeaves.has(scope)) sharedLeaves.set(scope, await makeLeaf(scope));
        return sharedLeaves.get(scope)!;
      },
      throwawayUserId: async () => (await insertUser(db, { username: `throwaway-${++u}`, email: `t${u}@example.com`, password_hash: 'x', is_superuser: false })).id,
      groupId: editorsGroup.id,
      siteId: site.id,
    };
    const anonymous = request.agent(t.app);
    agents.set('anonymous', { agent: anonymous, token: csrfTokenIn((await anonymous.get('/wagtail/login/')).text) });
    for (const role of ['editor', 'moderator', 'superuser'] as const) {
      const agent = await signedInAgent(t.app, credentials[role]);
      agents.set(role, { agent, token: csrfTokenIn((await agent.get('/wagtail/account/').expect(200)).text) });
    }
  });
  after(async () => t.close());

  it('has a rule for every admin route, and no rule for a route that does not exist', () => {
    const routes = adminRoutesOf(t.app);
    expect(routes.filter((route) => !(route in RULES)), 'routes without a rule').to.deep.equal([]);
    expect(Object.keys(RULES).filter((rule) => !routes.includes(rule)), 'rules without a route').to.deep.equal([]);
  });

  /** Sends one check as one role and says whether it got past the permission check. */
  async function outcome(role: Role, key: string, check: Check, scope: Scope): Promise<'login' | 'denied' | 'allowed'> {
    const [method] = key.split(' ');
    let url = await check.url(fixtures, scope);
    let body: Record<string, unknown> | undefined = check.body;
    // Per-action bodies that need fixture ids.
    if (url.includes('/action/move/')) body = { destination_page_id: fixtures.section('in').id };
    if (url.includes('/action/copy/')) body = { destination_page_id: fixtures.section('in').id, update_attrs: { slug: `copy-${Date.now()}-${Math.random().toString(36).slice(2)}` } };
    const revert = /\?revision=(\d+)$/.exec(url);
    if (revert) {
      url = url.replace(/\?revision=\d+$/, '');
      body = { revision_id: Number(revert[1]) };
    }
    let { agent, token } = agents.get(role)!;
    if (check.endsSession) {
      agent = role === 'anonymous' ? request.agent(t.app) : await signedInAgent(t.app, credentials[role]);
      token = csrfTokenIn((await agent.get(role === 'anonymous' ? '/wagtail/login/' : '/wagtail/account/')).text);
    }
    let res;
    if (method === 'GET') {
      res = await (check.json ? agent.get(url).set('Accept', 'application/json') : agent.get(url));
    } else if (check.json) {
      res = await agent.post(url).set('X-CSRFToken', token).set('Accept', 'application/json').send(body ?? {});
    } else {
      res = await agent.post(url).type('form').send({ csrfmiddlewaretoken: token, ...(body ?? {}) });
    }
    if (res.status === 401 || (res.status === 302 && String(res.headers.location).startsWith('/wagtail/login/?next='))) return 'login';
    if (res.status === 403) return 'denied';
    if (res.status >= 500) throw new Error(`${role} ${key} (${scope}) answered ${res.status}: ${res.text.slice(0, 300)}`);
    return 'allowed';
  }

  for (const [key, rule] of Object.entries(RULES)) {
    const checks = Array.isArray(rule) ? rule : [rule];
    checks.forEach((check, index) => {
      it(`${key}${checks.length > 1 ? ` #${index + 1}` : ''}`, async () => {
        const scopes: Scope[] = check.scoped ? ['in', 'out'] : ['in'];
        for (const scope of scopes) {
          for (const role of ['anonymous', 'editor', 'moderator', 'superuser'] as const) {
            const got = await outcome(role, key, check, scope);
            let want: 'login' | 'denied' | 'allowed';
            if (check.allowed === 'everyone') want = 'allowed';
            else if (role === 'anonymous') want = 'login';
            else if (scope === 'out') want = role === 'superuser' ? 'allowed' : 'denied';
            else want = check.allowed.includes(role) ? 'allowed' : 'denied';
            expect(got, `${role} on ${key} (${scope})`).to.equal(want);
          }
        }
      });
    });
  }

  it('lists only the pages an editor may see in the API and the explorer', async () => {
    const { agent } = agents.get('editor')!;
    const list = await agent.get(`/wagtail/api/main/pages/?descendant_of=root&limit=20`).set('Accept', 'application/json').expect(200);
    const titles = (list.body.items as Array<{ title: string }>).map((i) => i.title);
    expect(titles).to.include('Matrix section').and.to.include('Harborline Seafood');
    expect(titles).not.to.include('Harborline Seafood Canada').and.not.to.include('Matrix outside');
    const explorer = await agent.get('/wagtail/pages/').expect(200);
    expect(explorer.text).to.include('Harborline Seafood').and.not.to.include('Harborline Seafood Canada');
    // The US home is only an ancestor for the editor: shown, but not a link to its editor.
    const us = (await t.db.selectFrom('pages').select('id').where('title', '=', 'Harborline Seafood').executeTakeFirstOrThrow()).id;
    expect(explorer.text).not.to.include(`href="/wagtail/pages/${us}/edit/"`);
    const home = await agent.get(`/wagtail/pages/${us}/`).expect(200);
    expect(home.text).to.include(`href="/wagtail/pages/${fixtures.section('in').id}/edit/"`);
    expect(home.text).not.to.include(`href="/wagtail/pages/${us}/edit/"`);
    // Only the section is listed under the US home, and the count says so.
    expect([...home.text.matchAll(/class="admin-table__title"/g)]).to.have.length(1);
  });
});
