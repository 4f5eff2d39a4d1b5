import type { Db } from '../../db';
import type { Logger } from '../../logger';
import { backfillPageReferences } from './references';

/** The migration that creates the index: when a release applies it, the existing content is indexed. */
export const REFERENCE_INDEX_MIGRATION = '2026_11_23_900000_reference_index';

/**
 * The release step after the reference index appears (migrations cannot run application code):
 * every existing page records what it references. Runs once, when the migration was just applied;
 * indexing is idempotent, so a release interrupted half-way is finished by `npm run migrate -- --reindex`.
 */
export async function backfillReferenceIndex(
  db: Db,
  applied: readonly string[],
  logger?: Pick<Logger, 'info'>,
  options: { force?: boolean } = {},
): Promise<number | undefined> {
  if (!options.force && !applied.includes(REFERENCE_INDEX_MIGRATION)) return undefined;
  const pages = await backfillPageReferences(db);
  logger?.info({ pages }, 'reference index built for existing pages');
  return pages;
}
