import { z } from 'zod';

const id = z.coerce.number().int().min(1).max(2_147_483_647);

export const MODERATION_COMMENT_MAX = 2000;

/**
 * A review form (approve, request changes, cancel): the submission and the revision the user was
 * shown, so acting on a submission that moved on meanwhile is refused instead of guessed.
 */
export const workflowActionFormSchema = z.object({
  workflow_state_id: id,
  revision_id: id,
  next: z.string().max(2000).optional(),
});

export const requestChangesFormSchema = workflowActionFormSchema.extend({
  comment: z.string().trim().max(MODERATION_COMMENT_MAX, `Ensure this value has at most ${MODERATION_COMMENT_MAX} characters.`).default(''),
});
