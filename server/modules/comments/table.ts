import type { ColumnType, Generated, Selectable } from 'kysely';

/** A comment on a page's field or block (Wagtail's Comment). */
export interface PageCommentTable {
  id: Generated<number>;
  page_id: number;
  /** Where in the page: a field name ('title') or 'body.<block id>' for a block of a stream field. */
  content_path: string;
  text: string;
  user_id: number | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  resolved_by_id: number | null;
}

/** A reply to a comment (Wagtail's CommentReply). */
export interface PageCommentReplyTable {
  id: Generated<number>;
  comment_id: number;
  text: string;
  user_id: number | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type PageComment = Selectable<PageCommentTable>;
export type PageCommentReply = Selectable<PageCommentReplyTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    page_comments: PageCommentTable;
    page_comment_replies: PageCommentReplyTable;
  }
}
