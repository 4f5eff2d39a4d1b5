import { referenceUsage } from '../../references/service';
import type { AnyViewSet } from '../viewsets/definition';

/**
 * "Used by" for a snippet model ('snippets.core.country', 'snippets.core.toolbox'): the delete
 * warning's count and the /usage/{pk}/ screen, from the reference index.
 */
export function snippetUsage(referenceModel: string): AnyViewSet['usage'] {
  return referenceUsage(referenceModel);
}
