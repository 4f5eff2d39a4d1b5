import type { BlockErrorSummaryView } from '../../../../../views/admin/BlockErrorSummary';

type StreamField = { name: string; label: string };
type FieldMeta = { label?: string; widget?: string; fields?: Readonly<Record<string, FieldMeta>> };
/** A block type's label and its fields' editing metadata (views/blocks/*\/schema.ts `meta`). */
export type BlockTypeWords = { label: string; fields: Readonly<Record<string, FieldMeta>> };
type Types = ReadonlyMap<string, BlockTypeWords>;

/** What a chooser asks for when what was chosen is missing or incomplete (its inner fields are not the editor's). */
const CHOOSER_MESSAGES: Readonly<Record<string, string>> = {
  image_chooser: 'Choose an image.',
  document_chooser: 'Choose a document.',
  page_chooser: 'Choose a page.',
  video_chooser: 'Choose a video.',
  snippet_chooser: 'Choose an item.',
};

/** The id of a block card, the target of the summary's links (the card with JavaScript, its error group without). */
export const blockAnchorId = (blockId: string) => `block-card-${blockId}`;

const ACRONYMS: Readonly<Record<string, string>> = { url: 'URL', id: 'ID', alt: 'Alt text', html: 'Text' };
const humanize = (name: string) => {
  if (ACRONYMS[name]) return ACRONYMS[name];
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * A path inside a block's value ('image.renditions.0.url') in the editor's words: the fields'
 * labels down to a chooser, whose insides are not theirs to fix ('Image', message 'Choose an
 * image.'), and list items by number ('Items, item 2, Title').
 */
export function describeValuePath(
  segments: readonly string[],
  fields: Readonly<Record<string, FieldMeta>> | undefined,
  message: string,
): { field: string; message: string } {
  const words: string[] = [];
  let level = fields;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (/^\d+$/.test(segment)) {
      words.push(`item ${Number(segment) + 1}`);
      continue;
    }
    const meta = level?.[segment];
    words.push(meta?.label ?? humanize(segment));
    const chooser = meta?.widget ? CHOOSER_MESSAGES[meta.widget] : undefined;
    if (chooser) return { field: words.join(', '), message: i < segments.length - 1 ? chooser : message };
    level = meta?.fields;
  }
  return { field: words.join(', '), message };
}

/**
 * The body's errors ('body.3.value.text') grouped by block, in page order, for the summary at the
 * top of the form ("3 errors in 2 blocks"), each said with the block's and the field's labels
 * ("Body, block 1 (Image link)": "Image: Choose an image."). `content` is what was typed (the
 * blocks the paths index); an error that names no block (the field as a whole) is not a block's.
 */
export function blockErrorSummary(
  streamFields: StreamField[],
  content: unknown,
  errors: Record<string, string>,
  types: Types,
): BlockErrorSummaryView | null {
  if (typeof content !== 'object' || content === null) return null;
  const blocks: BlockErrorSummaryView['blocks'] = [];
  for (const field of streamFields) {
    const list = (content as Record<string, unknown>)[field.name];
    if (!Array.isArray(list)) continue;
    list.forEach((block: unknown, index) => {
      const prefix = `${field.name}.${index}`;
      const { id, type } = (typeof block === 'object' && block !== null ? block : {}) as {
        id?: unknown;
        type?: unknown;
      };
      const words = typeof type === 'string' ? types.get(type) : undefined;
      const said = new Set<string>();
      const blockErrors = Object.entries(errors)
        .filter(([path]) => path === prefix || path.startsWith(`${prefix}.`))
        .map(([path, message]) => {
          // 'body.0.value.image.renditions.0.url' -> ['image', 'renditions', '0', 'url'].
          const inner = path
            .slice(prefix.length + 1)
            .split('.')
            .filter(Boolean);
          const segments = inner[0] === 'value' ? inner.slice(1) : inner;
          const described = segments.length
            ? describeValuePath(segments, words?.fields, message)
            : { field: '', message };
          return { path, ...described };
        })
        // Four problems inside one chosen image are one thing to fix: choose an image.
        .filter((error) => {
          const key = `${error.field}\u0000${error.message}`;
          if (said.has(key)) return false;
          said.add(key);
          return true;
        });
      if (blockErrors.length === 0) return;
      // Without an id the block has no card to point at: the link goes to the body field.
      const anchor = typeof id === 'string' && id !== '' ? blockAnchorId(id) : 'id_content_json';
      const typeLabel = words?.label ?? 'Block';
      blocks.push({ anchor, label: `${field.label}, block ${index + 1} (${typeLabel})`, errors: blockErrors });
    });
  }
  if (blocks.length === 0) return null;
  return { errorCount: blocks.reduce((sum, block) => sum + block.errors.length, 0), blocks };
}

/**
 * Errors inside a chosen image, document or page ('body.0.value.image.renditions.0.url') moved
 * onto the chooser itself ('body.0.value.image': "Choose an image."), where the editor sees them
 * and can act: they cannot fix a rendition's URL, only choose again. First message per key.
 */
export function foldChooserErrors(
  streamFields: StreamField[],
  content: unknown,
  errors: Record<string, string>,
  types: Types,
): Record<string, string> {
  const out: Record<string, string> = {};
  const blocksOf = (name: string): unknown[] => {
    const list =
      typeof content === 'object' && content !== null ? (content as Record<string, unknown>)[name] : undefined;
    return Array.isArray(list) ? list : [];
  };
  for (const [path, message] of Object.entries(errors)) {
    const [name, index, value, ...segments] = path.split('.');
    const block = streamFields.some((field) => field.name === name) ? blocksOf(name!)[Number(index)] : undefined;
    const type = (block as { type?: unknown } | undefined)?.type;
    const fields = typeof type === 'string' ? types.get(type)?.fields : undefined;
    let key = path;
    let said = message;
    if (value === 'value' && fields) {
      let level: Readonly<Record<string, FieldMeta>> | undefined = fields;
      for (let i = 0; i < segments.length - 1; i++) {
        const meta: FieldMeta | undefined = /^\d+$/.test(segments[i]!) ? undefined : level?.[segments[i]!];
        const chooser = meta?.widget ? CHOOSER_MESSAGES[meta.widget] : undefined;
        if (chooser) {
          key = [name, index, value, ...segments.slice(0, i + 1)].join('.');
          said = chooser;
          break;
        }
        if (meta) level = meta.fields;
      }
    }
    out[key] ??= said;
  }
  return out;
}

/** A body-level error's key ('body', 'hero_title') in words: the stream field's label, or the key's. */
export function describeContentKey(path: string, streamFields: StreamField[]): string {
  const [name, ...rest] = path.split('.');
  const label = streamFields.find((field) => field.name === name)?.label ?? humanize(name ?? '');
  return rest.length
    ? `${label} (${rest
        .filter((s) => !/^\d+$/.test(s))
        .map(humanize)
        .join(', ')})`
    : label;
}
