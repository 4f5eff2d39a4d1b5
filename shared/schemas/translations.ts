import * as z from 'zod';

const id = z.coerce.number().int().positive().max(2_147_483_647);

export const translationIdParams = z.object({ id });

/** /localize/submit/snippet/{app}/{model}/{id}/: a snippet by its model's app and name. */
export const snippetTranslateParams = z.object({
  app: z.string().regex(/^[a-z_]{1,40}$/),
  model: z.string().regex(/^[a-z_]{1,40}$/),
  id,
});

/** The translate form: one or more locale ids (checkboxes named 'locales') and the subpages box. */
export const translateFormSchema = z.object({
  locales: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(id).max(50, 'Too many locales.'),
  ),
  include_subtree: z.preprocess((value) => value !== undefined && value !== '', z.boolean()),
});

const SEGMENT_FIELD = /^segment:(.{1,300})$/s;
const CONFIRM_FIELD = /^confirm:(.{1,300})$/s;

/**
 * The translation editor's form: 'segment:<segment id>' fields (the translations), 'confirm:<id>'
 * boxes (an out-of-date translation is still right), the action and the form's base revision.
 */
export const translationEditSchema = z
  .record(z.string(), z.unknown())
  .superRefine((body, ctx) => {
    if (Object.keys(body).length > 5000) ctx.addIssue({ code: 'custom', message: 'Too many fields.' });
  })
  .transform((body) => {
    const values = new Map<string, string>();
    const confirmed = new Set<string>();
    for (const [name, value] of Object.entries(body)) {
      const segment = SEGMENT_FIELD.exec(name);
      if (segment && typeof value === 'string') values.set(segment[1]!, value.slice(0, 100_001));
      const confirm = CONFIRM_FIELD.exec(name);
      if (confirm) confirmed.add(confirm[1]!);
    }
    // Absent: no stale-form check (a script); empty: the page had no revision when the form opened.
    const raw = body.base_revision_id;
    const base = typeof raw !== 'string' ? undefined : /^\d{1,10}$/.test(raw) ? Number(raw) : null;
    return { values, confirmed, publish: body.action === 'publish', baseRevisionId: base };
  });

/** The largest PO or XLIFF file an upload reads (a page and its subpages fit many times over). */
export const TRANSLATION_FILE_MAX_BYTES = 2_000_000;

const checkbox = z.preprocess((value) => value !== undefined && value !== '', z.boolean());

/** The download form (a GET): without `format` it is the screen, with it the file. */
export const translationDownloadQuery = z.object({
  format: z.enum(['po', 'xliff']).optional(),
  subpages: checkbox,
  all: checkbox,
});

/** Confirming a previewed upload: the preview's random token (24 bytes, base64url). */
export const translationImportConfirmSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32}$/) });
