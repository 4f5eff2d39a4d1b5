/** The subset of JSON Schema (draft 2020-12, from zod's toJSONSchema) the block editor renders. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  maxLength?: number;
  minLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  description?: string;
  /** The chooser a schema asks for wherever it sits (zod `.meta({ 'x-widget': ... })`), e.g. every video. */
  'x-widget'?: string;
};

/** A field's label, help and widget; `fields` holds the same for a struct's fields or a list item's. */
export type FieldMeta = { label?: string; helpText?: string; widget?: string; fields?: Record<string, FieldMeta> };
export type BlockTypeInfo = {
  type: string;
  label: string;
  group?: string;
  schema: JsonSchema;
  fields: Record<string, FieldMeta>;
};
export type Block = { type: string; id: string; value: unknown };

export type EditorData = {
  /** The page type's own content fields (not bodies of blocks) as one struct, or null. */
  pageFields?: { schema: JsonSchema; fields: Record<string, FieldMeta> } | null;
  streamFields: Array<{ name: string; label: string }>;
  content: Record<string, unknown>;
  blockTypes: BlockTypeInfo[];
  /** Server errors keyed by content path ('body.3.value.text'). */
  errors: Record<string, string>;
};

const typeOf = (schema: JsonSchema) =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;

/** The simplest variant of a union that is not null (nullable fields start empty). */
export function resolveVariant(schema: JsonSchema): JsonSchema {
  const variants = schema.anyOf ?? schema.oneOf;
  if (!variants) return schema;
  const nonNull = variants.filter((v) => v.type !== 'null');
  if (nonNull.length === 1) return { ...nonNull[0], default: schema.default ?? nonNull[0]!.default };
  return schema;
}

export function kindOf(schema: JsonSchema): 'enum' | 'string' | 'number' | 'boolean' | 'object' | 'array' | 'json' {
  const s = resolveVariant(schema);
  if (s.enum) return 'enum';
  switch (typeOf(s)) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      return s.properties ? 'object' : 'json';
    case 'array':
      return s.items ? 'array' : 'json';
    default:
      return 'json';
  }
}

/**
 * A union of objects told apart by one property whose value is fixed in each (zod's
 * discriminatedUnion: `kind: 'image' | 'video' | ...`): the tag's name and the variants, or
 * undefined for any other schema.
 */
export function taggedUnion(schema: JsonSchema): { tag: string; variants: JsonSchema[] } | undefined {
  const variants = (schema.oneOf ?? schema.anyOf)?.filter((variant) => variant.type !== 'null');
  if (!variants || variants.length < 2 || !variants.every((variant) => variant.properties)) return undefined;
  const tag = Object.keys(variants[0]!.properties!).find((key) =>
    variants.every((variant) => variant.properties![key]?.const !== undefined),
  );
  if (!tag || new Set(variants.map((variant) => String(variant.properties![tag]!.const))).size !== variants.length)
    return undefined;
  return { tag, variants };
}

/**
 * A blank value for a new block or list item: defaults where the schema has them, else empty.
 * Something chosen from a library (an image, a video: a schema carrying `x-widget`) starts absent,
 * "nothing chosen", never as a hollow struct that looks filled and then fails validation.
 */
export function emptyValue(schema: JsonSchema): unknown {
  const s = resolveVariant(schema);
  if (s.default !== undefined) return structuredClone(s.default);
  if (s['x-widget'] !== undefined) return undefined;
  if (s.const !== undefined) return s.const;
  switch (kindOf(s)) {
    case 'enum':
      return s.enum![0];
    case 'string':
      return '';
    case 'number':
      return undefined;
    case 'boolean':
      return false;
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {})
          // An optional struct (an optional image) starts absent: an empty one would not be valid.
          .map(
            ([key, child]) =>
              [
                key,
                (!s.required?.includes(key) && kindOf(resolveVariant(child)) === 'object') ||
                resolveVariant(child)['x-widget'] !== undefined
                  ? undefined
                  : emptyValue(child),
              ] as const,
          )
          .filter(([, value]) => value !== undefined),
      );
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => emptyValue(s.items!));
    default:
      return null;
  }
}

export function humanize(name: string): string {
  const text = name.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function newId(): string {
  return crypto.randomUUID();
}
