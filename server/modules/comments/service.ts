import { inTransaction, type Db } from '../../db';
import { badRequest, notFound } from '../../errors';
import { blockSchemas } from '../../../views/blocks/schemas';
import { displayName } from '../users/display-name';
import { enqueueJob } from '../jobs/repo';
import { pageTypeOf } from '../pages/page-types';
import type { Page, PageContent } from '../pages/table';
import * as repo from './repo';

/**
 * Comments on a page's fields and blocks (Wagtail's commenting): staff who may edit a page leave
 * a comment on one of its fields or blocks, reply, and resolve it. Each one is e-mailed, through
 * the jobs table (enqueued in the same transaction), to the page's participants: whoever saved a
 * revision of it or commented on it, except the person acting.
 */
export const COMMENT_MAIL_JOB = 'comments.notify';
export const COMMENT_TEXT_MAX = 5000;

/** Something a comment can be on: its stored path, what the editor calls it, and its element's id on the edit screen. */
export type CommentTarget = { path: string; label: string; anchor: string };

const PAGE_FIELDS: CommentTarget[] = [
  { path: 'title', label: 'Title', anchor: 'id_title' },
  { path: 'slug', label: 'Slug', anchor: 'id_slug' },
  { path: 'seo_title', label: 'Title tag', anchor: 'id_seo_title' },
  { path: 'search_description', label: 'Meta description', anchor: 'id_search_description' },
];

const humanize = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, ' ');

/** The page's fields, then each block of its stream fields as the latest draft has them. */
export function commentTargets(page: Pick<Page, 'page_type'>, content: PageContent): CommentTarget[] {
  const blocks: CommentTarget[] = [];
  for (const field of pageTypeOf(page.page_type)?.streamFields ?? []) {
    const list = (content as Record<string, unknown>)[field];
    if (!Array.isArray(list)) continue;
    list.forEach((block: unknown, index) => {
      const { id, type } = (typeof block === 'object' && block !== null ? block : {}) as {
        id?: unknown;
        type?: unknown;
      };
      if (typeof id !== 'string' || id === '') return;
      const typeLabel = typeof type === 'string' ? (blockSchemas.get(type)?.meta.label ?? type) : 'Block';
      blocks.push({
        path: `${field}.${id}`,
        label: `${humanize(field)}, block ${index + 1} (${typeLabel})`,
        anchor: `block-card-${id}`,
      });
    });
  }
  return [...PAGE_FIELDS, ...blocks];
}

export type CommentView = {
  id: number;
  path: string;
  /** Where it is; null when the block it was on is no longer in the page. */
  target: CommentTarget | null;
  text: string;
  author: string;
  createdAt: string;
  resolved: { by: string; at: string } | null;
  replies: Array<{ id: number; text: string; author: string; createdAt: string }>;
};

const nameOf = (row: { username: string | null; first_name: string | null; last_name: string | null }) =>
  displayName(row) ?? 'A deleted user';
const iso = (value: Date | string) => new Date(value).toISOString();

/** The page's comments, open ones first, each oldest first with its replies in order. */
export async function listComments(
  db: Db,
  page: Pick<Page, 'id' | 'page_type'>,
  content: PageContent,
): Promise<CommentView[]> {
  const comments = await repo.selectComments(db, page.id);
  const replies = await repo.selectReplies(
    db,
    comments.map((c) => c.id),
  );
  const targets = new Map(commentTargets(page, content).map((t) => [t.path, t]));
  const views = comments.map<CommentView>((c) => ({
    id: c.id,
    path: c.content_path,
    target: targets.get(c.content_path) ?? null,
    text: c.text,
    author: nameOf(c),
    createdAt: iso(c.created_at),
    resolved: c.resolved_at
      ? {
          by: nameOf({ username: c.r_username, first_name: c.r_first_name, last_name: c.r_last_name }),
          at: iso(c.resolved_at),
        }
      : null,
    replies: replies
      .filter((r) => r.comment_id === c.id)
      .map((r) => ({ id: r.id, text: r.text, author: nameOf(r), createdAt: iso(r.created_at) })),
  }));
  return [...views.filter((v) => !v.resolved), ...views.filter((v) => v.resolved)];
}

/** Trimmed text of 1 to 5,000 characters, or a 400 naming the field. */
function textOf(raw: unknown): string {
  const text = typeof raw === 'string' ? raw.replace(/\r\n/g, '\n').trim() : '';
  if (!text) throw badRequest('The comment could not be saved.', { text: ['Write a comment.'] });
  if (text.length > COMMENT_TEXT_MAX)
    throw badRequest('The comment could not be saved.', {
      text: [`Keep it under ${COMMENT_TEXT_MAX.toLocaleString('en')} characters.`],
    });
  return text;
}

type PageRef = Pick<Page, 'id' | 'title' | 'page_type'>;

export async function addComment(
  db: Db,
  page: PageRef,
  content: PageContent,
  userId: number,
  input: { content_path?: unknown; text?: unknown },
): Promise<number> {
  const path = typeof input.content_path === 'string' ? input.content_path : '';
  const target = commentTargets(page, content).find((t) => t.path === path);
  if (!target)
    throw badRequest('The comment could not be saved.', {
      content_path: ['Choose a field or block of the page (a new block can have comments once the page is saved).'],
    });
  const text = textOf(input.text);
  return inTransaction(db, async (trx) => {
    const id = await repo.insertComment(trx, { pageId: page.id, contentPath: path, text, userId });
    await notify(
      trx,
      page,
      userId,
      `New comment on "${page.title}"`,
      `${await actorName(trx, userId)} commented on ${target.label}:\n\n${text}\n`,
    );
    return id;
  });
}

async function openCommentOf(db: Db, pageId: number, commentId: number) {
  const comment = await repo.findComment(db, pageId, commentId);
  if (!comment) throw notFound('This comment does not exist.');
  return comment;
}

export async function addReply(
  db: Db,
  page: PageRef,
  content: PageContent,
  commentId: number,
  userId: number,
  input: { text?: unknown },
): Promise<void> {
  const text = textOf(input.text);
  await inTransaction(db, async (trx) => {
    const comment = await openCommentOf(trx, page.id, commentId);
    if (comment.resolved_at) throw badRequest('This comment is resolved: it takes no more replies.');
    await repo.insertReply(trx, { commentId: comment.id, text, userId });
    const where =
      commentTargets(page, content).find((t) => t.path === comment.content_path)?.label ?? 'a block since removed';
    await notify(
      trx,
      page,
      userId,
      `New reply on "${page.title}"`,
      `${await actorName(trx, userId)} replied to a comment on ${where}:\n\n> ${comment.text.replace(/\n/g, '\n> ')}\n\n${text}\n`,
    );
  });
}

export async function resolveComment(
  db: Db,
  page: PageRef,
  content: PageContent,
  commentId: number,
  userId: number,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const comment = await openCommentOf(trx, page.id, commentId);
    // Resolving twice (two people at once, a double click) changes nothing and sends nothing.
    if (!(await repo.markResolved(trx, comment.id, userId))) return;
    const where =
      commentTargets(page, content).find((t) => t.path === comment.content_path)?.label ?? 'a block since removed';
    await notify(
      trx,
      page,
      userId,
      `Comment resolved on "${page.title}"`,
      `${await actorName(trx, userId)} resolved a comment on ${where}:\n\n> ${comment.text.replace(/\n/g, '\n> ')}\n`,
    );
  });
}

async function actorName(db: Db, userId: number): Promise<string> {
  const user = await repo.findUser(db, userId);
  return user ? nameOf(user) : 'Someone';
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ').slice(0, 200);

async function notify(db: Db, page: PageRef, actorId: number, subject: string, text: string): Promise<void> {
  const actor = await repo.findUser(db, actorId);
  const to = (await repo.participantEmails(db, page.id)).filter((email) => email !== actor?.email);
  if (to.length === 0) return;
  await enqueueJob(db, {
    kind: COMMENT_MAIL_JOB,
    payload: {
      to,
      subject: oneLine(subject),
      text: `${text}\nSee the comments on the page: /wagtail/pages/${page.id}/edit/#comments\n`,
    },
    runAt: new Date(),
  });
}
