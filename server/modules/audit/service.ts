import type { Db } from '../../db';
import { insertLogEntry, type NewLogEntry } from './repo';

/**
 * Records one action on a page. Call it inside the action's transaction (pass the trx) so the
 * log never claims something that was rolled back. The page title is kept in the data because
 * the page may later be renamed or deleted.
 */
export function logPageAction(db: Db, entry: NewLogEntry & { title: string }): Promise<void> {
  const { title, data, ...rest } = entry;
  return insertLogEntry(db, { ...rest, data: { title, ...data } });
}
