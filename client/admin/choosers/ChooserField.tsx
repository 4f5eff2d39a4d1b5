import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { JsonSchema } from '../editor/json-schema';
import { ChooserTrigger } from './ChooserDialog';
import type { ChooserDefinition, ChooserItem } from './types';

type Props = {
  id: string;
  name: string;
  label: string;
  required: boolean;
  schema: JsonSchema;
  value: unknown;
  definition: ChooserDefinition;
  onChange(value: unknown): void;
  /** Help and error paragraphs below the field (their ids are in `describedBy`). */
  footer: React.ReactNode;
  describedBy?: string;
  invalid: boolean;
};

/**
 * A block field that points at something chosen in a dialog (Wagtail's chooser panel): the
 * chosen item's thumbnail (images) and name, then Change (or Choose), Edit (in a new tab) and,
 * on optional fields, Clear.
 */
export function ChooserField({
  id,
  name,
  label,
  required,
  schema,
  value,
  definition,
  onChange,
  footer,
  describedBy,
  invalid,
}: Props) {
  const chosen = definition.describe(value);
  const noun = definition.noun;
  const thumbnail = chosen ? (definition.thumbnailOf?.(value) ?? null) : null;
  const editUrl = chosen ? (definition.editUrlOf?.(value) ?? null) : null;
  // Completing a chosen item (an image's renditions) takes a request: say so, and say when it fails.
  const [pending, setPending] = useState<{ kind: 'resolving' } | { kind: 'error'; message: string } | null>(null);
  const choose = (item: ChooserItem) => {
    if (!definition.resolve) {
      onChange(definition.toValue(item, schema));
      return;
    }
    setPending({ kind: 'resolving' });
    definition.resolve(item, new AbortController().signal).then(
      (complete) => {
        setPending(null);
        onChange(definition.toValue(complete, schema));
      },
      (error: unknown) =>
        setPending({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
  };
  return (
    <div
      className={`admin-field admin-chooser-field${invalid ? ' admin-field--error' : ''}`}
      data-field={name}
      data-chooser={definition.widget}
    >
      <span className="admin-field__label" id={`${id}-label`}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </span>
      <div
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
        className="admin-chooser-field__body"
      >
        {thumbnail && pending?.kind !== 'resolving' ? (
          <img className="admin-chooser-field__thumbnail" src={thumbnail} alt="" width={120} height={90} />
        ) : null}
        <span className="admin-chooser-field__chosen" id={`${id}-chosen`}>
          {pending?.kind === 'resolving' ? `Adding the ${noun}…` : (chosen ?? `No ${noun} chosen`)}
        </span>
        <ChooserTrigger
          definition={definition}
          trigger={
            <>
              {chosen ? `Change ${noun}` : `Choose ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`}
              <span className="visually-hidden">{` for ${label}`}</span>
            </>
          }
          onChoose={choose}
        />
        {editUrl ? (
          <a className="admin-button admin-button--secondary" href={editUrl} target="_blank" rel="noopener">
            {`Edit ${noun}`}
            <span className="visually-hidden">{` ${chosen} (opens in a new tab)`}</span>
          </a>
        ) : null}
        {chosen && !required ? (
          <Button
            className="admin-button admin-button--secondary"
            onPress={() => onChange(acceptsNull(schema) ? null : undefined)}
          >
            Clear<span className="visually-hidden">{` ${label}`}</span>
          </Button>
        ) : null}
      </div>
      {pending?.kind === 'error' ? (
        <p className="admin-field__error" role="alert">
          {pending.message}
        </p>
      ) : null}
      {footer}
    </div>
  );
}

/** An optional field is cleared to null when its schema allows null, else left out (undefined). */
function acceptsNull(schema: JsonSchema): boolean {
  if (Array.isArray(schema.type) ? schema.type.includes('null') : schema.type === 'null') return true;
  return (schema.anyOf ?? schema.oneOf ?? []).some((variant) => variant.type === 'null');
}
