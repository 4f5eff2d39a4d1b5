import type { AnyViewSet } from '../viewsets/definition';
import { footerViewSet, navigationViewSet } from './chrome';
import { countriesViewSet } from './countries';
import { toolboxesViewSet } from './toolboxes';

/** Every snippet model, in the order the snippets index lists them (/wagtail/snippets/). */
export const SNIPPET_VIEWSETS: readonly AnyViewSet[] = [
  countriesViewSet,
  navigationViewSet,
  footerViewSet,
  toolboxesViewSet,
];
