import { createHash } from 'node:crypto';
import type * as z from 'zod';
import { blockSchemas } from '../../../views/blocks/schemas';
import type { BlockData } from '../../../shared/schemas/page-payload';
import { blockBodySchema } from '../../../shared/schemas/block-body';
import type { PageTypeDefinition } from './page-type';
import type { PageContent } from './table';

export type ContentProblem = { field: string; blockId?: string; blockType?: string; message: string };
export type FieldErrors = Record<string, string[]>;

function describe(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(value)'}: ${issue.message}`).join('; ');
}

/** Keeps the blocks whose type is known and whose value passes its schema (values come back cleaned). */
export function cleanBlocks(field: string, raw: unknown, report: (problem: ContentProblem) => void): BlockData[] {
  const shape = blockBodySchema.safeParse(raw);
  if (!shape.success) {
    report({ field, message: `not a list of blocks: ${describe(shape.error)}` });
    return [];
  }
  const blocks: BlockData[] = [];
  for (const block of shape.data) {
    const definition = blockSchemas.get(block.type);
    if (!definition) {
      report({ field, blockId: block.id, blockType: block.type, message: `unknown block type '${block.type}'` });
      continue;
    }
    const parsed = definition.schema.safeParse(block.value);
    if (!parsed.success) {
      report({ field, blockId: block.id, blockType: block.type, message: describe(parsed.error) });
      continue;
    }
    blocks.push({ type: block.type, id: block.id, value: parsed.data });
  }
  return blocks;
}

/**
 * Content as the public site renders it: every field that fails its schema falls back to its
 * default (or is left out) and is reported, so one bad field never takes the page down.
 */
export function contentForRender(
  pageType: PageTypeDefinition,
  content: PageContent,
  report: (problem: ContentProblem) => void,
): PageContent {
  // Validating and sanitising every block was about a sixth of the CPU of an uncached page view,
  // repeated for identical content: the result is kept per page type and content (by digest;
  // a changed page has another digest, so nothing needs invalidating). Its problems are reported
  // again on every use, as if it had been computed.
  const key = `${pageType.type}:${digestOf(content)}`;
  let entry = renderedContent.get(key);
  if (entry) {
    renderedContent.delete(key);
  } else {
    const problems: ContentProblem[] = [];
    entry = { content: computeContentForRender(pageType, content, (problem) => problems.push(problem)), problems };
  }
  renderedContent.set(key, entry);
  if (renderedContent.size > RENDERED_CONTENT_ENTRIES) renderedContent.delete(renderedContent.keys().next().value!);
  for (const problem of entry.problems) report(problem);
  // Callers drop private fields from their copy; the cached values themselves are never changed.
  return { ...entry.content };
}

/**
 * The digest of a content object, remembered per object: the public site reads page rows from a
 * memo (server/cache/table-memo.ts) whose objects are never changed, so the same row's content
 * is hashed once rather than serialised and hashed on every render.
 */
const digests = new WeakMap<object, string>();
function digestOf(content: PageContent): string {
  let digest = digests.get(content);
  if (digest === undefined) {
    digest = createHash('sha1')
      .update(JSON.stringify(content) ?? '')
      .digest('base64');
    digests.set(content, digest);
  }
  return digest;
}

/** Cleaned content of the pages rendered last (least recently used first out). */
const renderedContent = new Map<string, { content: PageContent; problems: ContentProblem[] }>();
const RENDERED_CONTENT_ENTRIES = 500;

function computeContentForRender(
  pageType: PageTypeDefinition,
  content: PageContent,
  report: (problem: ContentProblem) => void,
): PageContent {
  const out: PageContent = {};
  for (const [field, schema] of Object.entries(pageType.contentSchema.shape as Record<string, z.ZodType>)) {
    if (pageType.streamFields.includes(field)) {
      out[field] = cleanBlocks(field, content[field] ?? [], report);
      continue;
    }
    const parsed = schema.safeParse(content[field]);
    if (parsed.success) {
      out[field] = parsed.data;
      continue;
    }
    report({ field, message: describe(parsed.error) });
    const fallback = schema.safeParse(undefined);
    if (fallback.success && fallback.data !== undefined) out[field] = fallback.data;
  }
  return out;
}

/** Whether a value counts as not filled in: absent, empty text or an empty list. */
function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Content as staff save it: strict, with errors keyed by field path ("body.3.value.text").
 * `deferRequired` (saving a draft, as Wagtail 7 defers required fields): a block whose only
 * problems are fields left blank is kept as typed; every other rule still applies, and the
 * blanks must be filled before the version can be published.
 */
export function contentForSave(
  pageType: PageTypeDefinition,
  content: PageContent,
  options: { deferRequired?: boolean } = {},
): { ok: true; content: PageContent } | { ok: false; errors: FieldErrors } {
  // Keys come from the typed content's paths: a null-prototype map keeps '__proto__' a plain key.
  const errors: FieldErrors = Object.create(null);
  const add = (path: string, message: string) => (errors[path] ??= []).push(message);
  const parsed = pageType.contentSchema.safeParse(content);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) add(issue.path.join('.') || '__all__', issue.message);
    return { ok: false, errors };
  }
  const cleaned: PageContent = { ...parsed.data };
  for (const field of pageType.streamFields) {
    const blocks = (parsed.data[field] ?? []) as BlockData[];
    cleaned[field] = blocks.map((block, index) => {
      const definition = blockSchemas.get(block.type);
      if (!definition) {
        add(`${field}.${index}.type`, `Unknown block type '${block.type}'`);
        return block;
      }
      const value = definition.schema.safeParse(block.value);
      if (value.success) return { ...block, value: value.data };
      const issues = options.deferRequired
        ? value.error.issues.filter((issue) => !isBlank(valueAt(block.value, issue.path)))
        : value.error.issues;
      for (const issue of issues) add([field, index, 'value', ...issue.path].join('.'), issue.message);
      return block;
    });
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, content: cleaned };
}
