import { createHash, randomBytes } from 'node:crypto';
import { inTransaction, type Db } from '../../db';
import type { Mailer } from '../mail/mailer';
import { findActiveUsersByEmail, updateUser } from '../users/manage-repo';
import { hashPassword } from '../users/passwords';
import { findUserById } from '../users/repo';
import { deleteUserSessions } from '../users/sessions-repo';
import * as repo from './reset-repo';

/** How long a reset link works. Short, since the link alone is enough to take the account. */
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** At most this many reset e-mails per account per token lifetime: the form cannot flood an inbox. */
export const MAX_RESET_MAILS = 3;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');

export function decodeUid(uidb64: string): number | undefined {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uidb64)) return undefined;
  const text = Buffer.from(uidb64, 'base64url').toString('utf8');
  return /^[1-9]\d{0,9}$/.test(text) ? Number(text) : undefined;
}

/**
 * Sends a reset link to every active account with this e-mail. The caller answers the same
 * whether or not any account matched, so the form never reveals which addresses exist.
 */
export async function requestPasswordReset(db: Db, mailer: Mailer, email: string, baseUrl: string): Promise<void> {
  await repo.deleteStaleResetTokens(db);
  for (const user of await findActiveUsersByEmail(db, email)) {
    if ((await repo.countRecentResetTokens(db, user.id, RESET_TOKEN_LIFETIME_MS)) >= MAX_RESET_MAILS) continue;
    const token = randomBytes(32).toString('base64url');
    await repo.insertResetToken(db, {
      user_id: user.id,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
    });
    const link = `${baseUrl}/wagtail/password_reset/confirm/${encodeUid(user.id)}/${token}/`;
    await mailer.send({
      to: user.email,
      subject: 'Password reset',
      text: [
        `Hello ${user.first_name || user.username},`,
        '',
        'Please follow the link below to reset your password:',
        link,
        '',
        `The link works once and expires in ${RESET_TOKEN_LIFETIME_MS / 60_000} minutes.`,
        `Your username (in case you've forgotten): ${user.username}`,
        '',
        "If you did not ask for this, you can ignore this message: your password won't change.",
      ].join('\n'),
    });
  }
}

/** Whether the link is still good (checked before showing the new-password form). */
export async function resetLinkIsValid(db: Db, uidb64: string, token: string): Promise<boolean> {
  const userId = decodeUid(uidb64);
  if (userId === undefined || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return false;
  const user = await findUserById(db, userId);
  if (!user?.is_active) return false;
  return (await repo.findUsableResetToken(db, userId, hashToken(token))) !== undefined;
}

/**
 * Sets the new password if the link is still good, spends every token of the account and ends
 * its sessions. Returns false when the link is invalid, used or expired.
 */
export async function completePasswordReset(
  db: Db,
  uidb64: string,
  token: string,
  newPassword: string,
): Promise<boolean> {
  const userId = decodeUid(uidb64);
  if (userId === undefined) return false;
  const passwordHash = await hashPassword(newPassword);
  return inTransaction(db, async (trx) => {
    const user = await findUserById(trx, userId);
    if (!user?.is_active) return false;
    if (!(await repo.findUsableResetToken(trx, userId, hashToken(token)))) return false;
    await repo.useAllResetTokens(trx, userId);
    await updateUser(trx, userId, { password_hash: passwordHash });
    await deleteUserSessions(trx, userId);
    return true;
  });
}
