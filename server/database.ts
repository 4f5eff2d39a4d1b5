import type { PageRevisionTable, PageTable } from './modules/pages/table';
import type { SessionTable } from './modules/sessions/table';
import type { LocaleTable, SiteTable } from './modules/sites/table';
import type { UserTable } from './modules/users/table';

/** Every table Kysely knows, assembled from the modules' table.ts files. */
export interface Database {
  locales: LocaleTable;
  sites: SiteTable;
  pages: PageTable;
  page_revisions: PageRevisionTable;
  users: UserTable;
  sessions: SessionTable;
}
