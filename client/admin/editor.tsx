import { StrictMode, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { SchemaField } from './editor/SchemaField';
import { StreamEditor } from './editor/StreamEditor';
import type { Block, EditorData } from './editor/json-schema';
import { restoreKeptInput, startEditingSessions } from './editing-sessions/start';
import { enhanceEditScreen } from './edit-screen/start';
import { enhanceComments } from './comments';

/**
 * The block editor of the admin edit screen. The server renders a JSON textarea (the fallback
 * without JavaScript) and the editor data; this replaces the textarea with a form per block and
 * keeps the textarea's value in sync, so the form posts the body as JSON either way.
 */
function readData(): EditorData | null {
  const script = document.getElementById('block-editor-data');
  if (!script?.textContent) return null;
  return JSON.parse(script.textContent) as EditorData;
}

/** Server errors ('body.3.value.items.0.title') regrouped by block id, so they follow the block when it moves. */
function errorsByBlock(data: EditorData): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const [path, message] of Object.entries(data.errors)) {
    const [field, index, ...rest] = path.split('.');
    const blocks = data.content[field ?? ''];
    const block = Array.isArray(blocks) ? (blocks[Number(index)] as Block | undefined) : undefined;
    if (!block) continue;
    const inner = rest[0] === 'value' ? rest.slice(1).join('.') : '';
    const errors = out.get(block.id) ?? {};
    errors[inner] ??= message;
    out.set(block.id, errors);
  }
  return out;
}

function Editor({ data, onContentChange }: { data: EditorData; onContentChange(json: string): void }) {
  const [content, setContent] = useState<Record<string, unknown>>(data.content);
  const blockTypes = useMemo(() => new Map(data.blockTypes.map((t) => [t.type, t])), [data]);
  const errors = useMemo(() => errorsByBlock(data), [data]);
  const update = (field: string, blocks: Block[]) => {
    const next = { ...content, [field]: blocks };
    setContent(next);
    onContentChange(JSON.stringify(next));
  };
  const pageFields = data.pageFields;
  const pageValue = pageFields
    ? Object.fromEntries(Object.keys(pageFields.fields).map((name) => [name, content[name]]))
    : {};
  return (
    <>
      {pageFields ? (
        <SchemaField
          id="page-fields"
          name="page_fields"
          meta={{ label: 'Page content' }}
          fieldsMeta={pageFields.fields}
          schema={pageFields.schema}
          value={pageValue}
          required
          onChange={(value) => {
            const next = { ...content, ...(value as Record<string, unknown>) };
            setContent(next);
            onContentChange(JSON.stringify(next));
          }}
          errorAt={(path) => data.errors[path]}
        />
      ) : null}
      {data.streamFields.map((field) => (
        <StreamEditor
          key={field.name}
          field={field}
          blocks={(Array.isArray(content[field.name]) ? content[field.name] : []) as Block[]}
          blockTypes={blockTypes}
          onChange={(blocks) => update(field.name, blocks)}
          errorsFor={(id) => errors.get(id) ?? {}}
        />
      ))}
    </>
  );
}

// Input kept in this browser while the session had expired goes back first, so the block editor starts from it.
const restored = restoreKeptInput();
const mount = document.getElementById('block-editor');
const textarea = document.getElementById('id_content_json');
const data = readData();
if (mount && textarea instanceof HTMLTextAreaElement && data) {
  // Start from what the textarea holds (the user's input after a failed save).
  try {
    data.content = JSON.parse(textarea.value) as Record<string, unknown>;
  } catch {
    // Not JSON (typed by hand without JavaScript): keep the server's copy.
  }
  const fallback = textarea.closest('.admin-json-fallback');
  fallback?.setAttribute('hidden', '');
  // The error summary's links now go to the block cards, which take over these ids.
  for (const anchor of fallback?.querySelectorAll('[data-block-anchor]') ?? []) anchor.removeAttribute('id');
  createRoot(mount).render(
    <StrictMode>
      <Editor
        data={data}
        onContentChange={(json) => {
          textarea.value = json;
          // Setting value fires nothing: tell autosave and editing sessions the body changed.
          textarea.dispatchEvent(new Event('input', { bubbles: true }));
        }}
      />
    </StrictMode>,
  );
}

// Who else has the page open, autosave, and the question before saving over a newer version.
startEditingSessions(restored);
// Tabs, the actions menu, Ctrl/Cmd+S and the live preview (the edit screen only).
enhanceEditScreen();
// Comments on fields and blocks post in the background, keeping the form's unsaved edits.
enhanceComments();
