import type { PageScope } from '../../reports/service';
import type { ReportViewer } from './definition';

/** The pages a report shows this viewer: the subtrees where they hold a page permission (all for superusers). */
export const pageScopeOf = (viewer: ReportViewer): PageScope => ({ paths: viewer.pages.explorablePaths() });
