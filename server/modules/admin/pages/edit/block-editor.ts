import * as z from 'zod';
import { escapeJsonForScript } from '../../../../ssr/escape-json';
import { HttpError } from '../../../../errors';
import { parseInputJson } from '../../../../http/input-hygiene';
import { isEditorWidget } from '../../../../../shared/schemas/editor-widgets';
import { BLOCK_GROUPS, blockGroupOf } from '../../../../../views/blocks/groups';
import { blockSchemas } from '../../../../../views/blocks/schemas';
import type { BlockEditorView } from '../../../../../views/admin/BlockEditorMount';
import type { PageTypeDefinition } from '../../../pages/page-type';
import type { PageContent } from '../../../pages/table';
import { blockErrorSummary, describeContentKey, foldChooserErrors, type BlockTypeWords } from './block-error-summary';
import { withoutEditorFields } from './editor-fields';

type JsonSchema = Record<string, unknown>;
let cachedTypes:
  | Array<{ type: string; label: string; group: string; schema: JsonSchema; fields: Record<string, unknown> }>
  | undefined;

/**
 * Every registered block as the browser editor needs it: label, field metadata and the input
 * JSON schema from zod 4's toJSONSchema (the browser ships no zod). Built once: the registry is static.
 */
function blockTypesForEditor() {
  const order: string[] = Object.values(BLOCK_GROUPS).flat();
  const place = (type: string) => (order.includes(type) ? order.indexOf(type) : order.length);
  cachedTypes ??= [...blockSchemas.values()]
    .map((definition) => {
      assertKnownWidgets(definition.type, definition.meta.fields ?? {});
      return {
        type: definition.type,
        label: definition.meta.label,
        // The picker's group (Text, Media, …), views/blocks/groups.ts.
        group: blockGroupOf(definition.type),
        schema: z.toJSONSchema(definition.schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema,
        fields: definition.meta.fields ?? {},
      };
      // In the picker's order: by group, then as listed in the group (unlisted ones last).
    })
    .sort((a, b) => place(a.type) - place(b.type));
  return cachedTypes;
}

/** An unsupported widget name is a developer's mistake: fail the edit screen outside production. */
function assertKnownWidgets(
  type: string,
  fields: Readonly<Record<string, { widget?: string; fields?: Readonly<Record<string, { widget?: string }>> }>>,
): void {
  if (process.env.NODE_ENV === 'production') return;
  for (const [name, meta] of Object.entries(fields)) {
    if (meta.widget && !isEditorWidget(meta.widget)) {
      throw new Error(
        `Block '${type}', field '${name}': unsupported editor widget '${meta.widget}' (see shared/schemas/editor-widgets.ts)`,
      );
    }
    if (meta.fields) assertKnownWidgets(`${type}.${name}`, meta.fields);
  }
}

/** The page type's own content fields as one struct the editor draws (its schema and each field's metadata), or null. */
function pageFieldsForEditor(pageType: PageTypeDefinition) {
  const fields = pageType.contentFields;
  if (!fields || Object.keys(fields).length === 0) return null;
  assertKnownWidgets(pageType.type, fields);
  const shape = pageType.contentSchema.shape as Record<string, z.ZodType>;
  const picked = Object.fromEntries(Object.keys(fields).map((name) => [name, shape[name]!]));
  return { schema: z.toJSONSchema(z.object(picked), { io: 'input', unrepresentable: 'any' }) as JsonSchema, fields };
}

const humanize = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, ' ');

/**
 * The block editor of a page type with stream fields, or null. `typed` is the JSON the user
 * posted (kept after a failed save); `errors` are contentForSave's, keyed 'body.3.value.text'.
 */
export function blockEditorView(
  pageType: PageTypeDefinition | undefined,
  fullContent: PageContent,
  typed?: string,
  errors: Record<string, string[]> = {},
): BlockEditorView | null {
  if (!pageType || (pageType.streamFields.length === 0 && !pageType.contentFields)) return null;
  // Editor fields (a form's notification addresses) have their own form fields, not a place in the JSON.
  const content = withoutEditorFields(pageType, fullContent);
  const streamFields = pageType.streamFields.map((name) => ({ name, label: humanize(name) }));
  const blockTypes = blockTypesForEditor();
  const typeWords = new Map(
    blockTypes.map((t): [string, BlockTypeWords] => [
      t.type,
      { label: t.label, fields: t.fields as BlockTypeWords['fields'] },
    ]),
  );
  const shownContent = typedContent(typed) ?? content;
  const firstErrors = foldChooserErrors(
    streamFields,
    shownContent,
    Object.fromEntries(Object.entries(errors).map(([path, messages]) => [path, messages[0] ?? ''])),
    typeWords,
  );
  const data = {
    pageFields: pageFieldsForEditor(pageType),
    streamFields,
    content,
    blockTypes,
    errors: firstErrors,
  };
  const summary = Object.keys(firstErrors).length
    ? blockErrorSummary(streamFields, shownContent, firstErrors, typeWords)
    : null;
  return {
    contentJson: typed ?? JSON.stringify(content),
    dataJson: escapeJsonForScript(data),
    errors: firstErrors,
    fieldLabels: Object.fromEntries(
      Object.keys(firstErrors).map((path) => [path, describeContentKey(path, data.streamFields)]),
    ),
    errorSummary: summary,
  };
}

/** The typed body the error paths index (already parsed once; errors only come with valid JSON). */
function typedContent(typed: string | undefined): unknown {
  if (typed === undefined) return undefined;
  try {
    return JSON.parse(typed) as unknown;
  } catch {
    return undefined;
  }
}

export type ContentInput =
  { ok: true; content: PageContent | undefined } | { ok: false; typed: string; message: string };

/** The posted body JSON (field content_json), when the form has one. Bounded and parsed, never trusted. */
export function readContentInput(body: Record<string, unknown>): ContentInput {
  const raw = body.content_json;
  if (raw === undefined) return { ok: true, content: undefined };
  if (typeof raw !== 'string') return { ok: false, typed: '', message: 'The page body was not sent as text.' };
  try {
    // Null prototypes, and no NUL or broken Unicode (PostgreSQL's jsonb refuses NUL).
    const parsed: unknown = parseInputJson(raw, 'page body');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    return { ok: true, content: parsed as PageContent };
  } catch (error) {
    return {
      ok: false,
      typed: raw,
      message:
        error instanceof HttpError ? error.message : 'The page body is not valid JSON: correct it and save again.',
    };
  }
}
