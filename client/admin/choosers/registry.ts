import { documentChooser } from './document-chooser';
import { imageChooser } from './image-chooser';
import { pageChooser } from './page-chooser';
import { snippetChooser } from './snippet-chooser';
import { videoChooser } from './video-chooser';
import type { ChooserDefinition } from './types';

/**
 * The choosers the block editor knows, by the widget name a block field's editing metadata gives
 * (shared/schemas/editor-widgets.ts). Each chooser is a ChooserDefinition in its own file and one
 * entry here. A widget without an entry is drawn from its schema (a struct) until its chooser exists.
 */
const CHOOSERS: ReadonlyMap<string, ChooserDefinition> = new Map(
  [pageChooser, imageChooser, documentChooser, snippetChooser, videoChooser].map((chooser) => [
    chooser.widget,
    chooser,
  ]),
);

export function chooserFor(widget: string | undefined): ChooserDefinition | undefined {
  return widget ? CHOOSERS.get(widget) : undefined;
}
