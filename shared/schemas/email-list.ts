import * as z from 'zod';

/** How many staff addresses one form page may notify. */
export const MAX_NOTIFY_EMAILS = 10;

/** One address as a form page's notification list keeps it (also the content schema's item). */
export const notifyEmailSchema = z.email().max(254);

/** The list as stored in a page's content. */
export const notifyEmailsSchema = z.array(notifyEmailSchema).max(MAX_NOTIFY_EMAILS).default([]);

export type EmailListResult = { ok: true; emails: string[] } | { ok: false; error: string };

/**
 * A list of e-mail addresses as staff type it: one a line, or separated by commas, semicolons or
 * spaces. Blanks are skipped and repeats (whatever their case) kept once; each must be a valid
 * address (so a CR or LF can never reach a mail header). The first bad one is named in the error.
 */
export function parseEmailList(text: string): EmailListResult {
  const emails: string[] = [];
  const seen = new Set<string>();
  for (const part of text.split(/[\s,;]+/)) {
    if (part === '') continue;
    if (!notifyEmailSchema.safeParse(part).success) {
      const shown = part.length > 60 ? `${part.slice(0, 60)}…` : part;
      return {
        ok: false,
        error: `“${shown}” is not a valid e-mail address. Enter one address per line, such as guest.relations@example.com.`,
      };
    }
    if (seen.has(part.toLowerCase())) continue;
    seen.add(part.toLowerCase());
    emails.push(part);
  }
  if (emails.length > MAX_NOTIFY_EMAILS)
    return { ok: false, error: `Enter at most ${MAX_NOTIFY_EMAILS} addresses (you entered ${emails.length}).` };
  return { ok: true, emails };
}
