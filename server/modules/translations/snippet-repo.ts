import { sql } from 'kysely';
import type { Db } from '../../db';
import type { SegmentStatus, SegmentTranslation, SnippetTranslation } from './table';

export function insertSnippetTranslation(
  db: Db,
  row: {
    model: string;
    source_id: number;
    snippet_id: number;
    source_locale_id: number;
    locale_id: number;
    created_by_id: number | null;
  },
): Promise<SnippetTranslation> {
  return db.insertInto('snippet_translations').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findSnippetTranslation(db: Db, id: number): Promise<SnippetTranslation | undefined> {
  return db.selectFrom('snippet_translations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The translations made from a source snippet, and the one (if any) the snippet itself is. */
export function listSnippetTranslationsOf(db: Db, model: string, snippetId: number): Promise<SnippetTranslation[]> {
  return db
    .selectFrom('snippet_translations')
    .selectAll()
    .where('model', '=', model)
    .where((eb) => eb.or([eb('source_id', '=', snippetId), eb('snippet_id', '=', snippetId)]))
    .orderBy('id')
    .execute();
}

export async function deleteSnippetTranslation(db: Db, id: number): Promise<void> {
  await db.deleteFrom('snippet_translations').where('id', '=', id).execute();
}

/** The segment rows, in the shape of the pages' (so the editor's state rules apply to both). */
export function listSnippetSegmentTranslations(db: Db, translationId: number): Promise<SegmentTranslation[]> {
  return db
    .selectFrom('snippet_segment_translations')
    .selectAll()
    .where('translation_id', '=', translationId)
    .execute();
}

export async function saveSnippetSegmentTranslations(
  db: Db,
  translationId: number,
  rows: Array<{ segment_id: string; source_text: string; target_text: string; status: SegmentStatus }>,
): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('snippet_segment_translations')
    .values(rows.map((row) => ({ ...row, translation_id: translationId })))
    .onConflict((oc) =>
      oc.columns(['translation_id', 'segment_id']).doUpdateSet((eb) => ({
        source_text: eb.ref('excluded.source_text'),
        target_text: eb.ref('excluded.target_text'),
        status: eb.ref('excluded.status'),
        updated_at: sql`now()`,
      })),
    )
    .execute();
}

export async function deleteSnippetSegmentTranslations(
  db: Db,
  translationId: number,
  segmentIds: string[],
): Promise<void> {
  if (!segmentIds.length) return;
  await db
    .deleteFrom('snippet_segment_translations')
    .where('translation_id', '=', translationId)
    .where('segment_id', 'in', segmentIds)
    .execute();
}
