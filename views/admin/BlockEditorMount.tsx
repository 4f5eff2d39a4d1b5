export type BlockEditorView = {
  /** The content as JSON: the textarea's value, which is what the form posts. */
  contentJson: string;
  /** Block types, schemas, content and errors for client/admin/editor.tsx, escaped for a script element. */
  dataJson: string;
  /** First error per content path, listed in the textarea fallback too. */
  errors: Record<string, string>;
};

/**
 * Where the block editor mounts. Without JavaScript the JSON textarea is the editor (and the
 * form still posts it); with JavaScript client/admin/editor.tsx hides it and keeps it in sync.
 */
export function BlockEditorMount({ view }: { view: BlockEditorView }) {
  const errorList = Object.entries(view.errors);
  return (
    <div className="admin-block-editor">
      <div className="admin-field admin-json-fallback">
        <label htmlFor="id_content_json">Page body (JSON)</label>
        <textarea id="id_content_json" name="content_json" rows={12} defaultValue={view.contentJson} aria-describedby={errorList.length ? 'id_content_json-errors' : undefined} />
        {errorList.length ? (
          <ul className="admin-field__error" id="id_content_json-errors">
            {errorList.map(([path, message]) => (
              <li key={path}>{`${path}: ${message}`}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div id="block-editor" />
      <script type="application/json" id="block-editor-data" dangerouslySetInnerHTML={{ __html: view.dataJson }} />
    </div>
  );
}
