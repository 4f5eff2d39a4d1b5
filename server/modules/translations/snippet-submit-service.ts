import { inTransaction, type Db } from '../../db';
import { HttpError } from '../../errors';
import { logModelAction } from '../audit/model-log';
import { recordRevision } from '../revisions/service';
import { listLocales } from '../sites/repo';
import { createChrome, findChrome, findChromeFor, snippetsChanged, type ChromeListing } from '../snippets/service';
import { translatedAddresses } from './links';
import * as repo from './repo';
import {
  SNIPPET_NAMES,
  SNIPPET_TABLES,
  maySnippetTranslate,
  rootIn,
  siteTreeOf,
  snippetRow,
  snippetTitle,
  type SnippetTranslator,
} from './snippet-access';
import { checkedSnippetContent } from './snippet-content';
import * as snippetRepo from './snippet-repo';
import {
  applySnippetTranslations,
  extractSnippetSegments,
  snippetPaths,
  type SnippetModel,
  type SnippetSegment,
} from './snippet-segments';
import { digestOf } from './submit-service';
import type { SnippetTranslation } from './table';

export type SnippetLocaleChoice = {
  id: number;
  languageCode: string;
  /**
   * available: a new snippet is made; existing: the site's snippet in that language becomes the
   * translation (its text prefills the segments); translated: done before (translationId);
   * no_home: the site has no home page in that language; forbidden: no right to translate into it.
   */
  state: 'available' | 'existing' | 'translated' | 'no_home' | 'forbidden';
  translationId?: number;
};

/**
 * Links whose source or translated snippet was deleted are dropped (the snippet tables are two, so
 * the links have no foreign key to cascade): a deleted French footer can be translated again.
 */
export async function liveLinks(db: Db, model: SnippetModel, snippetId: number): Promise<SnippetTranslation[]> {
  const find = findChrome(SNIPPET_TABLES[model]);
  const out: SnippetTranslation[] = [];
  for (const link of await snippetRepo.listSnippetTranslationsOf(db, model, snippetId)) {
    if ((await find(db, link.source_id)) && (await find(db, link.snippet_id))) out.push(link);
    else await snippetRepo.deleteSnippetTranslation(db, link.id);
  }
  return out;
}

/** When the snippet is itself a translation, the source it was made from (translate that one instead). */
function translationTarget(links: SnippetTranslation[], snippetId: number) {
  return links.find((link) => link.snippet_id === snippetId);
}

/** The translate screen's choices: every other language, and what translating into it would do. */
export async function snippetLocaleChoices(
  db: Db,
  who: SnippetTranslator,
  model: SnippetModel,
  row: ChromeListing,
): Promise<SnippetLocaleChoice[]> {
  const links = await liveLinks(db, model, row.id);
  const tree = await siteTreeOf(db, row.site_id);
  const out: SnippetLocaleChoice[] = [];
  for (const locale of await listLocales(db)) {
    if (locale.language_code === row.language_code) continue;
    const choice = { id: locale.id, languageCode: locale.language_code };
    const done = links.find((link) => link.source_id === row.id && link.locale_id === locale.id);
    if (done) {
      out.push({ ...choice, state: 'translated', translationId: done.id });
      continue;
    }
    if (!rootIn(tree, locale.language_code)) {
      out.push({ ...choice, state: 'no_home' });
      continue;
    }
    const existing = await findChromeFor(SNIPPET_TABLES[model])(db, row.site_id, locale.language_code);
    const action = existing ? 'change' : 'add';
    const allowed = await maySnippetTranslate(db, who, model, row.site_id, locale.language_code, action);
    out.push({ ...choice, state: !allowed ? 'forbidden' : existing ? 'existing' : 'available' });
  }
  return out;
}

async function memoryRows(db: Db, segments: SnippetSegment[], sourceLocaleId: number, targetLocaleId: number) {
  const digests = segments.map((segment) => digestOf(segment.source));
  const memory = await repo.findMemory(db, sourceLocaleId, targetLocaleId, [...new Set(digests)]);
  const byDigest = new Map(memory.map((row) => [row.source_digest, row.target_text]));
  return segments.flatMap((segment, index) => {
    const target = byDigest.get(digests[index]!);
    return target === undefined
      ? []
      : [{ segment_id: segment.id, source_text: segment.source, target_text: target, status: 'translated' as const }];
  });
}

/**
 * An existing snippet in the target language becomes the translation: when it has the source's
 * shape (the same segments), its text is each segment's translation; otherwise the translation
 * memory fills what it can. Its content is left as it is until the translator saves.
 */
function rowsFromExisting(model: SnippetModel, segments: SnippetSegment[], existing: { content: unknown }) {
  const theirs = extractSnippetSegments(model, existing.content);
  const sameShape = theirs.length === segments.length && theirs.every((s, i) => s.id === segments[i]!.id);
  if (!sameShape) return undefined;
  return segments.map((segment, i) => ({
    segment_id: segment.id,
    source_text: segment.source,
    target_text: theirs[i]!.source,
    status: 'translated' as const,
  }));
}

/**
 * wagtail-localize's "Translate" for a header menu or footer: for each chosen language, the site's
 * snippet in that language linked to this one, with its segments filled from the existing snippet
 * or the translation memory. A language without a snippet gets one, published at once (a snippet
 * has no unpublished state): the source's structure and addresses (mapped to translated pages),
 * the text from memory or else the source's. All or nothing.
 */
export async function submitSnippetTranslation(
  db: Db,
  who: SnippetTranslator,
  model: SnippetModel,
  snippetId: number,
  localeIds: number[],
): Promise<number[]> {
  if (!localeIds.length) {
    throw new HttpError(400, 'invalid_translation', 'Choose at least one locale.', {
      locales: ['Choose at least one locale.'],
    });
  }
  const name = SNIPPET_NAMES[model];
  const created = await inTransaction(db, async (trx) => {
    const source = await snippetRow(trx, model, snippetId, true);
    const links = await liveLinks(trx, model, source.id);
    const origin = translationTarget(links, source.id);
    if (origin) {
      throw new HttpError(
        400,
        'is_translation',
        `This ${name} is a translation: translate the one it was made from (#${origin.source_id}).`,
      );
    }
    const locales = await listLocales(trx);
    const sourceLocale = locales.find((l) => l.language_code === source.language_code);
    if (!sourceLocale) throw new HttpError(400, 'invalid_translation', `${source.language_code} is not a locale.`);
    const tree = await siteTreeOf(trx, source.site_id);
    const segments = extractSnippetSegments(model, source.content);
    const ids: number[] = [];
    for (const localeId of localeIds) {
      const locale = locales.find((l) => l.id === localeId);
      if (!locale || locale.id === sourceLocale.id) {
        throw new HttpError(400, 'invalid_translation', 'Choose a valid locale.', {
          locales: ['Choose a valid locale.'],
        });
      }
      const code = locale.language_code;
      if (links.some((link) => link.source_id === source.id && link.locale_id === locale.id))
        throw new HttpError(400, 'already_translated', `This ${name} already has a ${code} translation.`);
      if (!rootIn(tree, code))
        throw new HttpError(400, 'no_translated_parent', `The site has no ${code} home page: translate it first.`);
      const existing = await findChromeFor(SNIPPET_TABLES[model])(trx, source.site_id, code);
      if (!(await maySnippetTranslate(trx, who, model, source.site_id, code, existing ? 'change' : 'add')))
        throw new HttpError(403, 'forbidden', `You may not translate ${name}s into ${code}.`);
      let targetId: number;
      let rows = existing ? rowsFromExisting(model, segments, existing) : undefined;
      rows ??= await memoryRows(trx, segments, sourceLocale.id, locale.id);
      if (existing) {
        if ((await liveLinks(trx, model, existing.id)).some((link) => link.snippet_id === existing.id))
          throw new HttpError(400, 'already_translated', `The ${code} ${name} is already a translation of another.`);
        targetId = existing.id;
      } else {
        const urls = await translatedAddresses(trx, tree!, snippetPaths(model, source.content), locale.id);
        const content = applySnippetTranslations(
          model,
          source.content,
          new Map(rows.map((row) => [row.segment_id, row.target_text])),
          urls,
        );
        const input = { siteId: source.site_id, languageCode: code, content: checkedSnippetContent(model, content) };
        const made = await createChrome(SNIPPET_TABLES[model])(trx, input as never);
        const revision = await recordRevision(trx, {
          model,
          objectId: made.id,
          objectStr: snippetTitle(model, made),
          content: input,
          userId: who.user.id,
        });
        await logModelAction(trx, {
          model,
          objectId: made.id,
          objectStr: snippetTitle(model, made),
          userId: who.user.id,
          action: 'create',
          data: { translation_of: { id: source.id, title: snippetTitle(model, source) } },
          revisionId: revision.id,
        });
        targetId = made.id;
      }
      const link = await snippetRepo.insertSnippetTranslation(trx, {
        model,
        source_id: source.id,
        snippet_id: targetId,
        source_locale_id: sourceLocale.id,
        locale_id: locale.id,
        created_by_id: who.user.id,
      });
      await snippetRepo.saveSnippetSegmentTranslations(trx, link.id, rows);
      ids.push(link.id);
    }
    return ids;
  });
  await snippetsChanged(db);
  return created;
}
