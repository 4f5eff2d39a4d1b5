import { blockSchemas } from '../../../views/blocks/schemas';

/** Something an object references: a model key, the id (as text) and where it sits ('body.2.value.image'). */
export type Reference = { model: string; id: string; field: string; label?: string };

export const PAGE_MODEL = 'wagtailcore.page';
export const IMAGE_MODEL = 'wagtailimages.image';
export const DOCUMENT_MODEL = 'wagtaildocs.document';
export const MEDIA_MODEL = 'wagtailmedia.media';
export const EMBED_MODEL = 'wagtailembeds.embed';

/** Keys whose positive integer value is the id of an object of a model, wherever they sit in content. */
const ID_KEYS: ReadonlyMap<string, string> = new Map([
  ['page_id', PAGE_MODEL],
  ['image_id', IMAGE_MODEL],
  ['document_id', DOCUMENT_MODEL],
  ['media_id', MEDIA_MODEL],
]);

const MAX_DEPTH = 64;
const PAGE_LINK = /data-page-id="([1-9]\d{0,9})"/g;
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * Everything a piece of content references, found by walking its JSON:
 *
 * - `page_id`, `image_id`, `document_id`, `media_id`: a positive integer id of that model;
 * - a snippet: an object `{ snippet_model: 'snippets.<app>.<model>', snippet_id: <id> }`;
 * - rich text: internal links `<a data-page-id="12">`;
 * - a block (`{ type, value }`) whose definition declares `references` (page chooser links,
 *   embed URLs): what it returns for the value, when the value passes the block's schema.
 *
 * Pure: the same content always gives the same references, deduplicated, in document order.
 */
export function referencesInContent(content: unknown, prefix: ReadonlyArray<string | number> = []): Reference[] {
  const out = new Map<string, Reference>();
  const add = (model: string, id: string | number, path: ReadonlyArray<string | number>, label?: string) => {
    const reference: Reference = { model, id: String(id), field: path.join('.'), ...(label ? { label } : {}) };
    const key = `${reference.model}\u0000${reference.id}\u0000${reference.field}`;
    if (!out.has(key)) out.set(key, reference);
  };
  const walk = (value: unknown, path: ReadonlyArray<string | number>, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (typeof value === 'string') {
      if (value.includes('data-page-id'))
        for (const match of value.matchAll(PAGE_LINK)) add(PAGE_MODEL, match[1]!, path);
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, [...path, index], depth + 1));
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const record = value as Record<string, unknown>;
    if (typeof record.type === 'string' && 'value' in record) {
      const definition = blockSchemas.get(record.type);
      if (definition?.references) {
        const parsed = definition.schema.safeParse(record.value);
        if (parsed.success)
          for (const ref of definition.references(parsed.data))
            add(ref.model, ref.id, [...path, 'value', ...ref.path], ref.label);
      }
    }
    if (
      typeof record.snippet_model === 'string' &&
      /^snippets\.[a-z0-9_]+\.[a-z0-9_]+$/.test(record.snippet_model) &&
      isId(record.snippet_id)
    ) {
      add(record.snippet_model, record.snippet_id, path);
    }
    for (const [key, child] of Object.entries(record)) {
      const model = ID_KEYS.get(key);
      if (model && isId(child)) add(model, child, path);
      else walk(child, [...path, key], depth + 1);
    }
  };
  walk(content, prefix, 0);
  return [...out.values()];
}

/** The references of a stream field's blocks; `field` names the stream field ('body'). */
export function referencesInBlocks(blocks: unknown, field = 'body'): Reference[] {
  return referencesInContent(blocks, [field]);
}
