import { diffWordsWithSpace } from 'diff';
import type { WordPart } from '../../../shared/admin/revisions';

/**
 * The words of two texts compared (the `diff` package's longest common subsequence over words),
 * so a comparison marks the changed words instead of striking the whole paragraph.
 */
export function wordDiff(before: string, after: string): WordPart[] {
  return diffWordsWithSpace(before, after).map((part) => ({
    text: part.value,
    change: part.added ? 'added' : part.removed ? 'removed' : 'same',
  }));
}
