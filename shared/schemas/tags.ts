import * as z from 'zod';

/** The most tags one image or document may carry, and the longest tag. */
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 100;

/**
 * How two spellings of one tag are matched: 'Summer  Menu' and 'summer menu' are the same tag
 * (Wagtail's TAGGIT_CASE_INSENSITIVE). The first spelling stored is the one shown.
 */
export const tagKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** Tags as the edit form shows them: one text input, commas between tags. */
export const formatTags = (names: readonly string[]) => names.join(', ');

/**
 * The edit form's tags field: names separated by commas (as Wagtail's tag input), each trimmed,
 * repeats dropped (case-insensitively), kept in the order typed. Stored as rows, never as the text.
 */
export const tagsFieldSchema = z
  .string()
  .max(5_000, 'Enter fewer tags.')
  .default('')
  .transform((text, ctx) => {
    const seen = new Set<string>();
    const names: string[] = [];
    for (const part of text.split(',')) {
      const name = part.trim().replace(/\s+/g, ' ');
      if (!name || seen.has(tagKey(name))) continue;
      if (name.length > MAX_TAG_LENGTH) {
        ctx.addIssue({
          code: 'custom',
          message: `Each tag may be at most ${MAX_TAG_LENGTH} characters (“${name.slice(0, 30)}…” is longer).`,
        });
        return z.NEVER;
      }
      seen.add(tagKey(name));
      names.push(name);
    }
    if (names.length > MAX_TAGS) {
      ctx.addIssue({ code: 'custom', message: `Give at most ${MAX_TAGS} tags (there are ${names.length}).` });
      return z.NEVER;
    }
    return names;
  });
