import type { AnyViewSet } from './viewsets/definition';
import { listUrlOf, modelKey } from './viewsets/definition';
import type { MenuEntry } from './menu';
import { collectionsViewSet } from './collections/viewset';
import { redirectsViewSet } from './redirects/viewset';
import { SNIPPET_VIEWSETS } from './snippets/registry';
import { documentsViewSetDeclaration } from './documents/viewset';
import { imagesViewSetDeclaration } from './images/viewset';
import { videosViewSetDeclaration } from './videos/viewset';
import { SITE_SETTINGS_MODELS } from './settings-models/registry';
import { SITE_SETTINGS_MODEL } from '../site-settings/service';

/**
 * Every model the back office manages through the viewset, in one list: the routes mount them,
 * the menu shows them, and the group screen offers their permissions. Add a new area's viewset here.
 */
export const ADMIN_VIEWSETS: readonly AnyViewSet[] = [
  redirectsViewSet,
  collectionsViewSet,
  imagesViewSetDeclaration,
  documentsViewSetDeclaration,
  videosViewSetDeclaration,
  ...SNIPPET_VIEWSETS,
];

/** Models whose permissions the group screen offers: every viewset, then the settings models. */
export const PERMISSION_MODELS: ReadonlyArray<{
  model: string;
  label: string;
  actions: ReadonlyArray<'add' | 'change' | 'delete' | 'publish'>;
}> = [
  ...ADMIN_VIEWSETS.map((viewSet) => ({
    model: modelKey(viewSet),
    label: viewSet.names.plural.charAt(0).toUpperCase() + viewSet.names.plural.slice(1),
    actions: viewSet.drafts
      ? (['add', 'change', 'delete', 'publish'] as const)
      : (['add', 'change', 'delete'] as const),
  })),
  ...SITE_SETTINGS_MODELS.map((settings) => ({
    model: settings.model,
    label: settings.label,
    actions: ['change'] as const,
  })),
  // The forms area (admin/forms/routes.tsx): 'change' views submissions and subscribers, 'delete' removes submissions.
  { model: 'wagtailforms.formsubmission', label: 'Form submissions', actions: ['change', 'delete'] as const },
  { model: 'forms.subscriber', label: 'Subscribers', actions: ['change'] as const },
  // Workflows and tasks (admin/workflows/routes.tsx): 'delete' disables, as in Wagtail.
  { model: 'wagtailcore.workflow', label: 'Workflows', actions: ['add', 'change', 'delete'] as const },
  { model: 'wagtailcore.task', label: 'Workflow tasks', actions: ['add', 'change', 'delete'] as const },
];

export const MENU_ENTRIES: readonly MenuEntry[] = [
  ...ADMIN_VIEWSETS.filter((viewSet) => viewSet.menu).map((viewSet) => ({
    key: viewSet.base,
    href: listUrlOf(viewSet),
    label: viewSet.menu!.label,
    order: viewSet.menu!.order,
    visible: (permissions: Parameters<MenuEntry['visible']>[0]) => permissions.canAny(modelKey(viewSet)),
  })),
  // Reports: open to everyone with admin access, each list scoped to what the viewer may see (admin/reports).
  { key: 'reports', href: '/wagtail/reports/', label: 'Reports', order: 870, visible: () => true },
  // The host stand: listed for everyone with admin access; it shows the restaurants they may manage.
  { key: 'waitlist', href: '/wagtail/waitlist/', label: 'Wait list', order: 850, visible: () => true },
  {
    key: 'snippets',
    href: '/wagtail/snippets/',
    label: 'Snippets',
    order: 450,
    visible: (permissions) => SNIPPET_VIEWSETS.some((viewSet) => permissions.canAny(modelKey(viewSet))),
  },
  {
    key: 'forms',
    href: '/wagtail/forms/',
    label: 'Forms',
    order: 300,
    visible: (permissions) => permissions.can('wagtailforms.formsubmission', 'change'),
  },
  {
    key: 'embeds',
    href: '/wagtail/embeds/',
    label: 'Embeds',
    order: 890,
    visible: (permissions) => permissions.can(SITE_SETTINGS_MODEL, 'change'),
  },
  {
    key: 'workflows',
    href: '/wagtail/workflows/list/',
    label: 'Workflows',
    order: 870,
    visible: (permissions) => permissions.canAny('wagtailcore.workflow') || permissions.canAny('wagtailcore.task'),
  },
  {
    key: 'settings',
    href: '/wagtail/settings/',
    label: 'Settings',
    order: 900,
    visible: (permissions) => SITE_SETTINGS_MODELS.some((settings) => permissions.can(settings.model, 'change')),
  },
];
