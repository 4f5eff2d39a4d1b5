import { inTransaction, type Db } from '../../db';
import { badRequest, HttpError } from '../../errors';
import type { PrivacyForm } from '../../../shared/schemas/privacy';
import { logModelAction } from '../audit/model-log';
import { existingGroupIds } from '../permissions/groups-repo';
import { hashPassword } from '../users/passwords';
import * as repo from './collection-repo';
import type { CoveringCollectionRestriction } from './collection-repo';
import { checkViewAccess, type AccessDecision, type PrivacyChange, type PrivacyState, type Visitor } from './service';

/**
 * Collection privacy (Wagtail's collection view restrictions): the page privacy rules applied to
 * a collection and its descendants. Only documents are gated by it (Wagtail too: images are served
 * through renditions that pages embed).
 */

export const COLLECTION_MODEL = 'wagtailcore.collection';

type CollectionRef = { id: number; name: string };

export async function collectionPrivacyOf(db: Db, collection: CollectionRef): Promise<PrivacyState> {
  const covering = await repo.listRestrictionsCoveringCollection(db, collection.id);
  // Topmost first: an ancestor's restriction wins over the collection's own.
  const ancestor = covering.find((r) => r.collection_id !== collection.id);
  if (ancestor) return { own: null, inheritedFrom: { pageId: ancestor.collection_id, title: ancestor.collection_name } };
  const own = covering.find((r) => r.collection_id === collection.id);
  if (!own) return { own: null, inheritedFrom: null };
  const groupIds = own.restriction_type === 'groups' ? await repo.listCollectionRestrictionGroupIds(db, own.id) : [];
  return { own: { id: own.id, type: own.restriction_type, groupIds, passwordSet: own.password_hash !== null }, inheritedFrom: null };
}

/** Sets a collection's privacy from the validated form (same rules as setPrivacy for pages), logged in its history. */
export async function setCollectionPrivacy(db: Db, collection: CollectionRef, userId: number, form: PrivacyForm): Promise<PrivacyChange> {
  const type = form.restriction_type;
  const groupIds = type === 'groups' ? [...new Set(form.groups)] : [];
  if (groupIds.length) {
    const known = new Set(await existingGroupIds(db, groupIds));
    const unknown = groupIds.find((id) => !known.has(id));
    if (unknown !== undefined) throw badRequest('The form is not valid.', { groups: [`Select a valid choice. ${unknown} is not one of the available choices.`] });
  }
  const newHash = type === 'password' && form.password !== '' ? await hashPassword(form.password) : null;

  return inTransaction(db, async (trx) => {
    const covering = await repo.listRestrictionsCoveringCollection(trx, collection.id);
    const ancestor = covering.find((r) => r.collection_id !== collection.id);
    if (ancestor) {
      throw new HttpError(409, 'privacy_inherited', `This collection is private because of the privacy settings of '${ancestor.collection_name}': change them there.`);
    }
    const own = covering.find((r) => r.collection_id === collection.id);
    const log = (change: Exclude<PrivacyChange, 'none'>, restrictionType: string, extra: Record<string, unknown> = {}) =>
      logModelAction(trx, { model: COLLECTION_MODEL, objectId: collection.id, objectStr: collection.name, userId, action: 'privacy', data: { change, restriction_type: restrictionType, ...extra } });

    if (type === 'none') {
      if (!own) return 'none';
      await repo.deleteCollectionRestriction(trx, own.id);
      await log('delete', own.restriction_type);
      return 'delete';
    }
    const passwordHash = type === 'password' ? (newHash ?? (own?.restriction_type === 'password' ? own.password_hash : null)) : null;
    if (type === 'password' && passwordHash === null) throw badRequest('The form is not valid.', { password: ['This field is required.'] });
    if (own) {
      await repo.updateCollectionRestriction(trx, own.id, { type, passwordHash });
      await repo.replaceCollectionRestrictionGroups(trx, own.id, groupIds);
      await log('edit', type, { previous_restriction_type: own.restriction_type, ...(newHash ? { password_changed: true } : {}) });
      return 'edit';
    }
    const created = await repo.insertCollectionRestriction(trx, { collectionId: collection.id, type, passwordHash });
    await repo.replaceCollectionRestrictionGroups(trx, created.id, groupIds);
    await log('create', type);
    return 'create';
  });
}

export function restrictionsCoveringCollection(db: Db, collectionId: number): Promise<CoveringCollectionRestriction[]> {
  return repo.listRestrictionsCoveringCollection(db, collectionId);
}

export function checkCollectionAccess(db: Db, restrictions: CoveringCollectionRestriction[], visitor: Visitor): Promise<AccessDecision<CoveringCollectionRestriction>> {
  return checkViewAccess(db, restrictions, visitor, repo.userInCollectionRestrictionGroups);
}

/** The password restriction named in a URL, when it is one (else the URL answers 404). */
export async function collectionPasswordRestriction(db: Db, restrictionId: number) {
  const restriction = await repo.findCollectionRestriction(db, restrictionId);
  return restriction?.restriction_type === 'password' ? restriction : undefined;
}
