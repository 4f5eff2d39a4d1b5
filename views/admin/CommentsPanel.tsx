import { CsrfField } from './CsrfField';
import { FieldNotes, SelectField, TextAreaField, describedBy } from './FormFields';
import { formatAdminTime } from '../../shared/admin/admin-clock';

export type CommentTargetView = { path: string; label: string; anchor: string };
export type CommentItemView = {
  id: number;
  path: string;
  target: CommentTargetView | null;
  text: string;
  author: string;
  createdAt: string;
  resolved: { by: string; at: string } | null;
  replies: Array<{ id: number; text: string; author: string; createdAt: string }>;
};
export type CommentsPanelView = {
  targets: CommentTargetView[];
  comments: CommentItemView[];
  /** After a refused post: the first error of each field ('content_path', 'text', or 'reply-<id>'), and what was typed. */
  errors?: Record<string, string>;
  typed?: { content_path?: string; text?: string; replyTo?: number };
  message?: string;
};

const when = (iso: string) => formatAdminTime(iso);

/**
 * Comments on the page's fields and blocks (Wagtail's commenting), beside the edit form: a form
 * to comment on a field or block, then each comment with its replies, a reply form and Resolve.
 * Plain forms posting to /wagtail/pages/{id}/comments/...; with JavaScript they post in the
 * background and the panel is redrawn from the server (client/admin/comments.ts), so the page's
 * unsaved edits stay.
 */
export function CommentsPanel({
  pageId,
  csrfToken,
  view,
}: {
  pageId: number;
  csrfToken: string;
  view: CommentsPanelView;
}) {
  const open = view.comments.filter((c) => !c.resolved).length;
  const resolved = view.comments.length - open;
  const base = `/wagtail/pages/${pageId}/comments/`;
  const errors = view.errors ?? {};
  return (
    <section
      className="admin-comments"
      id="comments"
      aria-labelledby="comments-heading"
      data-comments-panel
      data-open-count={open}
      tabIndex={-1}
    >
      <h2 id="comments-heading">Comments</h2>
      <p className="admin-comments__status" role="status" data-comments-status>
        {view.message ?? (view.comments.length === 0 ? 'No comments yet.' : `${open} open, ${resolved} resolved.`)}
      </p>
      <form method="post" action={base} className="admin-form admin-comments__new" data-comment-form noValidate>
        <CsrfField token={csrfToken} />
        <SelectField
          name="content_path"
          label="Comment on"
          value={view.typed?.content_path ?? view.targets[0]?.path ?? ''}
          options={view.targets.map((t) => ({ value: t.path, label: t.label }))}
          error={errors.content_path}
        />
        <TextAreaField
          name="text"
          label="Comment"
          value={view.typed?.replyTo === undefined ? (view.typed?.text ?? '') : ''}
          rows={3}
          error={errors.text}
          required
        />
        <button type="submit" className="admin-button admin-button--primary">
          Add comment
        </button>
      </form>
      {view.comments.length ? (
        <ol className="admin-comments__list">
          {view.comments.map((comment) => {
            const replyId = `comment-${comment.id}-reply`;
            const replyError = errors[`reply-${comment.id}`];
            return (
              <li
                key={comment.id}
                className={`admin-comment${comment.resolved ? ' admin-comment--resolved' : ''}`}
                data-comment-id={comment.id}
              >
                <p className="admin-comment__meta">
                  <strong>{comment.author}</strong>
                  {' on '}
                  {comment.target ? (
                    <a href={`#${comment.target.anchor}`}>{comment.target.label}</a>
                  ) : (
                    <span>a block no longer on the page</span>
                  )}
                  {' · '}
                  <time dateTime={comment.createdAt}>{when(comment.createdAt)}</time>
                </p>
                <p className="admin-comment__text">{comment.text}</p>
                {comment.replies.length ? (
                  <ol className="admin-comment__replies" aria-label={`Replies to ${comment.author}`}>
                    {comment.replies.map((reply) => (
                      <li key={reply.id} className="admin-comment__reply" data-reply-id={reply.id}>
                        <p className="admin-comment__meta">
                          <strong>{reply.author}</strong>
                          {' · '}
                          <time dateTime={reply.createdAt}>{when(reply.createdAt)}</time>
                        </p>
                        <p className="admin-comment__text">{reply.text}</p>
                      </li>
                    ))}
                  </ol>
                ) : null}
                {comment.resolved ? (
                  <p className="admin-comment__resolved">{`Resolved by ${comment.resolved.by} · ${when(comment.resolved.at)}`}</p>
                ) : (
                  <div className="admin-comment__actions">
                    <form
                      method="post"
                      action={`${base}${comment.id}/reply/`}
                      className="admin-comment__reply-form"
                      data-comment-form
                      noValidate
                    >
                      <CsrfField token={csrfToken} />
                      <div className={`admin-field${replyError ? ' admin-field--error' : ''}`}>
                        <label htmlFor={replyId}>{`Reply to ${comment.author}`}</label>
                        <textarea
                          id={replyId}
                          name="text"
                          rows={2}
                          required
                          defaultValue={view.typed?.replyTo === comment.id ? (view.typed.text ?? '') : ''}
                          aria-invalid={replyError ? true : undefined}
                          aria-describedby={describedBy(replyId, undefined, replyError)}
                        />
                        <FieldNotes id={replyId} error={replyError} />
                      </div>
                      <button type="submit" className="admin-button admin-button--secondary">
                        Reply<span className="visually-hidden">{` to ${comment.author}`}</span>
                      </button>
                    </form>
                    <form method="post" action={`${base}${comment.id}/resolve/`} data-comment-form>
                      <CsrfField token={csrfToken} />
                      <button type="submit" className="admin-button admin-button--secondary">
                        Resolve<span className="visually-hidden">{` ${comment.author}'s comment`}</span>
                      </button>
                    </form>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}
