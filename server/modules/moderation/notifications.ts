import type { Db } from '../../db';
import type { JobHandler } from '../jobs/runner';
import { enqueueJob } from '../jobs/repo';
import type { Mailer } from '../mail/mailer';
import { activeUserEmail, groupMemberEmails, taskGroupIds } from '../workflows/repo';

/**
 * Workflow e-mails (Wagtail's submission, approval and rejection notifications) go through the
 * jobs table: enqueued in the action's transaction, so a rolled-back approval sends nothing, and
 * sent by the job runner with its retries. The message is composed when enqueued.
 */
export const WORKFLOW_MAIL_JOB = 'workflow.notify';

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').slice(0, 200);
const editPath = (pageId: number) => `/wagtail/pages/${pageId}/edit/`;

async function enqueue(db: Db, to: string[], subject: string, text: string): Promise<void> {
  if (to.length === 0) return;
  await enqueueJob(db, {
    kind: WORKFLOW_MAIL_JOB,
    payload: { to, subject: oneLine(subject), text },
    runAt: new Date(),
  });
}

async function emailOf(db: Db, userId: number | null): Promise<string[]> {
  return userId === null ? [] : activeUserEmail(db, userId);
}

async function actorEmail(db: Db, actorId: number): Promise<string | undefined> {
  return (await emailOf(db, actorId))[0];
}

type PageInfo = { id: number; title: string };

/** A task started: its groups' members are asked to review (not the one who submitted or approved). */
export async function notifyTaskSubmitted(
  db: Db,
  page: PageInfo,
  task: { id: number; name: string },
  actorId: number,
): Promise<void> {
  const skip = await actorEmail(db, actorId);
  const to = (await groupMemberEmails(db, await taskGroupIds(db, task.id))).filter((email) => email !== skip);
  await enqueue(
    db,
    to,
    `The page "${page.title}" has been submitted for approval to moderation stage "${task.name}"`,
    `The page "${page.title}" awaits your review at the stage "${task.name}".\n\nReview it in the back office: ${editPath(page.id)}\n`,
  );
}

/** The workflow ended approved: the submitter hears it. */
export async function notifyApproved(
  db: Db,
  page: PageInfo,
  requestedById: number | null,
  actorId: number,
  comment: string,
): Promise<void> {
  const to = requestedById === actorId ? [] : await emailOf(db, requestedById);
  const note = comment ? `\n\nComment: ${comment}\n` : '\n';
  await enqueue(
    db,
    to,
    `The page "${page.title}" has been approved`,
    `The page "${page.title}" has been approved and published.${note}\n${editPath(page.id)}\n`,
  );
}

/** Changes requested: the submitter hears it, with the reviewer's comment. */
export async function notifyRejected(
  db: Db,
  page: PageInfo,
  task: { name: string },
  requestedById: number | null,
  actorId: number,
  comment: string,
): Promise<void> {
  const to = requestedById === actorId ? [] : await emailOf(db, requestedById);
  const note = comment ? `\n\nComment: ${comment}\n` : '\n';
  await enqueue(
    db,
    to,
    `The page "${page.title}" has been rejected during "${task.name}"`,
    `Changes were requested on the page "${page.title}" at the stage "${task.name}".${note}\nEdit it in the back office: ${editPath(page.id)}\n`,
  );
}

/** Sends a composed message ({ to: [...], subject, text }) to each address on its own. */
export function mailEachJob(mailer: Mailer): JobHandler {
  return async (_db, payload) => {
    const to = Array.isArray(payload.to)
      ? payload.to.filter((value): value is string => typeof value === 'string')
      : [];
    const subject = typeof payload.subject === 'string' ? payload.subject : '';
    const text = typeof payload.text === 'string' ? payload.text : '';
    // One message per person: reviewers never see each other's addresses.
    for (const address of to) await mailer.send({ to: address, subject, text });
  };
}

export function workflowJobHandlers(mailer: Mailer): Map<string, JobHandler> {
  return new Map([[WORKFLOW_MAIL_JOB, mailEachJob(mailer)]]);
}
