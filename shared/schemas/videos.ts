import * as z from 'zod';

const REQUIRED = 'This field is required.';
const SELECT = 'Select a valid choice.';

/** The video edit form: title, collection and an optional poster image from the image library. */
export const videoFormSchema = z
  .object({
    title: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .max(255, 'Ensure this value has at most 255 characters.'),
    collection: z.coerce.number({ error: SELECT }).int(SELECT).min(1, SELECT).max(2_147_483_647, SELECT),
    poster: z.preprocess(
      (value) => (value === '' || value === undefined ? null : value),
      z.coerce.number({ error: SELECT }).int(SELECT).min(1, SELECT).max(2_147_483_647, SELECT).nullable(),
    ),
  })
  .transform((data) => ({ title: data.title, collectionId: data.collection, posterImageId: data.poster }));
export type VideoFormInput = z.infer<typeof videoFormSchema>;

/** A BCP 47 language tag as <track srclang> takes it: 'en', 'fr', 'fr-CA', 'zh-Hant'. */
export const languageTagSchema = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(35, 'Ensure this value has at most 35 characters.')
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Enter a language code such as en, fr or fr-CA.');

/** The add-a-caption-track form (the WebVTT text comes pasted or as a file; checked by the service). */
export const videoTrackFormSchema = z.object({
  label: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(100, 'Ensure this value has at most 100 characters.'),
  language: languageTagSchema,
  kind: z.enum(['captions', 'subtitles'], { error: SELECT }).default('captions'),
  is_default: z.preprocess((value) => value === 'on' || value === true, z.boolean()),
  source: z.string().max(1_000_000, 'The captions are longer than 1 MB.').default(''),
});
export type VideoTrackFormInput = z.infer<typeof videoTrackFormSchema>;

/** The largest caption file taken (a WebVTT file for a feature film is well under this). */
export const MAX_VTT_BYTES = 1_000_000;

const TIMESTAMP = String.raw`(?:\d{2,}:)?[0-5]\d:[0-5]\d\.\d{3}`;
const TIMING_LINE = new RegExp(`^${TIMESTAMP}[ \\t]+-->[ \\t]+${TIMESTAMP}(?:[ \\t].*)?$`);

/**
 * Checks WebVTT text (the W3C format's essentials): it starts with 'WEBVTT' (after an optional
 * byte order mark) followed by a space, a tab or the end of the line; no NUL characters; every
 * line holding '-->' is a cue timing line 'hh:mm:ss.ttt --> hh:mm:ss.ttt [settings]' with the
 * end after the start; and there is at least one cue. Returns the text with '\n' line endings,
 * or the problem in words.
 */
export function checkWebVtt(text: string): { ok: true; text: string } | { ok: false; message: string } {
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/^WEBVTT(?:[ \t][^\n]*)?(?:\n|$)/.test(normalised))
    return { ok: false, message: 'This is not a WebVTT file: it must start with “WEBVTT”.' };
  if (normalised.includes('\u0000')) return { ok: false, message: 'The captions contain a NUL character.' };
  let cues = 0;
  for (const [index, line] of normalised.split('\n').entries()) {
    if (!line.includes('-->')) continue;
    if (!TIMING_LINE.test(line.trim()))
      return { ok: false, message: `Line ${index + 1} is not a cue timing (hh:mm:ss.ttt --> hh:mm:ss.ttt).` };
    const [start, end] = line
      .trim()
      .split(/[ \t]+-->[ \t]+/)
      .map((part) => seconds(part.split(/[ \t]/)[0]!));
    if (!(end! > start!)) return { ok: false, message: `Line ${index + 1}: a cue must end after it starts.` };
    cues += 1;
  }
  if (cues === 0) return { ok: false, message: 'The captions have no cues.' };
  return { ok: true, text: normalised.endsWith('\n') ? normalised : `${normalised}\n` };
}

function seconds(timestamp: string): number {
  const parts = timestamp.split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/** '75.5' seconds -> '1:15'; '3700' -> '1:01:40'. */
export function formatDuration(value: number | null): string {
  if (value === null) return 'Unknown';
  const total = Math.round(value);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
