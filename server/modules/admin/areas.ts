import type { AnyViewSet } from './viewsets/definition';
import { listUrlOf, modelKey } from './viewsets/definition';
import type { MenuEntry } from './menu';
import { collectionsViewSet } from './collections/viewset';
import { redirectsViewSet } from './redirects/viewset';
import { SNIPPET_VIEWSETS } from './snippets/registry';
import { documentsViewSet } from './documents/viewset';
import { imagesViewSet } from './images/viewset';
import { videosViewSet } from './videos/viewset';
import { SITE_SETTINGS_MODELS } from './settings-models/registry';
import type { UserModelPermissions } from '../permissions/model-policy';
import type { PermissionModel } from '../../../views/admin/GroupObjectPermissions';
import { grantableActions, mayDo } from './viewsets/permission-policy';
import { groupsViewSet } from './settings/groups';
import { sitesViewSet } from './settings/sites';
import { usersViewSet } from './settings/users';
import { tasksViewSet } from './workflows/tasks';
import { workflowsViewSet } from './workflows/workflows';
import { embedsViewSet } from './embeds/viewset';
import { isListOnly } from './viewsets/list-only';
import { formSubmissionsViewSet } from './forms/submissions';
import { a11yReportsViewSet } from './forms/a11y-reports';
import { subscribersViewSet } from './forms/subscribers';

/** The models whose admin is a viewset and whose permissions groups can be granted. */
const MODEL_VIEWSETS: readonly AnyViewSet[] = [
  redirectsViewSet,
  collectionsViewSet,
  imagesViewSet,
  documentsViewSet,
  videosViewSet,
  ...SNIPPET_VIEWSETS,
  workflowsViewSet,
  tasksViewSet,
];

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Models whose permissions the group screen offers: every viewset whose declaration names a model
 * permission (the actions come from it: permission-policy.ts), the site settings, then the forms
 * area's models under their own labels.
 */
export const PERMISSION_MODELS: readonly PermissionModel[] = [
  ...MODEL_VIEWSETS.map((viewSet) => ({
    model: modelKey(viewSet),
    label: capitalised(viewSet.names.plural),
    actions: grantableActions(viewSet),
  })).filter((model) => model.actions.length > 0),
  ...SITE_SETTINGS_MODELS.map((settings) => ({
    model: settings.model,
    label: settings.label,
    actions: ['change'] as const,
  })),
  // Form submissions (admin/forms/submissions.tsx): the actions their declaration needs.
  {
    model: modelKey(formSubmissionsViewSet),
    label: 'Form submissions',
    actions: grantableActions(formSubmissionsViewSet),
  },
  // The subscribers (admin/forms/subscribers.tsx): the actions their declaration needs.
  {
    model: modelKey(subscribersViewSet),
    label: capitalised(subscribersViewSet.names.plural),
    actions: grantableActions(subscribersViewSet),
  },
];

/**
 * Every model the back office manages through the viewset, in one list: the routes mount them,
 * the menu shows them to whoever may list them, and the permission matrix test enumerates their
 * routes. Add a new area's viewset here.
 */
export const ADMIN_VIEWSETS: readonly AnyViewSet[] = [
  ...MODEL_VIEWSETS,
  usersViewSet,
  groupsViewSet(PERMISSION_MODELS),
  sitesViewSet,
  // A list only, open to whoever may change the site settings (its declaration's permissionModel).
  embedsViewSet,
  // Rows of a form page, without a form (their permissions are in PERMISSION_MODELS above).
  formSubmissionsViewSet,
  // The rest of the forms area, reached from its index: the guests' accessibility reports (a list
  // only, read with the form submissions' 'change') and the subscribers (without a form).
  a11yReportsViewSet,
  subscribersViewSet,
];

/** Every model the audit log names, with its label (the site history's object types). */
export const LOGGED_MODELS: ReadonlyArray<{ model: string; label: string }> = [
  ...PERMISSION_MODELS,
  // The viewsets whose model the group screen does not offer; a list-only viewset (embeds) changes nothing, so the log never names it.
  ...ADMIN_VIEWSETS.filter(
    (viewSet) =>
      !PERMISSION_MODELS.some((permission) => permission.model === modelKey(viewSet)) && !isListOnly(viewSet),
  ).map((viewSet) => ({
    model: modelKey(viewSet),
    label: capitalised(viewSet.names.plural),
  })),
];

export const MENU_ENTRIES: readonly MenuEntry[] = [
  ...ADMIN_VIEWSETS.flatMap((viewSet) =>
    viewSet.menu
      ? [
          {
            key: viewSet.base,
            href: listUrlOf(viewSet),
            label: viewSet.menu.label,
            order: viewSet.menu.order,
            visible: (permissions: UserModelPermissions) => mayDo(permissions, viewSet, 'list'),
          },
        ]
      : [],
  ),
  // Reports: open to everyone with admin access, each list scoped to what the viewer may see (admin/reports).
  { key: 'reports', href: '/wagtail/reports/', label: 'Reports', order: 870, visible: () => true },
  // The host stand: listed for everyone with admin access; it shows the restaurants they may manage.
  { key: 'waitlist', href: '/wagtail/waitlist/', label: 'Wait list', order: 850, visible: () => true },
  {
    key: 'snippets',
    href: '/wagtail/snippets/',
    label: 'Snippets',
    order: 450,
    visible: (permissions) => SNIPPET_VIEWSETS.some((viewSet) => mayDo(permissions, viewSet, 'list')),
  },
  {
    key: 'forms',
    href: '/wagtail/forms/',
    label: 'Forms',
    order: 300,
    visible: (permissions) => mayDo(permissions, formSubmissionsViewSet, 'list'),
  },
  {
    key: 'settings',
    href: '/wagtail/settings/',
    label: 'Settings',
    order: 900,
    visible: (permissions) => SITE_SETTINGS_MODELS.some((settings) => permissions.can(settings.model, 'change')),
  },
];
