import { inTransaction, type Db } from '../../db';
import { badRequest, HttpError } from '../../errors';
import type { PrivacyForm } from '../../../shared/schemas/privacy';
import { logPageAction } from '../audit/service';
import { existingGroupIds } from '../permissions/groups-repo';
import { findPage } from '../pages/service';
import type { Page } from '../pages/table';
import { forgetIdleCounters, LIMITS, release, reserve } from '../rate-limits/service';
import { hashPassword, verifyPassword } from '../users/passwords';
import * as repo from './repo';
import type { CoveringRestriction, RestrictionTables, ViewRestriction } from './repo';
import type { RestrictionType } from './table';

/** What the privacy screen shows: the page's own restriction, or the ancestor whose restriction it inherits. */
export type PrivacyState = {
  own: { id: number; type: RestrictionType; groupIds: number[]; passwordSet: boolean } | null;
  inheritedFrom: { pageId: number; title: string } | null;
};

/**
 * What the shared privacy rules need of the thing a restriction sits on (a page or a collection):
 * its tables, the restrictions covering it (topmost first), and how its history records a change.
 */
export type PrivacySubject<R extends ViewRestriction> = {
  tables: RestrictionTables;
  id: number;
  noun: 'page' | 'collection';
  covering: (db: Db) => Promise<R[]>;
  ownerOf: (restriction: R) => number;
  nameOf: (restriction: R) => string;
  log: (
    trx: Db,
    data: { change: Exclude<PrivacyChange, 'none'>; restriction_type: string } & Record<string, unknown>,
  ) => Promise<unknown>;
};

export async function privacyStateOf<R extends ViewRestriction>(
  db: Db,
  subject: PrivacySubject<R>,
): Promise<PrivacyState> {
  const covering = await subject.covering(db);
  // Topmost first, as Wagtail's set_privacy: an ancestor's restriction wins over the subject's own.
  const ancestor = covering.find((r) => subject.ownerOf(r) !== subject.id);
  if (ancestor)
    return { own: null, inheritedFrom: { pageId: subject.ownerOf(ancestor), title: subject.nameOf(ancestor) } };
  const own = covering.find((r) => subject.ownerOf(r) === subject.id);
  if (!own) return { own: null, inheritedFrom: null };
  const groupIds =
    own.restriction_type === 'groups' ? await repo.listRestrictionGroupIds(db, subject.tables, own.id) : [];
  return {
    own: { id: own.id, type: own.restriction_type, groupIds, passwordSet: own.password_hash !== null },
    inheritedFrom: null,
  };
}

function pageSubject(page: Pick<Page, 'id' | 'path' | 'title'>, userId?: number): PrivacySubject<CoveringRestriction> {
  return {
    tables: repo.PAGE_RESTRICTIONS,
    id: page.id,
    noun: 'page',
    covering: (db) => repo.listRestrictionsCovering(db, page.path),
    ownerOf: (r) => r.page_id,
    nameOf: (r) => r.page_title,
    log: (trx, data) =>
      logPageAction(trx, { pageId: page.id, userId: userId ?? null, action: 'privacy', title: page.title, data }),
  };
}

export function privacyOf(db: Db, page: Pick<Page, 'id' | 'path' | 'title'>): Promise<PrivacyState> {
  return privacyStateOf(db, pageSubject(page));
}

/** The "Private" marker of the explorer and the editor: restricted itself or by an ancestor. */
export async function isPagePrivate(db: Db, page: Pick<Page, 'path'>): Promise<boolean> {
  return (await repo.listRestrictionsCovering(db, page.path)).length > 0;
}

/** A test for many pages at once (one query): whether a tree path lies in a restricted subtree. */
export async function privatePathTester(db: Db): Promise<(path: string) => boolean> {
  const restricted = await repo.listRestrictedPaths(db);
  return (path) => restricted.some((prefix) => path.startsWith(prefix));
}

export type PrivacyChange = 'create' | 'edit' | 'delete' | 'none';

/**
 * Sets a page's or collection's privacy from the validated form, recorded in its history. One under
 * a restricted ancestor cannot have its own (Wagtail: change it on the ancestor). A blank password
 * keeps the stored one when there already is a shared password.
 */
export async function applyPrivacyForm<R extends ViewRestriction>(
  db: Db,
  subject: PrivacySubject<R>,
  form: PrivacyForm,
): Promise<PrivacyChange> {
  const type = form.restriction_type;
  const groupIds = type === 'groups' ? [...new Set(form.groups)] : [];
  if (groupIds.length) {
    const known = new Set(await existingGroupIds(db, groupIds));
    const unknown = groupIds.find((id) => !known.has(id));
    if (unknown !== undefined)
      throw badRequest('The form is not valid.', {
        groups: [`Select a valid choice. ${unknown} is not one of the available choices.`],
      });
  }
  // Hashed before the transaction opens: argon2 is slow on purpose.
  const newHash = type === 'password' && form.password !== '' ? await hashPassword(form.password) : null;
  const { tables } = subject;

  return inTransaction(db, async (trx) => {
    const covering = await subject.covering(trx);
    const ancestor = covering.find((r) => subject.ownerOf(r) !== subject.id);
    if (ancestor) {
      throw new HttpError(
        409,
        'privacy_inherited',
        `This ${subject.noun} is private because of the privacy settings of '${subject.nameOf(ancestor)}': change them there.`,
      );
    }
    const own = covering.find((r) => subject.ownerOf(r) === subject.id);
    const log = (
      change: Exclude<PrivacyChange, 'none'>,
      restrictionType: string,
      extra: Record<string, unknown> = {},
    ) => subject.log(trx, { change, restriction_type: restrictionType, ...extra });

    if (type === 'none') {
      if (!own) return 'none';
      await repo.deleteRestriction(trx, tables, own.id);
      await log('delete', own.restriction_type);
      return 'delete';
    }
    const passwordHash =
      type === 'password' ? (newHash ?? (own?.restriction_type === 'password' ? own.password_hash : null)) : null;
    if (type === 'password' && passwordHash === null)
      throw badRequest('The form is not valid.', { password: ['This field is required.'] });
    if (own) {
      await repo.updateRestriction(trx, tables, own.id, { type, passwordHash });
      await repo.replaceRestrictionGroups(trx, tables, own.id, groupIds);
      await log('edit', type, {
        previous_restriction_type: own.restriction_type,
        ...(newHash ? { password_changed: true } : {}),
      });
      return 'edit';
    }
    const created = await repo.insertRestriction(trx, tables, { ownerId: subject.id, type, passwordHash });
    await repo.replaceRestrictionGroups(trx, tables, created.id, groupIds);
    await log('create', type);
    return 'create';
  });
}

/** Sets the page's privacy from the validated form (see applyPrivacyForm). */
export function setPrivacy(
  db: Db,
  page: Pick<Page, 'id' | 'path' | 'title'>,
  userId: number,
  form: PrivacyForm,
): Promise<PrivacyChange> {
  return applyPrivacyForm(db, pageSubject(page, userId), form);
}

/** A visitor as the restrictions see them: the signed-in staff account (if any) and the passwords already given. */
export type Visitor = { user?: { id: number; is_superuser: boolean }; passedRestrictionIds: readonly number[] };

export type AccessDecision<R = CoveringRestriction> =
  { ok: true } | { ok: false; need: 'password' | 'login'; restriction: R };

/** Whether a user belongs to one of a restriction's groups (page and collection restrictions keep theirs apart). */
export type GroupMembership = (db: Db, restrictionId: number, userId: number) => Promise<boolean>;

/**
 * Whether a visitor may see a page under these restrictions (the page's own and its ancestors'),
 * as Wagtail's BaseViewRestriction.accept_request: every one of them must let the visitor in.
 * Collection restrictions go through here too, with their own group table.
 */
export async function checkViewAccess<R extends { id: number; restriction_type: RestrictionType }>(
  db: Db,
  restrictions: R[],
  visitor: Visitor,
  inGroups: GroupMembership = (db, restrictionId, userId) =>
    repo.userInRestrictionGroups(db, repo.PAGE_RESTRICTIONS, restrictionId, userId),
): Promise<AccessDecision<R>> {
  for (const restriction of restrictions) {
    switch (restriction.restriction_type) {
      case 'password':
        if (!visitor.passedRestrictionIds.includes(restriction.id)) return { ok: false, need: 'password', restriction };
        break;
      case 'login':
        if (!visitor.user) return { ok: false, need: 'login', restriction };
        break;
      case 'groups':
        if (!visitor.user) return { ok: false, need: 'login', restriction };
        if (!visitor.user.is_superuser && !(await inGroups(db, restriction.id, visitor.user.id)))
          return { ok: false, need: 'login', restriction };
        break;
    }
  }
  return { ok: true };
}

export type PasswordCheck = { result: 'ok' | 'wrong' } | { result: 'rate_limited'; retryAfterSeconds: number };

/**
 * Checks a visitor's password against a 'password' restriction, rate-limited per client address
 * (counted before the check, so parallel guesses count). A shared password has no account to
 * slow down: limiting the restriction itself would let anyone keep every visitor out.
 */
export async function checkRestrictionPassword(
  db: Db,
  restriction: { password_hash: string | null },
  password: string,
  ip: string,
): Promise<PasswordCheck> {
  const attempt = await reserve(db, LIMITS.pagePasswordAddress, ip);
  if (!attempt.counted) return { result: 'rate_limited', retryAfterSeconds: attempt.retryAfterSeconds };
  if (restriction.password_hash && (await verifyPassword(restriction.password_hash, password))) {
    await release(db, LIMITS.pagePasswordAddress, ip);
    return { result: 'ok' };
  }
  await forgetIdleCounters(db);
  return { result: 'wrong' };
}

/** The password restriction named in a /_util/ URL, when it really covers the page named there. */
export async function passwordRestrictionFor(
  db: Db,
  pageId: number,
  restrictionId: number,
): Promise<{ page: Page; restriction: CoveringRestriction } | undefined> {
  const page = await findPage(db, pageId);
  if (!page) return undefined;
  const restriction = (await repo.listRestrictionsCoveringPage(db, page.id)).find((r) => r.id === restrictionId);
  if (!restriction || restriction.restriction_type !== 'password') return undefined;
  return { page, restriction };
}
