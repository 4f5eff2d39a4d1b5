import type { PageRef, UserPagePermissions } from '../permissions/policy';

/**
 * Wagtail's default workflow, 'Moderators approval', with its single task of the same name
 * (approval by the Moderators group). Until part 2 stores workflows and tasks in tables it is the
 * workflow of every page, and its reviewers are the users who may publish the page: the seeded
 * 'Moderators' group holds publish on each site's home, superusers hold it everywhere. Keeping the
 * rule on the permission (not the group's name) means a reviewer never publishes where they could
 * not publish by hand, and renaming the group does not orphan the workflow.
 */
export const DEFAULT_WORKFLOW = { name: 'Moderators approval', task: { name: 'Moderators approval', group: 'Moderators' } } as const;

/** Whether the user may approve a submission or request changes on it. */
export function mayReview(permissions: UserPagePermissions, page: PageRef): boolean {
  return permissions.can('publish', page);
}

/** Whether the user may cancel a submission: whoever asked for it, or anyone who may edit the page. */
export function mayCancel(permissions: UserPagePermissions, page: PageRef, state: { requested_by_id: number | null } | undefined): boolean {
  return permissions.can('change', page) || (state !== undefined && state.requested_by_id === permissions.userId);
}
