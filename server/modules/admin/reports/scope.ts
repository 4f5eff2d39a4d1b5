import type { PageScope } from '../../reports/service';
import type { ListViewer } from '../viewsets/list-types';

/** The pages a report shows this viewer: the subtrees where they hold a page permission (all for superusers). */
export const pageScopeOf = (viewer: ListViewer): PageScope => ({ paths: viewer.pages.explorablePaths() });
