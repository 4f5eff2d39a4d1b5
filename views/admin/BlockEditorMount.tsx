import type { BlockErrorSummaryView } from './BlockErrorSummary';

export type BlockEditorView = {
  /** The content as JSON: the textarea's value, which is what the form posts. */
  contentJson: string;
  /** Block types, schemas, content and errors for client/admin/editor.tsx, escaped for a script element. */
  dataJson: string;
  /** First error per content path, listed in the textarea fallback too. */
  errors: Record<string, string>;
  /** The errors of no block, keyed by path, each with its field's label ('Body'). */
  fieldLabels?: Record<string, string>;
  /** The errors grouped by block, for the count and links at the top of the form. */
  errorSummary?: BlockErrorSummaryView | null;
};

/**
 * Where the block editor mounts. Without JavaScript the JSON textarea is the editor (and the
 * form still posts it); with JavaScript client/admin/editor.tsx hides it and keeps it in sync.
 */
export function BlockEditorMount({ view }: { view: BlockEditorView }) {
  const inBlocks = new Set(view.errorSummary?.blocks.flatMap((block) => block.errors.map((error) => error.path)));
  // Errors of no block (the field as a whole) first, then each block's, grouped under the summary's link target.
  const errorList = Object.entries(view.errors).filter(([path]) => !inBlocks.has(path));
  const hasErrors = Object.keys(view.errors).length > 0;
  return (
    <div className="admin-block-editor">
      <div className="admin-field admin-json-fallback">
        <label htmlFor="id_content_json">Page body (JSON)</label>
        <textarea
          id="id_content_json"
          name="content_json"
          rows={12}
          defaultValue={view.contentJson}
          aria-describedby={hasErrors ? 'id_content_json-errors' : undefined}
        />
        {hasErrors ? (
          <ul className="admin-field__error" id="id_content_json-errors">
            {errorList.map(([path, message]) => (
              <li key={path}>{`${view.fieldLabels?.[path] ?? 'Page body'}: ${message}`}</li>
            ))}
            {view.errorSummary?.blocks.map((block) => (
              // The script takes these ids away when it draws the cards, which then carry them.
              <li
                key={block.anchor}
                id={block.anchor === 'id_content_json' ? undefined : block.anchor}
                tabIndex={-1}
                data-block-anchor
              >
                {block.label}
                <ul>
                  {block.errors.map(({ path, field, message }) => (
                    <li key={path}>{field ? `${field}: ${message}` : message}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div id="block-editor" />
      <script type="application/json" id="block-editor-data" dangerouslySetInnerHTML={{ __html: view.dataJson }} />
    </div>
  );
}
