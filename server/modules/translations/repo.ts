import { sql } from 'kysely';
import { jsonb, type Db } from '../../db';
import type { Segment, TranslatableFields } from './segments';
import type {
  ImportChange,
  PageTranslation,
  SegmentStatus,
  SegmentTranslation,
  TranslationImport,
  TranslationSource,
} from './table';

export async function upsertSource(
  db: Db,
  source: {
    page_id: number;
    locale_id: number;
    revision_id: number | null;
    segments: Segment[];
    fields: TranslatableFields;
  },
): Promise<TranslationSource> {
  const values = { ...source, segments: jsonb(source.segments), fields: jsonb(source.fields) };
  return db
    .insertInto('translation_sources')
    .values(values)
    .onConflict((oc) =>
      oc.column('page_id').doUpdateSet({
        revision_id: source.revision_id,
        segments: values.segments,
        fields: values.fields,
        updated_at: sql`now()`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findSourceByPage(db: Db, pageId: number): Promise<TranslationSource | undefined> {
  return db.selectFrom('translation_sources').selectAll().where('page_id', '=', pageId).executeTakeFirst();
}

export function findSource(db: Db, id: number): Promise<TranslationSource | undefined> {
  return db.selectFrom('translation_sources').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertTranslation(
  db: Db,
  row: { source_id: number; page_id: number; locale_id: number; created_by_id: number | null },
): Promise<PageTranslation> {
  return db.insertInto('page_translations').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findTranslation(db: Db, id: number): Promise<PageTranslation | undefined> {
  return db.selectFrom('page_translations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findTranslationOfPage(db: Db, pageId: number): Promise<PageTranslation | undefined> {
  return db.selectFrom('page_translations').selectAll().where('page_id', '=', pageId).executeTakeFirst();
}

export type TranslationListing = PageTranslation & { title: string; live: boolean; language_code: string };

export function listTranslationsOfSource(db: Db, sourceId: number): Promise<TranslationListing[]> {
  return (
    db
      .selectFrom('page_translations')
      .innerJoin('pages', 'pages.id', 'page_translations.page_id')
      .innerJoin('locales', 'locales.id', 'page_translations.locale_id')
      .leftJoin('page_revisions', 'page_revisions.id', 'pages.latest_revision_id')
      .selectAll('page_translations')
      // The draft's title (Wagtail's draft_title): a translation in progress shows its translated title.
      .select((eb) => eb.fn.coalesce('page_revisions.object_str', 'pages.title').as('title'))
      .select(['pages.live', 'locales.language_code'])
      .where('page_translations.source_id', '=', sourceId)
      .orderBy('locales.language_code')
      .execute()
  );
}

export function listSegmentTranslations(db: Db, translationIds: number[]): Promise<SegmentTranslation[]> {
  if (!translationIds.length) return Promise.resolve([]);
  return db.selectFrom('segment_translations').selectAll().where('translation_id', 'in', translationIds).execute();
}

export async function saveSegmentTranslations(
  db: Db,
  translationId: number,
  rows: Array<{ segment_id: string; source_text: string; target_text: string; status: SegmentStatus }>,
): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('segment_translations')
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

export async function deleteSegmentTranslations(db: Db, translationId: number, segmentIds: string[]): Promise<void> {
  if (!segmentIds.length) return;
  await db
    .deleteFrom('segment_translations')
    .where('translation_id', '=', translationId)
    .where('segment_id', 'in', segmentIds)
    .execute();
}

/** Every translated segment of the source whose source text is no longer `text` becomes out of date. */
export async function markOutOfDate(db: Db, sourceId: number, segmentId: string, text: string): Promise<number> {
  const result = await db
    .updateTable('segment_translations')
    .set({ status: 'out_of_date', updated_at: sql`now()` })
    .where('segment_id', '=', segmentId)
    .where('status', '=', 'translated')
    .where('source_text', '!=', text)
    .where('translation_id', 'in', (eb) =>
      eb.selectFrom('page_translations').select('id').where('source_id', '=', sourceId),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function findMemory(
  db: Db,
  sourceLocaleId: number,
  targetLocaleId: number,
  digests: string[],
): Promise<Array<{ source_digest: string; target_text: string }>> {
  if (!digests.length) return Promise.resolve([]);
  return db
    .selectFrom('translation_memory')
    .select(['source_digest', 'target_text'])
    .where('source_locale_id', '=', sourceLocaleId)
    .where('target_locale_id', '=', targetLocaleId)
    .where('source_digest', 'in', digests)
    .execute();
}

export async function rememberTranslations(
  db: Db,
  rows: Array<{
    source_locale_id: number;
    target_locale_id: number;
    source_digest: string;
    source_text: string;
    target_text: string;
  }>,
): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('translation_memory')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['source_locale_id', 'target_locale_id', 'source_digest']).doUpdateSet((eb) => ({
        target_text: eb.ref('excluded.target_text'),
        updated_at: sql`now()`,
      })),
    )
    .execute();
}

/** The page with a translation key in a locale (the translated parent, or an existing translation). */
export function findPageInLocale(
  db: Db,
  translationKey: string,
  localeId: number,
): Promise<
  | {
      id: number;
      path: string;
      depth: number;
      title: string;
      owner_id: number | null;
      numchild: number;
      url_path: string;
    }
  | undefined
> {
  return db
    .selectFrom('pages')
    .select(['id', 'path', 'depth', 'title', 'owner_id', 'numchild', 'url_path'])
    .where('translation_key', '=', translationKey)
    .where('locale_id', '=', localeId)
    .executeTakeFirst();
}

/** Translations into a locale of the source pages at `path` and below it, in tree order (a page and its subpages). */
export function listTranslationsInSubtree(
  db: Db,
  path: string,
  localeId: number,
): Promise<Array<PageTranslation & { source_page_id: number }>> {
  return db
    .selectFrom('page_translations as t')
    .innerJoin('translation_sources as s', 's.id', 't.source_id')
    .innerJoin('pages as p', 'p.id', 's.page_id')
    .selectAll('t')
    .select('s.page_id as source_page_id')
    .where('t.locale_id', '=', localeId)
    .where('p.path', 'like', `${path}%`)
    .orderBy('p.path')
    .execute();
}

export async function insertImport(
  db: Db,
  row: { token: string; user_id: number; translation_id: number; file_name: string; changes: ImportChange[] },
): Promise<void> {
  await db
    .insertInto('translation_imports')
    .values({ ...row, changes: jsonb(row.changes) })
    .execute();
}

/** Takes (deletes and returns) a user's previewed import, if it was made after `since`: a preview is applied once. */
export function takeImport(
  db: Db,
  token: string,
  userId: number,
  translationId: number,
  since: Date,
): Promise<TranslationImport | undefined> {
  return db
    .deleteFrom('translation_imports')
    .where('token', '=', token)
    .where('user_id', '=', userId)
    .where('translation_id', '=', translationId)
    .where('created_at', '>', since)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteImportsBefore(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('translation_imports').where('created_at', '<=', before).execute();
}
