import { PAGE_FIELD_NAMES, pageFieldsFormSchema, type PageFieldName } from '../../../shared/schemas/admin';
import { overwriteFieldSchema } from '../../../shared/schemas/editing-sessions';
import { contentForSave } from '../pages/content';
import type { PageFieldsEdit } from '../pages/edit-service';
import { pageTypeOf } from '../pages/page-types';
import { slugify } from '../pages/slug';
import type { Schedule } from '../pages/schedule-service';
import type { Page, PageContent } from '../pages/table';
import { readContentInput } from './block-editor-data';
import { parseBaseRevision, parseEditSubmission } from './edit-extras';

export type EditFormValues = Record<PageFieldName, string>;
export type EditFieldErrors = Partial<Record<PageFieldName, string>>;

/** What the user typed, kept as is so a redisplayed form (or an autosave error) loses nothing. */
export type KeptInput = {
  values: EditFormValues;
  schedule: { go_live_at: string; expire_at: string };
  /** The block body as typed (JSON) and contentForSave's errors keyed 'body.3.value.text'. */
  content: { json?: string; errors: Record<string, string[]> };
  /** The revision the form was opened on, as posted (null: the page had none; undefined: not sent). */
  baseRevisionId: number | null | undefined;
};

export type EditForm =
  | {
      ok: true;
      kept: KeptInput;
      fields: PageFieldsEdit;
      /** Publish was pressed (or the no-JavaScript 'Overwrite with my changes' of a publish). */
      publish: boolean;
      /** 'Submit for moderation' was pressed. */
      submit: boolean;
      schedule: Schedule;
      baseRevisionId: number | null | undefined;
      /** The user chose to save over a newer version (skip the stale-form check). */
      overwrite: boolean;
      content: PageContent | undefined;
    }
  | { ok: false; kept: KeptInput; fieldErrors: EditFieldErrors; nonFieldErrors: string[] };

/**
 * Reads and validates the edit form (Save draft, Publish and autosave share it): the page's
 * fields with the shared schema, go-live/expiry and the base revision, the overwrite choice, and
 * the block body strictly per block (contentForSave). Never throws on bad input.
 */
export function readEditForm(page: Page, body: Record<string, unknown>): EditForm {
  const values = Object.fromEntries(PAGE_FIELD_NAMES.map((name) => [name, typeof body[name] === 'string' ? body[name] : ''])) as EditFormValues;
  const submission = parseEditSubmission(body);
  const kept: KeptInput = {
    values,
    schedule: submission.typed,
    content: { json: typeof body.content_json === 'string' ? body.content_json : undefined, errors: {} },
    baseRevisionId: parseBaseRevision(body),
  };
  // Saving a draft (Save draft, autosave) defers required fields as Wagtail 7 does: a blank slug
  // is made from the title, and blocks may keep blank required fields until publishing.
  const draft = body['action-publish'] === undefined && body['action-submit'] === undefined && body.overwrite !== 'publish';
  const blankSlug = typeof body.slug !== 'string' || body.slug.trim() === '';
  const titleText = typeof body.title === 'string' ? body.title : '';
  const parsed = pageFieldsFormSchema.safeParse(draft && blankSlug && slugify(titleText) ? { ...body, slug: slugify(titleText) } : body);
  if (!parsed.success) {
    const fieldErrors: EditFieldErrors = {};
    const nonFieldErrors: string[] = [];
    for (const issue of parsed.error.issues) {
      const name = issue.path[0];
      if (typeof name === 'string' && (PAGE_FIELD_NAMES as readonly string[]).includes(name)) {
        fieldErrors[name as PageFieldName] ??= issue.message;
      } else nonFieldErrors.push(issue.message);
    }
    return { ok: false, kept, fieldErrors, nonFieldErrors };
  }
  if (!submission.ok) return { ok: false, kept, fieldErrors: {}, nonFieldErrors: submission.errors };
  const overwrite = overwriteFieldSchema.safeParse(typeof body.overwrite === 'string' ? body.overwrite : undefined);
  if (!overwrite.success) return { ok: false, kept, fieldErrors: {}, nonFieldErrors: overwrite.error.issues.map((issue) => issue.message) };
  const contentInput = readContentInput(body);
  if (!contentInput.ok) return { ok: false, kept, fieldErrors: {}, nonFieldErrors: [contentInput.message] };
  let content: PageContent | undefined;
  const pageType = pageTypeOf(page.page_type);
  if (contentInput.content !== undefined && pageType) {
    const checked = contentForSave(pageType, contentInput.content, { deferRequired: draft });
    if (!checked.ok) {
      return { ok: false, kept: { ...kept, content: { ...kept.content, errors: checked.errors } }, fieldErrors: {}, nonFieldErrors: ['The page body has errors: see the marked blocks.'] };
    }
    content = checked.content;
  }
  const { title, slug, seo_title, search_description } = parsed.data;
  return {
    ok: true,
    kept,
    fields: { title, slug, seo_title, search_description },
    publish: parsed.data['action-publish'] !== undefined || overwrite.data === 'publish',
    submit: parsed.data['action-submit'] !== undefined,
    schedule: submission.schedule,
    baseRevisionId: submission.baseRevisionId,
    overwrite: overwrite.data !== undefined,
    content,
  };
}
