import * as z from 'zod';

/**
 * Editing sessions (who else has a page editor open) and autosave: the shapes the browser sends
 * and receives. Used by server/modules/editing-sessions and client/admin/editing-sessions.
 */

/** How often an open editor pings, and when others are shown as idle and then dropped. */
export const PING_INTERVAL_MS = 10_000;
export const IDLE_AFTER_MINUTES = 10;
export const GONE_AFTER_MINUTES = 25;

const id = z.coerce.number().int().min(1).max(2_147_483_647);
/** Made by the browser for each open editor (crypto.randomUUID() or 32 random hex digits). */
export const sessionKeySchema = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'The editing session key is not valid.');

export const pingParamsSchema = z.object({ page_id: id, session_key: sessionKeySchema });
export const releaseParamsSchema = z.object({ session_key: sessionKeySchema });

export const pingBodySchema = z.object({
  /** The editor holds changes it has not saved. */
  is_editing: z.boolean({ error: 'is_editing must be true or false.' }),
  /** The revision the editor opened or last saved (null: the page had none). */
  revision_id: z
    .number({ error: 'revision_id must be a revision id or null.' })
    .int()
    .min(1)
    .max(2_147_483_647)
    .nullable(),
  /** The user typed, clicked or scrolled since the last ping (else the session may turn idle). */
  active: z.boolean({ error: 'active must be true or false.' }),
});
export type PingBody = z.infer<typeof pingBodySchema>;

export type OtherSession = {
  session_key: string;
  user: { name: string; /** The same person in another window or tab. */ is_you: boolean };
  is_editing: boolean;
  revision_id: number | null;
  idle: boolean;
  last_seen_at: string;
};

export type PingResponse = {
  session_key: string;
  other_sessions: OtherSession[];
  latest_revision_id: number | null;
  /** Who saved the latest revision (for "X saved a newer version"), when known. */
  latest_revision_user: { name: string } | null;
};

/**
 * The edit form's explicit "save over a newer version" choice: '1' from the confirmation dialog
 * (the pressed button says draft or publish), 'draft' or 'publish' from the no-JavaScript
 * 'Overwrite with my changes' button after a stale-form refusal.
 */
export const overwriteFieldSchema = z
  .enum(['1', 'draft', 'publish'], { error: 'The overwrite choice is not valid.' })
  .optional();

export type AutosaveResponse = { revision_id: number; saved_at: string };
