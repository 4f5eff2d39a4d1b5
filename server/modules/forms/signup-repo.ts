import { sql } from 'kysely';
import { jsonb, type Db } from '../../db';
import type { ConsentEvidenceEvent, SignupRequestData } from './table';

/** Stores a pending signup; its data waits here until the owner of the address confirms. */
export async function insertSignupRequest(
  db: Db,
  row: {
    email: string;
    data: SignupRequestData;
    page_id: number;
    site_id: number;
    language_code: string;
    source_url: string;
    expiresInSeconds: number;
  },
): Promise<{ id: number; expires_at: Date }> {
  const { expiresInSeconds, data, ...rest } = row;
  return db
    .insertInto('signup_requests')
    .values({
      ...rest,
      data: jsonb(data) as unknown as string,
      expires_at: sql<Date>`now() + make_interval(secs => ${expiresInSeconds})`,
    })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
}

/** A request with whether it has expired by the database's clock (one clock for every dyno). */
export function findSignupRequest(db: Db, id: number, options: { lock?: boolean } = {}) {
  let query = db
    .selectFrom('signup_requests')
    .selectAll()
    .select(sql<boolean>`expires_at <= now()`.as('expired'))
    .where('id', '=', id);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function markSignupConfirmed(db: Db, id: number): Promise<void> {
  await db
    .updateTable('signup_requests')
    .set({ confirmed_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * Requests long past their expiry go with their form data (the evidence rows stay, their
 * request_id set to null); until then an old link still says "expired" rather than "not valid".
 */
export async function deleteOldSignupRequests(db: Db, expiredForSeconds: number): Promise<void> {
  await db
    .deleteFrom('signup_requests')
    .where('expires_at', '<', sql<Date>`now() - make_interval(secs => ${expiredForSeconds})`)
    .execute();
}

export async function insertConsentEvidence(
  db: Db,
  row: {
    request_id: number;
    email: string;
    event: ConsentEvidenceEvent;
    wording: string;
    wording_version: string;
    site_id: number;
    language_code: string;
    source_url: string;
    ip_hash: string;
    user_agent: string;
  },
): Promise<void> {
  await db.insertInto('consent_evidence').values(row).execute();
}

export function listConsentEvidence(db: Db, email: string) {
  return db
    .selectFrom('consent_evidence')
    .selectAll()
    .where('email', '=', email)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
