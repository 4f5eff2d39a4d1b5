import type { Db } from '../../db';
import { countReferencesTo, describeField, listReferencesTo, PAGE_MODEL } from '../references/service';
import type { Page } from './table';

/** Where a page is used (Wagtail's page usage view): other pages, snippets, redirects... */
export async function pageUsage(
  db: Db,
  page: Pick<Page, 'id'>,
): Promise<Array<{ label: string; href?: string; where: string }>> {
  return (await listReferencesTo(db, { model: PAGE_MODEL, id: page.id })).map((row) => ({
    label: row.label,
    href: row.editUrl,
    where: [row.type, describeField(row.field)].filter(Boolean).join(': '),
  }));
}

/** How many objects reference a page (the delete screen warns with it). */
export function pageUsageCount(db: Db, page: Pick<Page, 'id'>): Promise<number> {
  return countReferencesTo(db, { model: PAGE_MODEL, id: page.id });
}
