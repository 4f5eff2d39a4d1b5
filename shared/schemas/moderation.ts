import * as z from 'zod';

const id = z.coerce.number().int().min(1).max(2_147_483_647);

export const MODERATION_COMMENT_MAX = 2000;

/**
 * A review form (approve, request changes, cancel): the submission, the revision the user was
 * shown and the task it was at, so acting on a submission that moved on meanwhile is refused
 * instead of guessed (a second 'Approve' never approves the next task).
 */
export const workflowActionFormSchema = z.object({
  workflow_state_id: id,
  revision_id: id,
  task_state_id: id.optional(),
  next: z.string().max(2000).optional(),
});

const comment = z
  .string()
  .trim()
  .max(MODERATION_COMMENT_MAX, `Ensure this value has at most ${MODERATION_COMMENT_MAX} characters.`)
  .default('');

export const requestChangesFormSchema = workflowActionFormSchema.extend({ comment });

/** 'Approve' posts no comment; 'Approve with comment' posts one. */
export const approveFormSchema = workflowActionFormSchema.extend({ comment });
