import type { Db } from '../../db';
import * as repo from './repo';

/**
 * How many uploads (media files, caption tracks, imports) one user may send at once. The upload
 * screen's script sends two at a time, so one more is left for a chooser's upload in another tab.
 */
export const MAX_PARALLEL_UPLOADS = 3;

/**
 * A slot outlives a process that died mid-upload by at most this long. An upload that takes
 * longer keeps going; its slot simply stops counting.
 */
export const UPLOAD_SLOT_LEASE_SECONDS = 15 * 60;

/**
 * Takes one of the user's upload slots, or answers undefined when all are in use. Kept in the
 * database, so the cap holds across every server process; the per-user advisory lock makes
 * parallel requests count one after another.
 */
export async function takeUploadSlot(
  db: Db,
  userId: number,
  max = MAX_PARALLEL_UPLOADS,
  leaseSeconds = UPLOAD_SLOT_LEASE_SECONDS,
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    await repo.lockUserSlots(trx, userId);
    await repo.deleteLapsedSlots(trx, userId);
    if ((await repo.countSlots(trx, userId)) >= max) return undefined;
    return repo.insertSlot(trx, userId, leaseSeconds);
  });
}

export async function releaseUploadSlot(db: Db, id: number): Promise<void> {
  await repo.deleteSlot(db, id);
}
