import { formErrors } from '../../../../http/validate';
import { PAGE_FIELD_NAMES, pageFieldsFormSchema, type PageFieldName } from '../../../../../shared/schemas/admin';
import { overwriteFieldSchema } from '../../../../../shared/schemas/editing-sessions';
import { scheduleFormSchemaIn } from '../../../../../shared/schemas/page-actions';
import { currentAdminClock } from '../../clock';
import { contentForSave } from '../../../pages/content';
import type { PageFieldsEdit } from '../../../pages/edit-service';
import { pageTypeOf } from '../../../pages/page-types';
import type { Schedule } from '../../../pages/schedule-service';
import { slugify } from '../../../pages/slug';
import type { Page, PageContent } from '../../../pages/table';
import { readContentInput } from './block-editor';
import { readEditorFields, type EditorFieldsInput } from './editor-fields';

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
  /** The page type's editor fields as typed (e.g. notification addresses), and their errors. */
  editorFields: EditorFieldsInput;
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
 * Reads and validates the page form (Save draft, Publish and autosave on the edit screen, and the
 * add screen, which is the same form for a page not saved yet): the page's fields with the shared
 * schema, go-live/expiry and the base revision, the overwrite choice, and the block body strictly
 * per block (contentForSave). `page` gives the page type. Never throws on bad input.
 *
 * A blank slug is made from the title when saving a draft (Wagtail 7 defers required fields), and
 * on the add screen whatever the button, since the new page has no slug to keep.
 */
export function readEditForm(
  page: Pick<Page, 'page_type'>,
  body: Record<string, unknown>,
  options: { isNew?: boolean; currentContent?: PageContent } = {},
): EditForm {
  const pageType = pageTypeOf(page.page_type);
  const editorFields = readEditorFields(pageType, body);
  const values = Object.fromEntries(
    PAGE_FIELD_NAMES.map((name) => [name, typeof body[name] === 'string' ? body[name] : '']),
  ) as EditFormValues;
  const submission = parseEditSubmission(body);
  const kept: KeptInput = {
    values,
    schedule: submission.typed,
    content: { json: typeof body.content_json === 'string' ? body.content_json : undefined, errors: {} },
    baseRevisionId: parseBaseRevision(body),
    editorFields: { values: editorFields.values, errors: editorFields.errors },
  };
  // Saving a draft (Save draft, autosave) defers required fields as Wagtail 7 does: a blank slug
  // is made from the title, and blocks may keep blank required fields until publishing.
  const draft =
    body['action-publish'] === undefined && body['action-submit'] === undefined && body.overwrite !== 'publish';
  const blankSlug = typeof body.slug !== 'string' || body.slug.trim() === '';
  const titleText = typeof body.title === 'string' ? body.title : '';
  const slugFromTitle = (draft || options.isNew) && blankSlug && slugify(titleText);
  const parsed = pageFieldsFormSchema.safeParse(slugFromTitle ? { ...body, slug: slugFromTitle } : body);
  if (!parsed.success) return { ok: false, kept, ...formErrors(parsed.error, PAGE_FIELD_NAMES) };
  if (!submission.ok) return { ok: false, kept, fieldErrors: {}, nonFieldErrors: submission.errors };
  const overwrite = overwriteFieldSchema.safeParse(typeof body.overwrite === 'string' ? body.overwrite : undefined);
  if (!overwrite.success) return { ok: false, kept, ...formErrors(overwrite.error, []) };
  const contentInput = readContentInput(body);
  if (!contentInput.ok) return { ok: false, kept, fieldErrors: {}, nonFieldErrors: [contentInput.message] };
  if (Object.keys(editorFields.errors).length) return { ok: false, kept, fieldErrors: {}, nonFieldErrors: [] };
  let content: PageContent | undefined;
  // The editor fields live outside the body's JSON: a posted one replaces the value, an absent one
  // keeps the page's current value (the JSON no longer carries it).
  const patched = withEditorFields(
    contentInput.content,
    editorFields.patch,
    pageType?.editorFields?.map((field) => field.name) ?? [],
    options.currentContent,
  );
  if (patched !== undefined && pageType) {
    const checked = contentForSave(pageType, patched, { deferRequired: draft });
    if (!checked.ok) {
      return {
        ok: false,
        kept: { ...kept, content: { ...kept.content, errors: checked.errors } },
        fieldErrors: {},
        nonFieldErrors: ['The page body has errors: see the marked blocks.'],
      };
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

type EditSubmission =
  | {
      ok: true;
      schedule: Schedule;
      baseRevisionId: number | null | undefined;
      typed: { go_live_at: string; expire_at: string };
    }
  | { ok: false; errors: string[]; typed: { go_live_at: string; expire_at: string } };

/** The edit form's fields beyond the page's own: go-live, expiry and the base revision id. */
function parseEditSubmission(body: Record<string, unknown>): EditSubmission {
  const typed = {
    go_live_at: typeof body.go_live_at === 'string' ? body.go_live_at.slice(0, 40) : '',
    expire_at: typeof body.expire_at === 'string' ? body.expire_at.slice(0, 40) : '',
  };
  // Typed on the editor's wall clock (their time zone, or the site's), stored in UTC.
  const schedule = scheduleFormSchemaIn(currentAdminClock().timeZone).safeParse(typed);
  if (!schedule.success) {
    // The schedule fields sit together under one heading: each message says which one it is about.
    const { fieldErrors, nonFieldErrors } = formErrors(schedule.error, ['go_live_at', 'expire_at']);
    const errors = [
      fieldErrors.go_live_at && `Go-live: ${fieldErrors.go_live_at}`,
      fieldErrors.expire_at && `Expiry: ${fieldErrors.expire_at}`,
      ...nonFieldErrors,
    ];
    return { ok: false, typed, errors: errors.filter((error): error is string => Boolean(error)) };
  }
  return {
    ok: true,
    typed,
    schedule: { goLiveAt: schedule.data.go_live_at, expireAt: schedule.data.expire_at },
    baseRevisionId: parseBaseRevision(body),
  };
}

/** The revision the form was opened on. Absent: a client that does not send it (no stale check); empty: the page had no revision. */
function parseBaseRevision(body: Record<string, unknown>): number | null | undefined {
  const rawBase = typeof body.base_revision_id === 'string' ? body.base_revision_id : undefined;
  return rawBase === undefined ? undefined : /^\d{1,10}$/.test(rawBase) ? Number(rawBase) : null;
}

/** The posted body with the editor fields put in: posted values first, then the body's own, then the page's current ones. */
function withEditorFields(
  posted: PageContent | undefined,
  patch: PageContent,
  names: string[],
  current: PageContent | undefined,
): PageContent | undefined {
  if (names.length === 0) return posted;
  if (posted === undefined && Object.keys(patch).length === 0) return undefined;
  const base: PageContent = posted ?? { ...current };
  const kept = Object.fromEntries(
    names
      .filter((name) => !(name in patch) && !(name in base) && current && name in current)
      .map((name) => [name, current![name]]),
  );
  return { ...base, ...kept, ...patch };
}
