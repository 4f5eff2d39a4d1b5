import { useState } from 'react';
import { describedBy, FieldNotes } from '../../../views/admin/FormFields';
import { ChooserField } from '../choosers/ChooserField';
import { chooserFor } from '../choosers/registry';
import { RichTextField } from './RichTextField';
import {
  emptyValue,
  humanize,
  kindOf,
  resolveVariant,
  taggedUnion,
  type FieldMeta,
  type JsonSchema,
} from './json-schema';

export type FieldProps = {
  /** DOM id prefix, unique in the page. */
  id: string;
  name: string;
  schema: JsonSchema;
  value: unknown;
  meta?: FieldMeta;
  required: boolean;
  onChange(value: unknown): void;
  /** The server's error for a path below this field ('' = this field). */
  errorAt(path: string): string | undefined;
  /** A struct's per-field editing metadata (the block's `meta.fields`: label, help, widget). */
  fieldsMeta?: Record<string, FieldMeta>;
};

const LONG_TEXT = 300;

/** One field of a block, drawn from its JSON schema: recursive for structs and lists. */
export function SchemaField(props: FieldProps) {
  const { id, name, meta, required, onChange } = props;
  const schema = resolveVariant(props.schema);
  const label = meta?.label ?? humanize(name);
  const error = props.errorAt('');
  const help = meta?.helpText ?? schema.description;
  const fieldDescribedBy = describedBy(id, help, error);
  const footer = <FieldNotes id={id} help={help} error={error} />;
  const kind = kindOf(schema);
  // A chooser widget (page, image, snippet: choosers/registry.ts) on a single value; a list of
  // them is drawn as a list whose items carry the widget (see ListField).
  const chooser = chooserFor(meta?.widget ?? schema['x-widget']);
  if (chooser && kind !== 'array') {
    return (
      <ChooserField
        id={id}
        name={name}
        label={label}
        required={required}
        schema={schema}
        value={props.value}
        definition={chooser}
        onChange={onChange}
        footer={footer}
        describedBy={fieldDescribedBy}
        invalid={Boolean(error)}
      />
    );
  }
  const common = { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': fieldDescribedBy };
  const labelEl = (
    <label htmlFor={id}>
      {label}
      {required ? <span aria-hidden="true"> *</span> : null}
    </label>
  );
  const wrap = (control: React.ReactNode) => (
    <div className={`admin-field${error ? ' admin-field--error' : ''}`} data-field={name}>
      {labelEl}
      {control}
      {footer}
    </div>
  );

  const union = taggedUnion(schema);
  if (union) return <UnionField {...props} label={label} union={union} />;

  switch (kind) {
    case 'enum':
      return wrap(
        <select
          {...common}
          value={String(props.value ?? '')}
          onChange={(e) => onChange(schema.enum!.find((o) => String(o) === e.target.value))}
        >
          {!required ? <option value="">---------</option> : null}
          {schema.enum!.map((option) => (
            <option key={String(option)} value={String(option)}>
              {humanize(String(option))}
            </option>
          ))}
        </select>,
      );
    case 'boolean':
      return (
        <div className={`admin-field admin-field--checkbox${error ? ' admin-field--error' : ''}`} data-field={name}>
          <input
            type="checkbox"
            {...common}
            checked={props.value === true}
            onChange={(e) => onChange(e.target.checked)}
          />
          {labelEl}
          {footer}
        </div>
      );
    case 'number':
      return wrap(
        <input
          type="number"
          {...common}
          value={typeof props.value === 'number' ? props.value : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}
        />,
      );
    case 'string': {
      const value = typeof props.value === 'string' ? props.value : '';
      if (meta?.widget === 'rich_text') {
        // The block's schema sanitises the HTML on the server (shared/rich-text/sanitize.ts).
        return (
          <RichTextField
            id={id}
            name={name}
            label={label}
            required={required}
            value={value}
            onChange={onChange}
            footer={footer}
            describedBy={fieldDescribedBy}
            invalid={Boolean(error)}
          />
        );
      }
      const multiline = meta?.widget === 'textarea' || (schema.maxLength ?? 0) > LONG_TEXT;
      if (meta?.widget === 'date')
        return wrap(<input type="date" {...common} value={value} onChange={(e) => onChange(e.target.value)} />);
      return wrap(
        multiline ? (
          <textarea {...common} rows={4} value={value} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input
            type="text"
            {...common}
            value={value}
            maxLength={schema.maxLength}
            onChange={(e) => onChange(e.target.value)}
          />
        ),
      );
    }
    case 'object':
      return <StructField {...props} schema={schema} label={label} />;
    case 'array':
      return <ListField {...props} schema={schema} label={label} />;
    default:
      return <JsonField {...props} label={label} />;
  }
}

function StructField(props: FieldProps & { label: string }) {
  const { id, schema, label } = props;
  const value = (typeof props.value === 'object' && props.value !== null ? props.value : {}) as Record<string, unknown>;
  return (
    <fieldset className="admin-struct" data-field={props.name}>
      <legend>{label}</legend>
      {props.errorAt('') ? <p className="admin-field__error">{props.errorAt('')}</p> : null}
      {Object.entries(schema.properties ?? {}).map(([key, child]) => (
        <SchemaField
          key={key}
          id={`${id}-${key}`}
          name={key}
          schema={child}
          meta={props.fieldsMeta?.[key]}
          fieldsMeta={props.fieldsMeta?.[key]?.fields}
          value={value[key]}
          required={schema.required?.includes(key) ?? false}
          onChange={(next) => props.onChange({ ...value, [key]: next })}
          errorAt={(path) => props.errorAt(path ? `${key}.${path}` : key)}
        />
      ))}
    </fieldset>
  );
}

function ListField(props: FieldProps & { label: string }) {
  const { id, schema, label } = props;
  const items = Array.isArray(props.value) ? props.value : [];
  const set = (next: unknown[]) => props.onChange(next);
  // A list of chosen items (e.g. pages): each item gets the list's chooser.
  const itemWidget = chooserFor(props.meta?.widget) ? props.meta?.widget : undefined;
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    set(next);
  };
  return (
    <fieldset className="admin-list-field" data-field={props.name}>
      <legend>{label}</legend>
      {props.errorAt('') ? <p className="admin-field__error">{props.errorAt('')}</p> : null}
      <ol className="admin-list-field__items">
        {items.map((item, index) => (
          <li key={index} className="admin-list-field__item">
            <SchemaField
              id={`${id}-${index}`}
              name={`${label} item ${index + 1}`}
              meta={{ label: `Item ${index + 1}`, widget: itemWidget }}
              fieldsMeta={props.fieldsMeta}
              schema={schema.items!}
              value={item}
              required
              onChange={(next) => set(items.map((old, i) => (i === index ? next : old)))}
              errorAt={(path) => props.errorAt(path ? `${index}.${path}` : String(index))}
            />
            <div className="admin-block__tools">
              <button
                type="button"
                className="admin-button admin-button--secondary"
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                Move up<span className="visually-hidden">{` item ${index + 1} of ${label}`}</span>
              </button>
              <button
                type="button"
                className="admin-button admin-button--secondary"
                disabled={index === items.length - 1}
                onClick={() => move(index, index + 1)}
              >
                Move down<span className="visually-hidden">{` item ${index + 1} of ${label}`}</span>
              </button>
              <button
                type="button"
                className="admin-button admin-button--secondary"
                onClick={() => set(items.filter((_, i) => i !== index))}
              >
                Remove<span className="visually-hidden">{` item ${index + 1} of ${label}`}</span>
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="admin-button admin-button--secondary"
        disabled={schema.maxItems !== undefined && items.length >= schema.maxItems}
        onClick={() => set([...items, emptyValue(schema.items!)])}
      >
        Add item<span className="visually-hidden">{` to ${label}`}</span>
      </button>
    </fieldset>
  );
}

/** A value the form cannot draw (a union of shapes): edited as JSON, applied when it parses. */
/**
 * A tagged union (an image, a video or an embed): a select of the variant, then the chosen
 * variant's fields. Choosing another variant starts it empty (with its tag).
 */
function UnionField(props: FieldProps & { label: string; union: { tag: string; variants: JsonSchema[] } }) {
  const { id, label, union } = props;
  const { tag, variants } = union;
  const value = (typeof props.value === 'object' && props.value !== null ? props.value : {}) as Record<string, unknown>;
  const tagOf = (variant: JsonSchema) => variant.properties![tag]!.const;
  const current = variants.find((variant) => tagOf(variant) === value[tag]) ?? variants[0]!;
  const selectId = `${id}-${tag}`;
  return (
    <fieldset className="admin-struct" data-field={props.name}>
      <legend>{label}</legend>
      {props.errorAt('') ? <p className="admin-field__error">{props.errorAt('')}</p> : null}
      <div className="admin-field" data-field={tag}>
        <label htmlFor={selectId}>{humanize(tag)}</label>
        <select
          id={selectId}
          value={String(tagOf(current))}
          onChange={(e) => {
            const next = variants.find((variant) => String(tagOf(variant)) === e.target.value)!;
            props.onChange({ ...(emptyValue(next) as Record<string, unknown>), [tag]: tagOf(next) });
          }}
        >
          {variants.map((variant) => (
            <option key={String(tagOf(variant))} value={String(tagOf(variant))}>
              {humanize(String(tagOf(variant)))}
            </option>
          ))}
        </select>
      </div>
      {Object.entries(current.properties!)
        .filter(([key]) => key !== tag)
        .map(([key, child]) => (
          <SchemaField
            key={`${String(tagOf(current))}-${key}`}
            id={`${id}-${key}`}
            name={key}
            schema={child}
            value={value[key]}
            required={current.required?.includes(key) ?? false}
            onChange={(next) => props.onChange({ ...value, [tag]: tagOf(current), [key]: next })}
            errorAt={(path) => props.errorAt(path ? `${key}.${path}` : key)}
          />
        ))}
    </fieldset>
  );
}

function JsonField(props: FieldProps & { label: string }) {
  const [text, setText] = useState(() => JSON.stringify(props.value ?? null, null, 2));
  const [invalid, setInvalid] = useState(false);
  const error = props.errorAt('') ?? (invalid ? 'Not valid JSON.' : undefined);
  return (
    <div className={`admin-field${error ? ' admin-field--error' : ''}`} data-field={props.name}>
      <label htmlFor={props.id}>{`${props.label} (JSON)`}</label>
      <textarea
        id={props.id}
        rows={4}
        value={text}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          setText(e.target.value);
          try {
            props.onChange(JSON.parse(e.target.value));
            setInvalid(false);
          } catch {
            setInvalid(true);
          }
        }}
      />
      {error ? <p className="admin-field__error">{error}</p> : null}
    </div>
  );
}
