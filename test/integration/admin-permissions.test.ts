import { expect } from 'chai';
import type { Express } from 'express';
import request from 'supertest';
import { createCollection, rootCollectionId } from '../../server/modules/collections/service';
import {
  findGroupByName,
  insertGroup,
  replaceGroupModelPermissions,
  replaceGroupPagePermissions,
  replaceUserGroups,
} from '../../server/modules/permissions/groups-repo';
import { createRedirect } from '../../server/modules/redirects/service';
import { createPage } from '../../server/modules/pages/service';
import { submitTranslation } from '../../server/modules/translations/submit-service';
import { submitSnippetTranslation } from '../../server/modules/translations/snippet-submit-service';
import { findChromeFor } from '../../server/modules/snippets/service';
import type { Page } from '../../server/modules/pages/table';
import { hashPassword } from '../../server/modules/users/passwords';
import { insertUser } from '../../server/modules/users/repo';
import { csrfTokenIn, signedInAgent } from '../helpers/admin';
import { TEST_ADMIN, type TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';
import { ADMIN_VIEWSETS } from '../../server/modules/admin/areas';
import { REPORTS } from '../../server/modules/admin/reports/registry';
import {
  addUrlOf,
  listUrlOf,
  modelKey,
  type ActionPermission,
  type AnyViewSet,
} from '../../server/modules/admin/viewsets/definition';
import { bulkActionUrlOf } from '../../server/modules/admin/viewsets/list';
import { mayBulk, mayDo, offeredBulkActions, permits } from '../../server/modules/admin/viewsets/permission-policy';
import { viewSetRouteTable } from '../../server/modules/admin/viewsets/route-table';
import { buildModelPermissions, type UserModelPermissions } from '../../server/modules/permissions/model-policy';
import { listUserCollectionPermissions, listUserModelPermissions } from '../../server/modules/permissions/repo';
import { pagePermissions, type UserPagePermissions } from '../../server/modules/permissions/policy';

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
 * Canada site ('out'), where only the superuser has any right (checked for the editor and the
 * moderator: the anonymous and superuser answers do not depend on the page). "Allowed" means the request got
 * past the permission check (any answer but a login redirect, 401 or 403); "denied" means 403.
 */
type Role = 'anonymous' | 'editor' | 'moderator' | 'superuser';
const PAGE_BOUND_ROLES = ['editor', 'moderator'] as const;
type SignedIn = Exclude<Role, 'anonymous'>;
type Scope = 'in' | 'out';
type Fixtures = {
  leaf: (scope: Scope, fresh: boolean) => Promise<Page>;
  section: (scope: Scope) => Page;
  siteId: number;
  /** A collection of its own (its privacy screen). */
  collectionId: () => Promise<number>;
  /** A seeded row of a media area ('documents', 'images', 'videos'). */
  mediaId: (area: string) => Promise<number>;
  /** The first row of a viewset's list (its GET screens open it). */
  viewSetRowId: (viewSet: AnyViewSet) => Promise<number>;
  /** A parent-scoped viewset's parent: the parent of its list's first row. */
  viewSetParentId: (viewSet: AnyViewSet) => Promise<number>;
  /** A French translation of the Canada section (only the superuser may change it). */
  translationId: () => Promise<number>;
  /** The Canada site's English header menu, and its French translation (snippet translation). */
  canadaMenuId: () => Promise<number>;
  snippetTranslationId: () => Promise<number>;
};
type Check = {
  /** The concrete URL for this scope. */
  url: (f: Fixtures, scope: Scope) => Promise<string> | string;
  /**
   * Who gets past the permission check on the 'in' page ('out' pages: the superuser only): the
   * roles, or (viewset routes) whoever holds the permission the viewset declares for the action.
   */
  allowed: readonly SignedIn[] | 'everyone' | { model: string; permission: ActionPermission; parent?: AnyViewSet };
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
// The matrix editor's group holds add + change on redirects and change on collections (the
// redirects import and the collections' privacy screens); the Moderators group is given change on
// site settings (see before()).
const REDIRECT_EDITORS: readonly SignedIn[] = ['editor', 'superuser'];
const COLLECTION_EDITORS: readonly SignedIn[] = ['editor', 'superuser'];
const SETTINGS_EDITORS: readonly SignedIn[] = ['moderator', 'superuser'];
// Snippets: the matrix editor's group holds change on countries and on header menus (not publish).
const SNIPPET_EDITORS: readonly SignedIn[] = ['editor', 'superuser'];

/**
 * Every route of every viewset, read from its declaration (viewsets/route-table.ts), and expected
 * to let through exactly whoever holds the permission the declaration names for its action. GET
 * screens open the viewset's first row; POSTs name a row that does not exist (past the check it
 * is a 404 and nothing changes); an add form posted empty is refused (400).
 */
function viewSetRules(): Record<string, Check[]> {
  const rules: Record<string, Check[]> = {};
  // The reports are list-only viewsets kept in their own registry (admin/reports/registry.ts).
  for (const viewSet of [...ADMIN_VIEWSETS, ...REPORTS]) {
    for (const route of viewSetRouteTable(viewSet)) {
      // Bulk delete and the bulk actions (add to collection, add tags) take the selection as ids.
      const bulk = route.path.startsWith('/bulk/');
      const check: Check = {
        url: async (f) => {
          const onRow = route.method === 'get' && (bulk || route.path.includes(':pk'));
          const pk = onRow ? await f.viewSetRowId(viewSet) : 999999;
          let path = `/wagtail${route.path.replace(':pk', String(pk)).replace(':revision_id', '1')}`;
          // Rows of a parent (a form page's submissions): the parent of the list's first row.
          if (viewSet.parent) path = path.replace(`:${viewSet.parent.param}`, String(await f.viewSetParentId(viewSet)));
          if (route.query) return `${path}?${route.query.name}=${route.query.example}`;
          return bulk && route.method === 'get' ? `${path}?id=${pk}` : path;
        },
        // The model the route table checks (the viewset's own, or its permissionModel: embeds check the
        // site settings), and for rows of a parent, the parent's own check too.
        allowed: {
          model: route.model,
          permission: route.permission,
          parent: viewSet.parent && route.path.includes(`:${viewSet.parent.param}`) ? viewSet : undefined,
        },
        body: bulk && route.method === 'post' ? { id: '999999' } : undefined,
      };
      (rules[`${route.method.toUpperCase()} ${route.path}`] ??= []).push(check);
    }
  }
  return rules;
}

/**
 * A media area's routes beyond its viewset (documents, images, videos): the multiple upload and
 * replace forms, the choosers, and its admin API. `editors` hold add and change.
 */
function mediaRules(area: string, editors: readonly SignedIn[]): Record<string, Check> {
  const existing = (path: (id: number) => string) => async (f: Fixtures) =>
    `/wagtail/${area}/${path(await f.mediaId(area))}`;
  const rules: Record<string, Check> = {
    [`GET /${area}/multiple/add/`]: { url: () => `/wagtail/${area}/multiple/add/`, allowed: editors },
    // Without a file: past the check it is the form again with 'Choose a file'.
    [`POST /${area}/multiple/add/`]: {
      url: () => `/wagtail/${area}/multiple/add/`,
      allowed: editors,
      body: { title: '' },
    },
    [`GET /${area}/:pk/replace/`]: { url: existing((id) => `${id}/replace/`), allowed: editors },
    [`POST /${area}/:pk/replace/`]: { url: existing((id) => `${id}/replace/`), allowed: editors, body: {} },
  };
  if (area === 'documents')
    rules['GET /documents/chooser/'] = { url: () => '/wagtail/documents/chooser/', allowed: editors, json: true };
  if (area === 'images') {
    // The block editor's image chooser: its collection filter and the chosen image's block value.
    rules['GET /images/chooser/'] = { url: () => '/wagtail/images/chooser/', allowed: editors, json: true };
    rules['GET /images/chooser/:pk/'] = { url: existing((id) => `chooser/${id}/`), allowed: editors, json: true };
  }
  // The admin API's media listing, lookup and detail.
  rules[`GET /api/main/${area}/`] = { url: () => `/wagtail/api/main/${area}/`, allowed: editors, json: true };
  rules[`GET /api/main/${area}/find/`] = {
    url: async (f) => `/wagtail/api/main/${area}/find/?id=${await f.mediaId(area)}`,
    allowed: editors,
    json: true,
  };
  rules[`GET /api/main/${area}/:pk/`] = {
    url: async (f) => `/wagtail/api/main/${area}/${await f.mediaId(area)}/`,
    allowed: editors,
    json: true,
  };
  return rules;
}
// Media: the matrix editor's group holds add + change on documents, images and videos.
const MEDIA_EDITORS: readonly SignedIn[] = ['editor', 'superuser'];
const fresh = (f: Fixtures, scope: Scope) => f.leaf(scope, true);
const shared = (f: Fixtures, scope: Scope) => f.leaf(scope, false);
const rev = (page: Page) => page.latest_revision_id!;
const sessionKey = () => `matrix-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;

/** The page bulk actions (/wagtail/bulk/wagtailcore/page/{action}/), GET and POST, on the leaf of each scope. */
function bulkRules(): Record<string, Check> {
  const who = { publish: PUBLISHERS, unpublish: PUBLISHERS, delete: PUBLISHERS, move: ALL } as const;
  const rules: Record<string, Check> = {};
  for (const [action, allowed] of Object.entries(who)) {
    const path = `/bulk/wagtailcore/page/${action}/`;
    rules[`GET ${path}`] = {
      url: async (f, s) => `/wagtail${path}?id=${(await shared(f, s)).id}`,
      allowed,
      scoped: true,
    };
    // Move without a destination: past the check it is the screen again asking for one (400).
    rules[`POST ${path}`] = {
      url: async (f, s) => `/wagtail${path}?id=${(await fresh(f, s)).id}`,
      allowed,
      scoped: true,
    };
  }
  return rules;
}

/** The rules, keyed 'METHOD path' exactly as the routes are registered. */
const RULES: Record<string, Check | Check[]> = {
  ...viewSetRules(),
  'GET /login/': { url: () => '/wagtail/login/', allowed: 'everyone' },
  'POST /login/': { url: () => '/wagtail/login/', allowed: 'everyone', body: { username: '', password: '' } },
  'POST /logout/': { url: () => '/wagtail/logout/', allowed: 'everyone', endsSession: true },
  'GET /password_reset/': { url: () => '/wagtail/password_reset/', allowed: 'everyone' },
  'POST /password_reset/': {
    url: () => '/wagtail/password_reset/',
    allowed: 'everyone',
    body: { email: 'nobody@example.com' },
  },
  // The public pages' staff userbar: anyone may ask (204 unless staff with admin access).
  'GET /userbar/': { url: () => '/wagtail/userbar/?path=/', allowed: 'everyone' },
  'GET /password_reset/done/': { url: () => '/wagtail/password_reset/done/', allowed: 'everyone' },
  'GET /password_reset/confirm/:uidb64/:token/': {
    url: () => `/wagtail/password_reset/confirm/MQ/${'x'.repeat(43)}/`,
    allowed: 'everyone',
  },
  'POST /password_reset/confirm/:uidb64/:token/': {
    url: () => `/wagtail/password_reset/confirm/MQ/${'x'.repeat(43)}/`,
    allowed: 'everyone',
  },
  'GET /password_reset/complete/': { url: () => '/wagtail/password_reset/complete/', allowed: 'everyone' },

  'GET /': { url: () => '/wagtail/', allowed: ALL },
  'GET /pages/': { url: () => '/wagtail/pages/', allowed: ALL },
  'GET /pages/:id/': { url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/`, allowed: ALL, scoped: true },
  // Results are limited to the user's subtrees (tested in admin-explorer-search), the screen is open to all.
  'GET /pages/search/': { url: () => '/wagtail/pages/search/?q=matrix', allowed: ALL },
  // The search across the admin: open to all; each group is limited to what the viewer may see (admin-search.test.ts).
  'GET /search/': { url: () => '/wagtail/search/?q=matrix', allowed: ALL },
  // Reordering needs 'publish' on the parent (Wagtail's can_reorder_children); the leaf's parent is the section.
  'POST /pages/:id/set_position/': {
    url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/set_position/?position=0`,
    allowed: PUBLISHERS,
    scoped: true,
  },
  'GET /pages/:id/edit/': {
    url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/edit/`,
    allowed: ALL,
    scoped: true,
  },
  'POST /pages/:id/edit/': {
    url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/edit/`,
    allowed: ALL,
    scoped: true,
    body: { title: '' },
  },
  'GET /pages/add/:parent_page_id/': {
    url: (f, s) => `/wagtail/pages/add/${f.section(s).id}/`,
    allowed: ALL,
    scoped: true,
  },
  'GET /pages/add/:type/:parent_page_id/': {
    url: (f, s) => `/wagtail/pages/add/ExamplePage/${f.section(s).id}/`,
    allowed: ALL,
    scoped: true,
  },
  'POST /pages/add/:type/:parent_page_id/': {
    url: (f, s) => `/wagtail/pages/add/ExamplePage/${f.section(s).id}/`,
    allowed: ALL,
    scoped: true,
    body: { title: '' },
  },
  'GET /pages/:id/unpublish/': {
    url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/unpublish/`,
    allowed: PUBLISHERS,
    scoped: true,
  },
  'POST /pages/:id/unpublish/': {
    url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/unpublish/`,
    allowed: PUBLISHERS,
    scoped: true,
  },
  // The leaf is live: deleting it takes content off the site, which needs publish.
  'GET /pages/:id/delete/': {
    url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/delete/`,
    allowed: PUBLISHERS,
    scoped: true,
  },
  'POST /pages/:id/delete/': {
    url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/delete/`,
    allowed: PUBLISHERS,
    scoped: true,
  },
  'GET /pages/:id/move/': {
    url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/move/`,
    allowed: ALL,
    scoped: true,
  },
  'POST /pages/:id/move/': {
    url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/move/`,
    allowed: ALL,
    scoped: true,
    body: { new_parent_page: '' },
  },
  // Bulk actions: admin access, then each page as its single-page action; 403 when the user may
  // act on none of the selected pages. The leaf is live with nothing new (publish skips it).
  ...bulkRules(),
  'GET /pages/:id/copy/': {
    url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/copy/`,
    allowed: ALL,
    scoped: true,
  },
  'POST /pages/:id/copy/': {
    url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/copy/`,
    allowed: ALL,
    scoped: true,
    body: { new_title: '' },
  },
  // Translate: whoever sees the page (or may add where a translation would go); the locales are checked on POST.
  'GET /localize/submit/page/:id/': {
    url: async (f, s) => `/wagtail/localize/submit/page/${(await shared(f, s)).id}/`,
    allowed: ALL,
    scoped: true,
  },
  'POST /localize/submit/page/:id/': {
    url: async (f, s) => `/wagtail/localize/submit/page/${(await shared(f, s)).id}/`,
    allowed: ALL,
    scoped: true,
    body: {},
  },
  // The translation editor: 'change' on the translated page (the Canada site's French tree).
  'GET /localize/translations/:id/edit/': {
    url: async (f) => `/wagtail/localize/translations/${await f.translationId()}/edit/`,
    allowed: SUPER,
  },
  'POST /localize/translations/:id/edit/': {
    url: async (f) => `/wagtail/localize/translations/${await f.translationId()}/edit/`,
    allowed: SUPER,
    body: { action: 'save' },
  },
  // Agency files: download needs 'view' on the source (the Canada English page), upload and apply
  // 'change' on the translated page. Without a file the upload is the form again (400); a bad token 400.
  'GET /localize/translations/:id/download/': {
    url: async (f) => `/wagtail/localize/translations/${await f.translationId()}/download/`,
    allowed: SUPER,
  },
  'GET /localize/translations/:id/upload/': {
    url: async (f) => `/wagtail/localize/translations/${await f.translationId()}/upload/`,
    allowed: SUPER,
  },
  'POST /localize/translations/:id/upload/': {
    url: async (f) => `/wagtail/localize/translations/${await f.translationId()}/upload/`,
    allowed: SUPER,
    body: {},
  },
  'POST /localize/translations/:id/upload/apply/': {
    url: async (f) => `/wagtail/localize/translations/${await f.translationId()}/upload/apply/`,
    allowed: SUPER,
    body: { token: 'not-a-token' },
  },
  // Snippet translation: a right on the model (the matrix editor's change on header menus) or on
  // the site's home page in the target language (the Canada French home: the superuser only here).
  'GET /localize/submit/snippet/:app/:model/:id/': {
    url: async (f) => `/wagtail/localize/submit/snippet/core/tierednavigation/${await f.canadaMenuId()}/`,
    allowed: SNIPPET_EDITORS,
  },
  'POST /localize/submit/snippet/:app/:model/:id/': {
    url: async (f) => `/wagtail/localize/submit/snippet/core/tierednavigation/${await f.canadaMenuId()}/`,
    allowed: SNIPPET_EDITORS,
    body: {},
  },
  'GET /localize/snippet-translations/:id/edit/': {
    url: async (f) => `/wagtail/localize/snippet-translations/${await f.snippetTranslationId()}/edit/`,
    allowed: SNIPPET_EDITORS,
  },
  'POST /localize/snippet-translations/:id/edit/': {
    url: async (f) => `/wagtail/localize/snippet-translations/${await f.snippetTranslationId()}/edit/`,
    allowed: SNIPPET_EDITORS,
    body: { action: 'save' },
  },
  'POST /pages/:id/lock/': {
    url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/lock/`,
    allowed: PUBLISHERS,
    scoped: true,
  },
  'POST /pages/:id/unlock/': {
    url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/unlock/`,
    allowed: PUBLISHERS,
    scoped: true,
  },
  'GET /pages/:id/history/': {
    url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/history/`,
    allowed: ALL,
    scoped: true,
  },
  // Unscheduling needs publish (Wagtail's can_unschedule); the leaf's latest revision is not scheduled (GET 200, POST 409).
  'GET /pages/:id/revisions/:revision_id/unschedule/': {
    url: async (f, s) => {
      const page = await shared(f, s);
      return `/wagtail/pages/${page.id}/revisions/${rev(page)}/unschedule/`;
    },
    allowed: PUBLISHERS,
    scoped: true,
  },
  'POST /pages/:id/revisions/:revision_id/unschedule/': {
    url: async (f, s) => {
      const page = await fresh(f, s);
      return `/wagtail/pages/${page.id}/revisions/${rev(page)}/unschedule/`;
    },
    allowed: PUBLISHERS,
    scoped: true,
  },
  'GET /pages/:id/usage/': {
    url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/usage/`,
    allowed: ALL,
    scoped: true,
  },
  'GET /pages/:id/revisions/': {
    url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/revisions/`,
    allowed: ALL,
    scoped: true,
  },
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
  'GET /pages/:id/revisions/:revision_id/revert/': {
    url: async (f, s) => {
      const page = await shared(f, s);
      return `/wagtail/pages/${page.id}/revisions/${rev(page)}/revert/`;
    },
    allowed: ALL,
    scoped: true,
  },
  'GET /pages/:id/revisions/:revision_id/preview/': {
    url: async (f, s) => {
      const page = await shared(f, s);
      return `/wagtail/pages/${page.id}/revisions/${rev(page)}/preview/`;
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
  'GET /pages/:id/privacy/': {
    url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/privacy/`,
    allowed: PUBLISHERS,
    scoped: true,
  },
  'POST /pages/:id/privacy/': {
    url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/privacy/`,
    allowed: PUBLISHERS,
    scoped: true,
    body: { restriction_type: 'groups' },
  },

  'GET /pages/:id/view_draft/': {
    url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/view_draft/`,
    allowed: ALL,
    scoped: true,
  },
  // Comments need 'change' on the page (Wagtail: whoever may edit may comment); a comment that does not exist is a 404 past the check.
  'GET /pages/:id/comments/': {
    url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/comments/`,
    allowed: ALL,
    scoped: true,
  },
  'POST /pages/:id/comments/': {
    url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/comments/`,
    allowed: ALL,
    scoped: true,
    body: { content_path: 'title', text: '' },
  },
  'POST /pages/:id/comments/:commentId/reply/': {
    url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/comments/999999/reply/`,
    allowed: ALL,
    scoped: true,
    body: { text: 'A reply' },
  },
  'POST /pages/:id/comments/:commentId/resolve/': {
    url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/comments/999999/resolve/`,
    allowed: ALL,
    scoped: true,
  },
  'POST /pages/:id/edit/preview/': {
    url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/edit/preview/`,
    allowed: ALL,
    scoped: true,
    body: { title: '' },
  },
  // Moderation: reviewing needs membership of a group of the current task (Wagtail's group
  // approval task), wherever the workflow applies: the seeded workflow's Moderators on any site
  // (no page permission involved, so not scoped); cancelling needs 'change' or being the submitter.
  'GET /pages/:id/workflow/request_changes/': {
    url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/workflow/request_changes/`,
    allowed: PUBLISHERS,
  },
  'POST /pages/:id/workflow/request_changes/': {
    url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/workflow/request_changes/`,
    allowed: PUBLISHERS,
    body: { comment: '' },
  },
  'GET /pages/:id/workflow/approve/': {
    url: async (f, s) => `/wagtail/pages/${(await shared(f, s)).id}/workflow/approve/`,
    allowed: PUBLISHERS,
  },
  'POST /pages/:id/workflow/approve/': {
    url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/workflow/approve/`,
    allowed: PUBLISHERS,
  },
  'POST /pages/:id/workflow/cancel/': {
    url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/workflow/cancel/`,
    allowed: ALL,
    scoped: true,
  },

  'POST /pages/:id/edit/autosave/': {
    url: async (f, s) => `/wagtail/pages/${(await fresh(f, s)).id}/edit/autosave/`,
    allowed: ALL,
    scoped: true,
    json: true,
    body: { title: '' },
  },
  'POST /editing-sessions/ping/pages/:page_id/:session_key/': {
    url: async (f, s) => `/wagtail/editing-sessions/ping/pages/${(await shared(f, s)).id}/${sessionKey()}/`,
    allowed: ALL,
    scoped: true,
    json: true,
    body: { is_editing: false, revision_id: null, active: true },
  },
  'POST /editing-sessions/release/:session_key/': {
    url: () => `/wagtail/editing-sessions/release/${sessionKey()}/`,
    allowed: ALL,
    json: true,
  },
  'GET /editing-sessions/csrf-token/': { url: () => '/wagtail/editing-sessions/csrf-token/', allowed: ALL, json: true },

  'GET /account/': { url: () => '/wagtail/account/', allowed: ALL },
  'POST /account/': { url: () => '/wagtail/account/', allowed: ALL, body: { email: '' } },
  'POST /account/change_password/': {
    url: () => '/wagtail/account/change_password/',
    allowed: ALL,
    body: { old_password: '' },
  },

  'GET /redirects/import/': { url: () => '/wagtail/redirects/import/', allowed: REDIRECT_EDITORS },
  'POST /redirects/import/': {
    url: () => '/wagtail/redirects/import/',
    allowed: REDIRECT_EDITORS,
    body: { site: '', is_permanent: 'permanent' },
  },
  'POST /redirects/import/process/': {
    url: () => '/wagtail/redirects/import/process/',
    allowed: REDIRECT_EDITORS,
    body: { token: 'x'.repeat(32) },
  },

  'GET /collections/:pk/privacy/': {
    url: async (f) => `/wagtail/collections/${await f.collectionId()}/privacy/`,
    allowed: COLLECTION_EDITORS,
  },
  'POST /collections/:pk/privacy/': {
    url: async (f) => `/wagtail/collections/${await f.collectionId()}/privacy/`,
    allowed: COLLECTION_EDITORS,
    body: { restriction_type: 'groups' },
  },

  'GET /settings/': { url: () => '/wagtail/settings/', allowed: SETTINGS_EDITORS },
  'GET /settings/:app/:model/': { url: () => '/wagtail/settings/core/sitesettings/', allowed: SETTINGS_EDITORS },
  'GET /settings/:app/:model/:site_id/': {
    url: (f) => `/wagtail/settings/core/sitesettings/${f.siteId}/`,
    allowed: SETTINGS_EDITORS,
  },
  'POST /settings/:app/:model/:site_id/': {
    url: (f) => `/wagtail/settings/core/sitesettings/${f.siteId}/`,
    allowed: SETTINGS_EDITORS,
    body: { robots_policy: 'nonsense' },
  },
  'GET /settings/:app/:model/:site_id/history/': {
    url: (f) => `/wagtail/settings/core/sitesettings/${f.siteId}/history/`,
    allowed: SETTINGS_EDITORS,
  },

  ...mediaRules('documents', MEDIA_EDITORS),
  ...mediaRules('images', MEDIA_EDITORS),
  ...mediaRules('videos', MEDIA_EDITORS),
  // A video's caption tracks: seeing them needs any video permission, adding or deleting one change.
  'GET /videos/:pk/tracks/': {
    url: async (f) => `/wagtail/videos/${await f.mediaId('videos')}/tracks/`,
    allowed: MEDIA_EDITORS,
  },
  // Without label or text: past the check it is the form again (400), nothing is added.
  'POST /videos/:pk/tracks/': {
    url: async (f) => `/wagtail/videos/${await f.mediaId('videos')}/tracks/`,
    allowed: MEDIA_EDITORS,
    body: { label: '' },
  },
  // A track that does not exist: past the check it is a 404, nothing is deleted.
  'POST /videos/:pk/tracks/:track_id/delete/': {
    url: async (f) => `/wagtail/videos/${await f.mediaId('videos')}/tracks/999999/delete/`,
    allowed: MEDIA_EDITORS,
  },

  'GET /snippets/': { url: () => '/wagtail/snippets/', allowed: SNIPPET_EDITORS },
  'GET /api/main/snippets/core/toolbox/': {
    url: () => '/wagtail/api/main/snippets/core/toolbox/?search=x',
    allowed: ALL,
    json: true,
  },
  // The host stand: the list is open to all and shows only what each may manage; a restaurant's
  // screens need a host-stand grant (none of the matrix groups has one) or the superuser flag.
  // The events stream is checked on an unknown restaurant, so the allowed request ends (404).
  'GET /waitlist/': { url: () => '/wagtail/waitlist/', allowed: ALL },
  'GET /waitlist/access/': { url: () => '/wagtail/waitlist/access/', allowed: SUPER },
  'POST /waitlist/access/': { url: () => '/wagtail/waitlist/access/', allowed: SUPER, body: { group: '', rlid: '' } },
  'POST /waitlist/access/:id/delete/': { url: () => '/wagtail/waitlist/access/999999/delete/', allowed: SUPER },
  'GET /waitlist/:rlid/': { url: () => '/wagtail/waitlist/1001/', allowed: SUPER },
  'GET /waitlist/:rlid/events/': { url: () => '/wagtail/waitlist/999999999/events/', allowed: SUPER },
  'POST /waitlist/:rlid/walk-in/': { url: () => '/wagtail/waitlist/1001/walk-in/', allowed: SUPER, body: { name: '' } },
  'POST /waitlist/:rlid/entries/:id/': {
    url: () => '/wagtail/waitlist/1001/entries/999999/',
    allowed: SUPER,
    body: { action: 'nonsense' },
  },
  'POST /waitlist/:rlid/pause/': {
    url: () => '/wagtail/waitlist/1001/pause/',
    allowed: SUPER,
    body: { paused: 'maybe' },
  },
  'POST /waitlist/:rlid/settings/': {
    url: () => '/wagtail/waitlist/1001/settings/',
    allowed: SUPER,
    body: { slot_minutes: '7' },
  },

  // Reports: the index is open to everyone with admin access. Each report is a list-only viewset
  // whose rules (list and export, 'admin': everyone signed in to the back office) are generated
  // above from its declaration; each list is scoped to what the viewer may see (admin-reports).
  'GET /reports/': { url: () => '/wagtail/reports/', allowed: ALL },

  'GET /api/main/pages/': { url: () => '/wagtail/api/main/pages/', allowed: ALL, json: true },
  'GET /api/main/pages/find/': {
    url: async (f, s) => `/wagtail/api/main/pages/find/?id=${(await shared(f, s)).id}`,
    allowed: ALL,
    scoped: true,
    json: true,
  },
  'GET /api/main/pages/:pk/': {
    url: async (f, s) => `/wagtail/api/main/pages/${(await shared(f, s)).id}/`,
    allowed: ALL,
    scoped: true,
    json: true,
  },
  'POST /api/main/pages/:pk/action/:action/': [
    {
      url: async (f, s) => `/wagtail/api/main/pages/${(await fresh(f, s)).id}/action/publish/`,
      allowed: PUBLISHERS,
      scoped: true,
      json: true,
      body: {},
    },
    {
      url: async (f, s) => `/wagtail/api/main/pages/${(await fresh(f, s)).id}/action/unpublish/`,
      allowed: PUBLISHERS,
      scoped: true,
      json: true,
      body: {},
    },
    {
      url: async (f, s) => `/wagtail/api/main/pages/${(await fresh(f, s)).id}/action/delete/`,
      allowed: PUBLISHERS,
      scoped: true,
      json: true,
      body: {},
    },
    {
      url: async (f, s) => `/wagtail/api/main/pages/${(await fresh(f, s)).id}/action/move/`,
      allowed: ALL,
      scoped: true,
      json: true,
      body: { destination_page_id: 0 }, // replaced by the 'in' section below
    },
    {
      url: async (f, s) => `/wagtail/api/main/pages/${(await fresh(f, s)).id}/action/copy/`,
      allowed: ALL,
      scoped: true,
      json: true,
      body: {},
    },
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
  type Layer = {
    route?: { path: string; methods: Record<string, boolean> };
    handle: { stack?: Layer[] };
    match(path: string): boolean;
  };
  const top = (app as unknown as { router: { stack: Layer[] } }).router.stack;
  const admin = top.find(
    (layer) => layer.handle.stack && layer.match('/wagtail/login/') && !layer.match('/not-the-admin/'),
  );
  if (!admin) throw new Error('the admin router is not mounted at /wagtail');
  const out: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route)
        for (const method of Object.keys(layer.route.methods)) out.push(`${method.toUpperCase()} ${layer.route.path}`);
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
  /** What each signed-in role holds, for the viewset rules (whoever holds the declared permission). */
  const held = new Map<SignedIn, UserModelPermissions>();
  /** Their page permissions: a parent-scoped viewset's parent (a form page) checks them. */
  const heldPages = new Map<SignedIn, UserPagePermissions>();
  /** Whether the role may open the rows of a parent-scoped viewset's fixture parent. */
  let parentAllowed: (role: SignedIn, viewSet: AnyViewSet) => Promise<boolean>;
  const credentials: Record<SignedIn, { username: string; password: string }> = {
    editor: { username: 'matrix-editor', password: 'matrix-editor-password' },
    moderator: { username: 'matrix-moderator', password: 'matrix-moderator-password' },
    superuser: TEST_ADMIN,
  };

  useTestApp({}, (suite) => ({ t } = suite));
  before(async () => {
    const db = t.db;
    const homes = await db.selectFrom('pages').selectAll().where('depth', '=', 2).orderBy('path').execute();
    const us = homes.find((h) => h.title === 'Harborline Seafood')!;
    const ca = homes.find((h) => h.title === 'Harborline Seafood Canada')!;
    const emptyContent = { body: [] };
    const sections = {
      in: await createPage(db, {
        parentId: us.id,
        pageType: 'ExamplePage',
        title: 'Matrix section',
        content: emptyContent,
        publish: true,
      }),
      out: await createPage(db, {
        parentId: ca.id,
        pageType: 'ExamplePage',
        title: 'Matrix outside',
        content: emptyContent,
        publish: true,
      }),
    };
    let n = 0;
    const sharedLeaves = new Map<Scope, Page>();
    const makeLeaf = (scope: Scope) =>
      createPage(db, {
        parentId: sections[scope].id,
        pageType: 'ExamplePage',
        title: `Matrix leaf ${++n}`,
        content: emptyContent,
        publish: true,
      });
    const editorsGroup = await insertGroup(db, { name: 'Matrix section editors', can_access_admin: true });
    await replaceGroupPagePermissions(db, editorsGroup.id, [
      { page_id: sections.in.id, permission_type: 'add' },
      { page_id: sections.in.id, permission_type: 'change' },
    ]);
    const moderators = (await findGroupByName(db, 'Moderators'))!;
    await replaceGroupModelPermissions(db, editorsGroup.id, [
      { model: 'wagtailredirects.redirect', action: 'add' },
      { model: 'wagtailredirects.redirect', action: 'change' },
      { model: 'wagtailcore.collection', action: 'change' },
      { model: 'core.country', action: 'change' },
      { model: 'core.tierednavigation', action: 'change' },
      { model: 'wagtailforms.formsubmission', action: 'change' },
      { model: 'wagtaildocs.document', action: 'add' },
      { model: 'wagtaildocs.document', action: 'change' },
      { model: 'wagtailimages.image', action: 'add' },
      { model: 'wagtailimages.image', action: 'change' },
      { model: 'wagtailmedia.media', action: 'add' },
      { model: 'wagtailmedia.media', action: 'change' },
      { model: 'wagtailcore.workflow', action: 'change' },
      { model: 'wagtailcore.task', action: 'add' },
    ]);
    // Moderators may change the US pages, so with this grant they read the US contact form's
    // submissions; the editor holds the same grant but no right on that page, and is refused.
    await replaceGroupModelPermissions(db, moderators.id, [
      { model: 'core.sitesettings', action: 'change' },
      { model: 'wagtailforms.formsubmission', action: 'change' },
    ]);
    // A redirect and a collection of their own: every viewset's list has a first row to open.
    await createRedirect(db, {
      oldPath: '/matrix-old/',
      siteId: null,
      page: '',
      link: 'https://example.com/',
      isPermanent: true,
      matchQueryString: false,
    });
    const collection = await createCollection(db, { name: 'Matrix collection', parentId: await rootCollectionId(db) });
    for (const [role, groupId] of [
      ['editor', editorsGroup.id],
      ['moderator', moderators.id],
    ] as const) {
      const user = await insertUser(db, {
        username: credentials[role].username,
        email: `${role}@example.com`,
        password_hash: await hashPassword(credentials[role].password),
        is_superuser: false,
      });
      await replaceUserGroups(db, user.id, [groupId]);
      heldPages.set(role, await pagePermissions(db, user));
      held.set(
        role,
        buildModelPermissions(
          user,
          await listUserModelPermissions(db, user.id),
          await listUserCollectionPermissions(db, user.id),
        ),
      );
    }
    held.set('superuser', buildModelPermissions({ id: 0, is_superuser: true }, [], []));
    heldPages.set('superuser', await pagePermissions(db, { id: 0, is_superuser: true }));
    // Who reads a viewset's first row (the object routes open it): a superuser sees every row.
    const superViewer = { userId: 0, models: held.get('superuser')!, pages: heldPages.get('superuser')! };
    const firstRow = async (viewSet: AnyViewSet) => {
      const order = { column: viewSet.defaultOrder.replace(/^-/, ''), desc: viewSet.defaultOrder.startsWith('-') };
      const { rows } = await viewSet.store.list(db, { q: '', filters: {}, order, limit: 1, offset: 0 }, superViewer);
      if (!rows[0]) throw new Error(`the ${modelKey(viewSet)} list is empty: seed a row for the matrix`);
      return rows[0] as { id: number };
    };
    parentAllowed = async (role, viewSet) => {
      const parent = await viewSet.parent!.load(db, viewSet.parent!.parentIdOf(await firstRow(viewSet)));
      return parent !== undefined && viewSet.parent!.permits(heldPages.get(role)!, parent);
    };
    let sharedTranslation: number | undefined;
    let sharedSnippetTranslation: number | undefined;
    const canadaMenuId = async () => {
      const canada = await db
        .selectFrom('sites')
        .select('id')
        .where('hostname', 'like', 'ca.%')
        .executeTakeFirstOrThrow();
      return (await findChromeFor('snippet_navigation')(db, canada.id, 'en-CA'))!.id;
    };
    const site = await db.selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow();
    const contactPage = await db
      .selectFrom('pages')
      .select(['id', 'locale_id'])
      .where('page_type', '=', 'ContactUsPage')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // A submission of the US contact page: the form submissions viewset's routes open it.
    await db
      .insertInto('form_submissions')
      .values({
        page_id: contactPage.id,
        form: 'contact',
        site_id: site.id,
        language_code: 'en-US',
        data: JSON.stringify({ first_name: 'Matrix', message: '<script>x</script>' }),
      })
      .execute();
    // A subscriber: the subscribers viewset's inspect route opens it.
    await db
      .insertInto('subscribers')
      .values({
        email: 'matrix-subscriber@example.com',
        first_name: 'Matrix',
        last_name: 'Subscriber',
        postcode: '04101',
        birthday_month: null,
        birthday_day: null,
        site_id: site.id,
        language_code: 'en-US',
        updated_at: new Date(),
      })
      .execute();
    fixtures = {
      section: (scope) => sections[scope],
      leaf: async (scope, isFresh) => {
        if (isFresh) return makeLeaf(scope);
        if (!sharedLeaves.has(scope)) sharedLeaves.set(scope, await makeLeaf(scope));
        return sharedLeaves.get(scope)!;
      },
      siteId: site.id,
      collectionId: async () => collection.id,
      // The seeded media (the press kit, a demo image): shared rows none of the routes delete.
      mediaId: async (area) => {
        const table = ({ documents: 'documents', images: 'images', videos: 'videos' } as const)[area as 'documents'];
        return (await db.selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow()).id;
      },
      viewSetRowId: async (viewSet) => (await firstRow(viewSet)).id,
      viewSetParentId: async (viewSet) => viewSet.parent!.parentIdOf(await firstRow(viewSet)),
      canadaMenuId,
      snippetTranslationId: async () => {
        if (sharedSnippetTranslation === undefined) {
          const admin = await db
            .selectFrom('users')
            .selectAll()
            .where('is_superuser', '=', true)
            .executeTakeFirstOrThrow();
          const fr = await db
            .selectFrom('locales')
            .select('id')
            .where('language_code', '=', 'fr-CA')
            .executeTakeFirstOrThrow();
          const who = { user: admin, models: buildModelPermissions(admin, [], []) };
          [sharedSnippetTranslation] = await submitSnippetTranslation(
            db,
            who,
            'core.tierednavigation',
            await canadaMenuId(),
            [fr.id],
          );
        }
        return sharedSnippetTranslation!;
      },
      translationId: async () => {
        if (sharedTranslation === undefined) {
          const admin = await db
            .selectFrom('users')
            .selectAll()
            .where('is_superuser', '=', true)
            .executeTakeFirstOrThrow();
          const fr = await db
            .selectFrom('locales')
            .select('id')
            .where('language_code', '=', 'fr-CA')
            .executeTakeFirstOrThrow();
          const [made] = await submitTranslation(db, admin, sections.out.id, { localeIds: [fr.id], subpages: false });
          sharedTranslation = (
            await db
              .selectFrom('page_translations')
              .select('id')
              .where('page_id', '=', made!.pageId)
              .executeTakeFirstOrThrow()
          ).id;
        }
        return sharedTranslation;
      },
    };
    const anonymous = request.agent(t.app);
    agents.set('anonymous', { agent: anonymous, token: csrfTokenIn((await anonymous.get('/wagtail/login/')).text) });
    for (const role of ['editor', 'moderator', 'superuser'] as const) {
      const agent = await signedInAgent(t.app, credentials[role]);
      agents.set(role, { agent, token: csrfTokenIn((await agent.get('/wagtail/account/').expect(200)).text) });
    }
  });

  it('has a rule for every admin route, and no rule for a route that does not exist', () => {
    const routes = adminRoutesOf(t.app);
    expect(
      routes.filter((route) => !(route in RULES)),
      'routes without a rule',
    ).to.deep.equal([]);
    expect(
      Object.keys(RULES).filter((rule) => !routes.includes(rule)),
      'rules without a route',
    ).to.deep.equal([]);
  });

  /** Sends one check as one role and says whether it got past the permission check. */
  async function outcome(role: Role, key: string, check: Check, scope: Scope): Promise<'login' | 'denied' | 'allowed'> {
    const [method] = key.split(' ');
    let url = await check.url(fixtures, scope);
    let body: Record<string, unknown> | undefined = check.body;
    // Per-action bodies that need fixture ids.
    if (url.includes('/action/move/')) body = { destination_page_id: fixtures.section('in').id };
    if (url.includes('/action/copy/'))
      body = {
        destination_page_id: fixtures.section('in').id,
        update_attrs: { slug: `copy-${Date.now()}-${Math.random().toString(36).slice(2)}` },
      };
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
      res = await agent
        .post(url)
        .set('X-CSRFToken', token)
        .set('Accept', 'application/json')
        .send(body ?? {});
    } else {
      res = await agent
        .post(url)
        .type('form')
        .send({ csrfmiddlewaretoken: token, ...(body ?? {}) });
    }
    if (res.status === 401 || (res.status === 302 && String(res.headers.location).startsWith('/wagtail/login/?next=')))
      return 'login';
    if (res.status === 403) return 'denied';
    if (res.status >= 500)
      throw new Error(`${role} ${key} (${scope}) answered ${res.status}: ${res.text.slice(0, 300)}`);
    return 'allowed';
  }

  for (const [key, rule] of Object.entries(RULES)) {
    const checks = Array.isArray(rule) ? rule : [rule];
    checks.forEach((check, index) => {
      it(`${key}${checks.length > 1 ? ` #${index + 1}` : ''}`, async () => {
        const scopes: Scope[] = check.scoped ? ['in', 'out'] : ['in'];
        for (const scope of scopes) {
          // Outside the editor's section only the roles whose answer depends on the page: the
          // login redirect comes before any route, and a superuser's rights are the same on every page.
          const roles =
            scope === 'in' ? (['anonymous', 'editor', 'moderator', 'superuser'] as const) : PAGE_BOUND_ROLES;
          for (const role of roles) {
            const got = await outcome(role, key, check, scope);
            let want: 'login' | 'denied' | 'allowed';
            const { allowed } = check;
            if (allowed === 'everyone') want = 'allowed';
            else if (role === 'anonymous') want = 'login';
            else if (scope === 'out') want = role === 'superuser' ? 'allowed' : 'denied';
            else if ('permission' in allowed)
              want =
                permits(held.get(role)!, allowed.model, allowed.permission) &&
                (!allowed.parent || (await parentAllowed(role, allowed.parent)))
                  ? 'allowed'
                  : 'denied';
            else want = allowed.includes(role) ? 'allowed' : 'denied';
            expect(got, `${role} on ${key} (${scope})`).to.equal(want);
          }
        }
      });
    });
  }

  it('offers in the menu and on each list only the viewset actions the declaration lets the role do', async () => {
    for (const role of ['editor', 'moderator', 'superuser'] as const) {
      const { agent } = agents.get(role)!;
      const permissions = held.get(role)!;
      const dashboard = await agent.get('/wagtail/').expect(200);
      const nav = /<nav aria-label="Main"[\s\S]*?<\/nav>/.exec(dashboard.text)![0];
      for (const viewSet of [...ADMIN_VIEWSETS, ...REPORTS]) {
        let list = listUrlOf(viewSet);
        if (viewSet.parent) {
          if (!(await parentAllowed(role, viewSet))) continue;
          list = list.replace(`:${viewSet.parent.param}`, String(await fixtures.viewSetParentId(viewSet)));
        }
        if (viewSet.menu)
          expect(nav.includes(`href="${list}"`), `${role}: menu entry ${list}`).to.equal(
            mayDo(permissions, viewSet, 'list'),
          );
        if (!mayDo(permissions, viewSet, 'list')) continue;
        const screen = (await agent.get(list).expect(200)).text;
        expect(screen.includes(`href="${addUrlOf(viewSet)}"`), `${role}: add on ${list}`).to.equal(
          mayDo(permissions, viewSet, 'add'),
        );
        expect(screen.includes('export=csv'), `${role}: export on ${list}`).to.equal(
          mayDo(permissions, viewSet, 'export'),
        );
        expect(screen.includes('>Delete selected<'), `${role}: bulk delete on ${list}`).to.equal(
          mayDo(permissions, viewSet, 'delete') && viewSet.bulkDelete !== false,
        );
        for (const action of offeredBulkActions(viewSet))
          expect(
            screen.includes(`formAction="${bulkActionUrlOf(viewSet, action.name)}"`),
            `${role}: bulk ${action.name} on ${list}`,
          ).to.equal(mayBulk(permissions, viewSet, action));
      }
    }
  });

  it('lists only the pages an editor may see in the API and the explorer', async () => {
    const { agent } = agents.get('editor')!;
    const list = await agent
      .get(`/wagtail/api/main/pages/?descendant_of=root&limit=20`)
      .set('Accept', 'application/json')
      .expect(200);
    const titles = (list.body.items as Array<{ title: string }>).map((i) => i.title);
    expect(titles).to.include('Matrix section').and.to.include('Harborline Seafood');
    expect(titles).not.to.include('Harborline Seafood Canada').and.not.to.include('Matrix outside');
    const explorer = await agent.get('/wagtail/pages/').expect(200);
    expect(explorer.text).to.include('Harborline Seafood').and.not.to.include('Harborline Seafood Canada');
    // The US home is only an ancestor for the editor: shown, but not a link to its editor.
    const us = (
      await t.db.selectFrom('pages').select('id').where('title', '=', 'Harborline Seafood').executeTakeFirstOrThrow()
    ).id;
    expect(explorer.text).not.to.include(`href="/wagtail/pages/${us}/edit/"`);
    const home = await agent.get(`/wagtail/pages/${us}/`).expect(200);
    expect(home.text).to.include(`href="/wagtail/pages/${fixtures.section('in').id}/edit/"`);
    expect(home.text).not.to.include(`href="/wagtail/pages/${us}/edit/"`);
    // Only the section is listed under the US home, and the count says so.
    expect([...home.text.matchAll(/class="admin-table__title"/g)]).to.have.length(1);
  });
});
