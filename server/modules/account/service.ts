import type { Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import type { AccountDetailsForm } from '../../../shared/schemas/account';
import { updateUser } from '../users/manage-repo';
import { hashPassword, verifyPassword } from '../users/passwords';
import { findUserById } from '../users/repo';
import { deleteUserSessions } from '../users/sessions-repo';

export async function updateAccountDetails(db: Db, userId: number, form: AccountDetailsForm): Promise<void> {
  await updateUser(db, userId, {
    first_name: form.first_name,
    last_name: form.last_name,
    email: form.email,
    preferred_language: form.preferred_language,
    time_zone: form.time_zone === '' ? null : form.time_zone,
  });
}

/**
 * Changes your own password after checking the current one (Django's PasswordChangeForm). Other
 * sessions of the account end; the current one (`keepSid`) stays signed in.
 */
export async function changeOwnPassword(
  db: Db,
  userId: number,
  current: string,
  next: string,
  keepSid: string,
): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('The user does not exist.');
  if (!(await verifyPassword(user.password_hash, current))) {
    throw badRequest('Your old password was entered incorrectly.', {
      old_password: ['Your old password was entered incorrectly. Please enter it again.'],
    });
  }
  await updateUser(db, userId, { password_hash: await hashPassword(next) });
  await deleteUserSessions(db, userId, keepSid);
}
