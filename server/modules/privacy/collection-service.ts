import type { Db } from '../../db';
import type { PrivacyForm } from '../../../shared/schemas/privacy';
import { logModelAction } from '../audit/model-log';
import * as repo from './repo';
import type { CoveringCollectionRestriction } from './repo';
import {
  applyPrivacyForm,
  checkViewAccess,
  privacyStateOf,
  type AccessDecision,
  type PrivacyChange,
  type PrivacySubject,
  type PrivacyState,
  type Visitor,
} from './service';

/**
 * Collection privacy (Wagtail's collection view restrictions): the page privacy rules applied to
 * a collection and its descendants. Only documents are gated by it (Wagtail too: images are served
 * through renditions that pages embed).
 */

export const COLLECTION_MODEL = 'wagtailcore.collection';

type CollectionRef = { id: number; name: string };

function collectionSubject(collection: CollectionRef, userId?: number): PrivacySubject<CoveringCollectionRestriction> {
  return {
    tables: repo.COLLECTION_RESTRICTIONS,
    id: collection.id,
    noun: 'collection',
    covering: (db) => repo.listRestrictionsCoveringCollection(db, collection.id),
    ownerOf: (r) => r.collection_id,
    nameOf: (r) => r.collection_name,
    log: (trx, data) =>
      logModelAction(trx, {
        model: COLLECTION_MODEL,
        objectId: collection.id,
        objectStr: collection.name,
        userId: userId ?? null,
        action: 'privacy',
        data,
      }),
  };
}

export function collectionPrivacyOf(db: Db, collection: CollectionRef): Promise<PrivacyState> {
  return privacyStateOf(db, collectionSubject(collection));
}

/** Sets a collection's privacy from the validated form (the page rules: applyPrivacyForm), logged in its history. */
export function setCollectionPrivacy(
  db: Db,
  collection: CollectionRef,
  userId: number,
  form: PrivacyForm,
): Promise<PrivacyChange> {
  return applyPrivacyForm(db, collectionSubject(collection, userId), form);
}

export function restrictionsCoveringCollection(db: Db, collectionId: number): Promise<CoveringCollectionRestriction[]> {
  return repo.listRestrictionsCoveringCollection(db, collectionId);
}

export function checkCollectionAccess(
  db: Db,
  restrictions: CoveringCollectionRestriction[],
  visitor: Visitor,
): Promise<AccessDecision<CoveringCollectionRestriction>> {
  return checkViewAccess(db, restrictions, visitor, (db, restrictionId, userId) =>
    repo.userInRestrictionGroups(db, repo.COLLECTION_RESTRICTIONS, restrictionId, userId),
  );
}

/** The password restriction named in a URL, when it is one (else the URL answers 404). */
export async function collectionPasswordRestriction(db: Db, restrictionId: number) {
  const restriction = await repo.findRestriction(db, repo.COLLECTION_RESTRICTIONS, restrictionId);
  return restriction?.restriction_type === 'password' ? restriction : undefined;
}
