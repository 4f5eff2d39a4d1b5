import type { PageRowAction } from '../../../shared/admin/page-row';
import type { PageRef, UserPagePermissions } from '../permissions/policy';

/**
 * The actions of one page row (Wagtail 7's listing "More options" menu), each offered only when
 * the check its route makes would pass: a limited editor never meets a 403 from this menu.
 * - View live: live pages with a public URL; Add child: 'add'; Edit, History: 'change';
 * - Move, Copy, Delete, Unpublish: the derived permissions of the same names (policy.ts);
 * - Translate: other locales exist and the user may create pages somewhere ('copy' without a
 *   destination), since a translation is a new page under the translated parent.
 */
export function pageRowActions(
  permissions: UserPagePermissions,
  page: PageRef & { live: boolean; title: string },
  options: { publicUrl: string | null; multilingual: boolean },
): PageRowAction[] {
  const id = page.id;
  const actions: PageRowAction[] = [];
  const offer = (allowed: boolean, action: PageRowAction) => {
    if (allowed) actions.push(action);
  };
  offer(page.live && options.publicUrl !== null, {
    key: 'view_live',
    label: 'View live',
    href: options.publicUrl ?? '',
  });
  offer(permissions.can('change', page), { key: 'edit', label: 'Edit', href: `/wagtail/pages/${id}/edit/` });
  offer(permissions.can('add', page), { key: 'add_child', label: 'Add child page', href: `/wagtail/pages/add/${id}/` });
  offer(permissions.can('move', page), { key: 'move', label: 'Move', href: `/wagtail/pages/${id}/move/` });
  offer(permissions.can('copy', page), { key: 'copy', label: 'Copy', href: `/wagtail/pages/${id}/copy/` });
  offer(page.live && permissions.can('unpublish', page), {
    key: 'unpublish',
    label: 'Unpublish',
    href: `/wagtail/pages/${id}/unpublish/`,
  });
  offer(permissions.can('change', page), { key: 'history', label: 'History', href: `/wagtail/pages/${id}/history/` });
  offer(options.multilingual && permissions.can('copy', page), {
    key: 'translate',
    label: 'Translate',
    href: `/wagtail/localize/submit/page/${id}/`,
  });
  offer(permissions.can('delete', page), { key: 'delete', label: 'Delete', href: `/wagtail/pages/${id}/delete/` });
  return actions;
}
