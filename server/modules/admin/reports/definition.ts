import { formatAdminTime } from '../../../../shared/admin/admin-clock';
import type { ListOnlyViewSet } from '../viewsets/list-only';

/**
 * A report (Wagtail's wagtail.admin.views.reports) is a list-only viewset (viewsets/list-only.ts)
 * under /wagtail/reports/{slug}/: the generic list with search, filters, sorting, pages of 50 and
 * CSV/XLSX export. Every report is open to anyone with admin access and lists only what the
 * viewer may see: its store receives the viewer (pages in their subtrees, models they hold a
 * permission on), so the check is the scope of each list, not a gate on the screen.
 * See docs/decisions/2026-11-26-reports.md.
 */

/** What every report shares, from its slug (Wagtail's names: 'locked', 'site-history'...). */
export function reportBase(slug: string) {
  return {
    app: 'reports',
    model: slug,
    base: `reports/${slug}`,
    // Exports are named by the slug ('locked-2026-12-01.csv'); the menu's Reports entry lights up.
    exportName: slug,
    section: 'reports',
    permissions: { list: 'admin', export: 'admin' },
  } as const satisfies Partial<ListOnlyViewSet<unknown>>;
}

/** Report timestamps as the admin shows them: in the reader's zone, named ('Dec 1, 2026, 9:00 AM EST'). */
export const reportTime = (value: Date | string | null | undefined) => (value ? formatAdminTime(value) : '');
