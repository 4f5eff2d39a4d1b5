import { z } from 'zod';
import { escapeJsonForScript } from '../../ssr/escape-json';
import { isEditorWidget } from '../../../shared/schemas/editor-widgets';
import { blockSchemas } from '../../../views/blocks/schemas';
import type { PageTypeDefinition } from '../pages/page-type';
import type { PageContent } from '../pages/table';
import type { BlockEditorView } from '../../../views/admin/BlockEditorMount';

type JsonSchema = Record<string, unknown>;
let cachedTypes: Array<{ type: string; label: string; schema: JsonSchema; fields: Record<string, unknown> }> | undefined;

/**
 * Every registered block as the browser editor needs it: label, field metadata and the input
 * JSON schema from zod 4's toJSONSchema (the browser ships no zod). Built once: the registry is static.
 */
function blockTypesForEditor() {
  cachedTypes ??= [...blockSchemas.values()].map((definition) => {
    assertKnownWidgets(definition.type, definition.meta.fields ?? {});
    return {
      type: definition.type,
      label: definition.meta.label,
      schema: z.toJSONSchema(definition.schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema,
      fields: definition.meta.fields ?? {},
    };
  });
  return cachedTypes;
}

/** An unsupported widget name is a developer's mistake: fail the edit screen outside production. */
function assertKnownWidgets(type: string, fields: Record<string, { widget?: string }>): void {
  if (process.env.NODE_ENV === 'production') return;
  for (const [name, meta] of Object.entries(fields)) {
    if (meta.widget && !isEditorWidget(meta.widget)) {
      throw new Error(`Block '${type}', field '${name}': unsupported editor widget '${meta.widget}' (see shared/schemas/editor-widgets.ts)`);
    }
  }
}

const humanize = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, ' ');

/**
 * The block editor of a page type with stream fields, or null. `typed` is the JSON the user
 * posted (kept after a failed save); `errors` are contentForSave's, keyed 'body.3.value.text'.
 */
export function blockEditorView(pageType: PageTypeDefinition | undefined, content: PageContent, typed?: string, errors: Record<string, string[]> = {}): BlockEditorView | null {
  if (!pageType || pageType.streamFields.length === 0) return null;
  const firstErrors = Object.fromEntries(Object.entries(errors).map(([path, messages]) => [path, messages[0] ?? '']));
  const data = {
    streamFields: pageType.streamFields.map((name) => ({ name, label: humanize(name) })),
    content,
    blockTypes: blockTypesForEditor(),
    errors: firstErrors,
  };
  return { contentJson: typed ?? JSON.stringify(content), dataJson: escapeJsonForScript(data), errors: firstErrors };
}

export type ContentInput = { ok: true; content: PageContent | undefined } | { ok: false; typed: string; message: string };

/** The posted body JSON (field content_json), when the form has one. Bounded and parsed, never trusted. */
export function readContentInput(body: Record<string, unknown>): ContentInput {
  const raw = body.content_json;
  if (raw === undefined) return { ok: true, content: undefined };
  if (typeof raw !== 'string') return { ok: false, typed: '', message: 'The page body was not sent as text.' };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    return { ok: true, content: parsed as PageContent };
  } catch {
    return { ok: false, typed: raw, message: 'The page body is not valid JSON: correct it and save again.' };
  }
}
