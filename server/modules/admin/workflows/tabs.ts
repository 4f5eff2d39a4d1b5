import type { AnyViewSet } from '../viewsets/definition';

/** Workflows and their tasks are two lists of one area, shown as tabs (Wagtail's Workflows and Tasks). */
export const WORKFLOW_TABS: NonNullable<AnyViewSet['tabs']> = {
  label: 'Workflows',
  links: [
    { label: 'Workflows', href: '/wagtail/workflows/list/' },
    { label: 'Tasks', href: '/wagtail/workflows/tasks/index/' },
  ],
};

/** Posted multiple-choice values as typed (strings), so a redisplay keeps the order and the blanks out. */
export const listOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value])
    .filter((item): item is string => typeof item === 'string' && item !== '')
    .slice(0, 200);

/** A disabled workflow or task says so in its list's Status column. */
export const statusOf = (row: { active: boolean }) => (row.active ? 'Enabled' : 'Disabled');
