import type { Db } from '../../db';
import { badRequest, HttpError } from '../../errors';
import type { PingBody, PingResponse } from '../../../shared/schemas/editing-sessions';
import type { Page } from '../pages/table';
import * as repo from './repo';
import { displayName as nameOf, type NamedUser } from '../users/display-name';

const displayName = (user: NamedUser) => nameOf(user) ?? 'Someone';

/**
 * One ping of an open editor (Wagtail's EditingSession ping): records this session, forgets
 * sessions gone for 25 minutes, and answers who else has the page open and the page's latest
 * revision, so the editor can say "X saved a new version" and ask before saving over it.
 */
export async function ping(
  db: Db,
  userId: number,
  page: Page,
  sessionKey: string,
  body: PingBody,
): Promise<PingResponse> {
  if (body.revision_id !== null && !(await repo.revisionBelongsToPage(db, body.revision_id, page.id))) {
    throw badRequest('The revision is not one of this page.', {
      revision_id: ['The revision is not one of this page.'],
    });
  }
  const recorded = await repo.upsertSession(db, {
    userId,
    pageId: page.id,
    sessionKey,
    isEditing: body.is_editing,
    revisionId: body.revision_id,
    active: body.active,
  });
  if (!recorded)
    throw new HttpError(
      409,
      'session_key_in_use',
      'This editing session key is already in use: reload the page to start a new session.',
    );
  await repo.deleteGoneSessions(db);
  const others = await repo.otherSessions(db, page.id, sessionKey);
  const author = page.latest_revision_id ? await repo.latestRevisionAuthor(db, page.latest_revision_id) : undefined;
  return {
    session_key: sessionKey,
    other_sessions: others.map((s) => ({
      session_key: s.session_key,
      user: { name: displayName(s), is_you: s.user_id === userId },
      is_editing: s.is_editing,
      revision_id: s.revision_id,
      idle: Boolean(s.idle),
      last_seen_at: new Date(s.last_seen_at).toISOString(),
    })),
    latest_revision_id: page.latest_revision_id,
    latest_revision_user: author && author.username !== null ? { name: displayName(author) } : null,
  };
}

/** The editor was closed (pagehide): its session goes at once instead of after 25 minutes. */
export function release(db: Db, userId: number, sessionKey: string): Promise<boolean> {
  return repo.deleteSession(db, sessionKey, userId);
}
