import type { Db } from '../../db';
import { notFound } from '../../errors';
import type { SnapshotChange } from '../../../shared/admin/revisions';
import * as lifecycleRepo from './lifecycle-repo';
import type { RevisionListing } from './lifecycle-repo';

export type { RevisionListing };
import * as repo from './repo';
import { diffSnapshots } from './revision-diff';
import { labelChanges } from './revision-labels';
import type { Page, PageRevision, RevisionSnapshot } from './table';
import { formatAdminTime } from '../../../shared/admin/admin-clock';

/** A page's revisions, newest first, without their snapshots. */
export function listPageRevisions(db: Db, pageId: number, limit: number): Promise<RevisionListing[]> {
  return lifecycleRepo.listRevisions(db, pageId, { limit, offset: 0 });
}

/** One revision of this page: 404 when it does not exist or belongs to another page. */
export async function revisionOfPage(db: Db, page: Pick<Page, 'id'>, revisionId: number): Promise<PageRevision> {
  const revision = await repo.findRevision(db, revisionId);
  if (!revision || revision.page_id !== page.id) throw notFound('The revision does not exist.');
  return revision;
}

/** The name shown for whoever saved a revision (null: nobody, or a deleted account). */
export function revisionAuthor(db: Db, revision: Pick<PageRevision, 'user_id'>): Promise<string | null> {
  return lifecycleRepo.findUserName(db, revision.user_id);
}

function liveSnapshot(page: Page): RevisionSnapshot {
  return {
    title: page.title,
    slug: page.slug,
    seo_title: page.seo_title,
    search_description: page.search_description,
    robots: page.robots,
    content: page.content,
  };
}

/** One side of a comparison: 'live', 'earliest' or a revision id. */
export type CompareSide = 'live' | 'earliest' | number;

/** Wagtail's revisions_compare: what changed from one version of the page to another. */
export async function compareVersions(
  db: Db,
  page: Page,
  from: CompareSide,
  to: CompareSide,
): Promise<{ fromLabel: string; toLabel: string; changes: SnapshotChange[] }> {
  const side = async (token: CompareSide): Promise<{ label: string; snapshot: RevisionSnapshot }> => {
    if (token === 'live') return { label: 'the live version', snapshot: liveSnapshot(page) };
    let revisionId = token;
    if (token === 'earliest') {
      const count = await lifecycleRepo.countRevisions(db, page.id);
      const [earliest] = await lifecycleRepo.listRevisions(db, page.id, { limit: 1, offset: Math.max(0, count - 1) });
      if (!earliest) throw notFound('The page has no revisions.');
      revisionId = earliest.id;
    }
    const revision = await revisionOfPage(db, page, revisionId as number);
    return {
      label: `the revision of ${formatAdminTime(revision.created_at)} (#${revision.id})`,
      snapshot: revision.content,
    };
  };
  const before = await side(from);
  const after = await side(to);
  return {
    fromLabel: before.label,
    toLabel: after.label,
    changes: labelChanges(diffSnapshots(before.snapshot, after.snapshot)),
  };
}
