import session from 'express-session';
import type { Db } from '../../db';
import * as repo from './repo';

type Callback = (error?: unknown) => void;

const DEFAULT_TTL_MS = 14 * 24 * 60 * 60 * 1000; // Django's SESSION_COOKIE_AGE: two weeks
const PRUNE_EVERY_MS = 15 * 60 * 1000;

/**
 * express-session store over the `sessions` table, so any process (pg) or the single embedded
 * process (PGlite) serves any session. Expired rows are ignored on read and deleted at most
 * every 15 minutes from a write, which needs no timer that could outlive the database.
 */
export class KyselySessionStore extends session.Store {
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly options: { pruneEveryMs?: number; now?: () => number } = {},
  ) {
    super();
  }

  override get(sid: string, callback: (error: unknown, session?: session.SessionData | null) => void): void {
    repo.findLiveSession(this.db, sid).then(
      (sess) => callback(null, (sess as session.SessionData | undefined) ?? null),
      (error) => callback(error),
    );
  }

  override set(sid: string, sess: session.SessionData, callback?: Callback): void {
    this.settle(
      this.pruneIfDue().then(() => repo.upsertSession(this.db, sid, sess, this.expiryOf(sess))),
      callback,
    );
  }

  override touch(sid: string, sess: session.SessionData, callback?: Callback): void {
    this.settle(repo.touchSession(this.db, sid, this.expiryOf(sess)), callback);
  }

  override destroy(sid: string, callback?: Callback): void {
    this.settle(repo.deleteSession(this.db, sid), callback);
  }

  /** Deletes every expired row now; returns how many went. */
  prune(): Promise<number> {
    this.lastPrune = this.now();
    return repo.deleteExpiredSessions(this.db);
  }

  private async pruneIfDue(): Promise<void> {
    if (this.now() - this.lastPrune < (this.options.pruneEveryMs ?? PRUNE_EVERY_MS)) return;
    await this.prune();
  }

  private expiryOf(sess: session.SessionData): Date {
    const expires = sess.cookie?.expires;
    if (expires) return new Date(expires);
    return new Date(this.now() + (sess.cookie?.originalMaxAge ?? DEFAULT_TTL_MS));
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private settle(work: Promise<unknown>, callback?: Callback): void {
    work.then(
      () => callback?.(),
      (error) => callback?.(error),
    );
  }
}
