import type { Db } from '../../db';
import { listLocales } from '../sites/repo';
import type { Locale } from '../sites/table';

export async function findLocale(db: Db, id: number): Promise<Locale | undefined> {
  return (await listLocales(db)).find((locale) => locale.id === id);
}
