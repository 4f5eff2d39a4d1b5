import type { PageContext, PagePayload } from '../../shared/schemas/page-payload';
import { escapeJsonForScript } from './escape-json';
import { oncePerObject } from '../../shared/memo/once-per-object';

/**
 * The escaped JSON of values that are shared between renders and never changed: a page's cleaned
 * content fields (server/modules/pages/content.ts keeps them per content digest) and toolbox
 * blocks (server/modules/snippets/toolbox-extra.ts, per memoised row). Escaping works character
 * by character, so the escaped JSON of an object is the escaped JSON of its parts joined.
 */
const sharedJson = oncePerObject((value: object) => escapeJsonForScript(value));

function escapedShared(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? sharedJson(value) : escapeJsonForScript(value);
}

/** JSON.stringify's object form over given property texts: undefined ones left out, as it does. */
function objectJson(entries: Array<[string, string | undefined]>): string {
  let out = '';
  for (const [key, json] of entries) {
    if (json === undefined) continue;
    out += `${out ? ',' : ''}${escapeJsonForScript(key)}:${json}`;
  }
  return `{${out}}`;
}

function toolboxesJson(toolboxes: unknown): string | undefined {
  if (typeof toolboxes !== 'object' || toolboxes === null || Array.isArray(toolboxes))
    return escapeJsonForScript(toolboxes);
  return objectJson(
    Object.entries(toolboxes as Record<string, unknown>).map(([id, toolbox]) => {
      if (typeof toolbox !== 'object' || toolbox === null || Array.isArray(toolbox))
        return [id, escapeJsonForScript(toolbox)];
      return [
        id,
        objectJson(
          Object.entries(toolbox as Record<string, unknown>).map(([key, value]) => [
            key,
            key === 'blocks' ? escapedShared(value) : escapeJsonForScript(value),
          ]),
        ),
      ];
    }),
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A record's JSON with the named properties' values serialised once per shared value. */
function withSharedJson(value: Record<string, unknown>, shared: readonly string[]): string {
  return objectJson(
    Object.entries(value).map(([key, part]) => [
      key,
      shared.includes(key) ? escapedShared(part) : escapeJsonForScript(part),
    ]),
  );
}

/**
 * The context's JSON. The header's content and the footer's link columns and social icons come
 * from the snippets cache, shared by every page of a site and language: about 2 KB of JSON on
 * every page otherwise serialised and escaped again per render.
 */
function contextJson(context: PageContext): string {
  return objectJson(
    Object.entries(context).map(([key, value]): [string, string | undefined] => {
      if (key === 'header' && isRecord(value)) return [key, withSharedJson(value, ['content'])];
      if (key === 'footer' && isRecord(value)) {
        return [
          key,
          objectJson(
            Object.entries(value).map(([name, part]) => [
              name,
              name === 'content' && isRecord(part)
                ? withSharedJson(part, ['columns', 'social_icons'])
                : escapeJsonForScript(part),
            ]),
          ),
        ];
      }
      return [key, escapeJsonForScript(value)];
    }),
  );
}

/**
 * The page data script's text: exactly `escapeJsonForScript({ ...payload, context })`, with the
 * page's content fields, toolbox blocks and header and footer snippets serialised once per shared
 * value rather than on every render (on a long page they are most of the text).
 */
export function pageDataJson(payload: PagePayload, context: PageContext): string {
  const { page } = payload;
  const pageJson = objectJson(
    Object.entries(page).map(([key, value]): [string, string | undefined] => {
      if (key === 'content' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
        return [
          key,
          objectJson(
            Object.entries(value as Record<string, unknown>).map(([field, fieldValue]) => [
              field,
              escapedShared(fieldValue),
            ]),
          ),
        ];
      }
      if (key === 'extra' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
        return [
          key,
          objectJson(
            Object.entries(value as Record<string, unknown>).map(([name, extraValue]) => [
              name,
              name === 'toolboxes' ? toolboxesJson(extraValue) : escapeJsonForScript(extraValue),
            ]),
          ),
        ];
      }
      return [key, escapeJsonForScript(value)];
    }),
  );
  return objectJson(
    Object.entries({ ...payload, context }).map(([key, value]): [string, string | undefined] => [
      key,
      key === 'page' ? pageJson : key === 'context' ? contextJson(value as PageContext) : escapeJsonForScript(value),
    ]),
  );
}
