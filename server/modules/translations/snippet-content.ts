import { HttpError } from '../../errors';
import { footerContentSchema, headerContentSchema } from '../../../shared/schemas/navigation';
import type { SnippetModel } from './snippet-segments';

/**
 * A translated snippet's content, checked against the schema the snippet's own form saves with
 * (every segment is checked on its own first; this catches what only the whole can break, such as
 * the legal text's total length). The footer's regions are not stored: they come from the countries.
 */
export function checkedSnippetContent(model: SnippetModel, content: unknown): unknown {
  const parsed =
    model === 'core.tierednavigation'
      ? headerContentSchema.safeParse(content)
      : footerContentSchema.omit({ regions: true }).safeParse(content);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.join(' › ');
  throw new HttpError(400, 'invalid_translation', `The translated snippet is not valid (${where}): ${issue.message}`);
}
