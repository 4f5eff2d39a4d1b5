/**
 * The widgets a block field's editing metadata may name. The block editor draws most from the
 * field's schema alone (a chooser widget without a registered chooser, such as the video chooser
 * today, is edited as a struct; see client/admin/choosers/registry.ts); a name not
 * listed here is a typo or a widget nobody built, and fails loudly in development.
 */
export const EDITOR_WIDGETS = [
  'checkbox',
  'date',
  'select',
  'textarea',
  'rich_text',
  'link',
  'stream',
  'table',
  'page_chooser',
  'image_chooser',
  'document_chooser',
  'video_chooser',
  'snippet_chooser',
] as const;
export type EditorWidget = (typeof EDITOR_WIDGETS)[number];

export function isEditorWidget(name: string): name is EditorWidget {
  return (EDITOR_WIDGETS as readonly string[]).includes(name);
}
