import { inTransaction, type Db } from '../../db';
import { badRequest, HttpError, notFound } from '../../errors';
import type { UserCreateForm, UserEditForm } from '../../../shared/schemas/admin-accounts';
import type { ListQuery } from '../../listing/list-query';
import { existingGroupIds, replaceUserGroups } from '../permissions/groups-repo';
import { deleteUserSessions } from './sessions-repo';
import { hashPassword } from './passwords';
import * as repo from './repo';
import * as manageRepo from './manage-repo';
import type { User } from './table';

export type { UserListing } from './manage-repo';

const USERNAME_TAKEN = 'A user with that username already exists.';

async function checkGroups(db: Db, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await existingGroupIds(db, unique);
  if (found.length !== unique.length)
    throw badRequest('Select a valid choice.', {
      groups: ['Select a valid choice. That group is not one of the available choices.'],
    });
  return unique;
}

/** Creates a staff account with its groups (the users screen's add form). */
export async function createUser(db: Db, form: UserCreateForm): Promise<User> {
  const passwordHash = await hashPassword(form.password1); // outside the transaction: argon2 is slow
  return inTransaction(db, async (trx) => {
    if (await manageRepo.usernameTaken(trx, form.username))
      throw badRequest(USERNAME_TAKEN, { username: [USERNAME_TAKEN] });
    const groups = await checkGroups(trx, form.groups);
    const user = await repo.insertUser(trx, {
      username: form.username,
      email: form.email,
      first_name: form.first_name,
      last_name: form.last_name,
      password_hash: passwordHash,
      is_superuser: form.is_superuser,
    });
    if (!form.is_active) await manageRepo.updateUser(trx, user.id, { is_active: false });
    await replaceUserGroups(trx, user.id, groups);
    return user;
  });
}

/**
 * Edits an account. Nobody can take away their own superuser flag or deactivate themselves
 * (Wagtail hides those fields on your own account), so the last way in is never locked out.
 */
export async function editUser(db: Db, actorId: number, id: number, form: UserEditForm): Promise<void> {
  const passwordHash = form.password1 ? await hashPassword(form.password1) : undefined;
  await inTransaction(db, async (trx) => {
    const user = await repo.findUserById(trx, id);
    if (!user) throw notFound('The user does not exist.');
    if (await manageRepo.usernameTaken(trx, form.username, id))
      throw badRequest(USERNAME_TAKEN, { username: [USERNAME_TAKEN] });
    const self = actorId === id;
    if (self && !form.is_active)
      throw badRequest('You cannot deactivate your own account.', {
        is_active: ['You cannot deactivate your own account.'],
      });
    if (self && user.is_superuser && !form.is_superuser) {
      throw badRequest('You cannot remove your own administrator rights.', {
        is_superuser: ['You cannot remove your own administrator rights.'],
      });
    }
    const groups = await checkGroups(trx, form.groups);
    await manageRepo.updateUser(trx, id, {
      username: form.username,
      email: form.email,
      first_name: form.first_name,
      last_name: form.last_name,
      is_active: form.is_active,
      is_superuser: form.is_superuser,
      ...(passwordHash ? { password_hash: passwordHash } : {}),
    });
    await replaceUserGroups(trx, id, groups);
    // A deactivated account or a reset password ends the account's other sessions at once.
    if (!form.is_active || passwordHash) await deleteUserSessions(trx, id);
  });
}

/** Deactivates an account (Wagtail keeps users rather than deleting them: their pages keep an owner). */
export async function deactivateUser(db: Db, actorId: number, id: number): Promise<void> {
  if (actorId === id) throw new HttpError(400, 'bad_request', 'You cannot deactivate your own account.');
  await inTransaction(db, async (trx) => {
    const user = await repo.findUserById(trx, id);
    if (!user) throw notFound('The user does not exist.');
    await manageRepo.updateUser(trx, id, { is_active: false });
    await deleteUserSessions(trx, id);
  });
}

/** One page of the users list (the users viewset's store). */
export function listUsers(db: Db, query: ListQuery): Promise<{ rows: manageRepo.UserListing[]; total: number }> {
  return manageRepo.listUsers(db, query);
}

/** A user as the users list shows them (undefined when there is none). */
export async function getUserListing(db: Db, id: number): Promise<manageRepo.UserListing | undefined> {
  return manageRepo.findUserListing(db, id);
}
