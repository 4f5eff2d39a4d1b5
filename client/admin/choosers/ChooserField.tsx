import { Button } from 'react-aria-components';
import type { JsonSchema } from '../editor/json-schema';
import { ChooserTrigger } from './ChooserDialog';
import type { ChooserDefinition } from './types';

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
 * chosen item's name, then Choose/Change and, on optional fields, Clear.
 */
export function ChooserField({ id, name, label, required, schema, value, definition, onChange, footer, describedBy, invalid }: Props) {
  const chosen = definition.describe(value);
  const noun = definition.noun;
  return (
    <div className={`admin-field admin-chooser-field${invalid ? ' admin-field--error' : ''}`} data-field={name} data-chooser={definition.widget}>
      <span className="admin-field__label" id={`${id}-label`}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </span>
      <div role="group" aria-labelledby={`${id}-label`} aria-describedby={describedBy} className="admin-chooser-field__body">
        <span className="admin-chooser-field__chosen" id={`${id}-chosen`}>
          {chosen ?? `No ${noun} chosen`}
        </span>
        <ChooserTrigger
          definition={definition}
          trigger={
            <>
              {chosen ? `Change ${noun}` : `Choose a ${noun}`}
              <span className="visually-hidden">{` for ${label}`}</span>
            </>
          }
          onChoose={(item) => onChange(definition.toValue(item, schema))}
        />
        {chosen && !required ? (
          <Button className="admin-button admin-button--secondary" onPress={() => onChange(acceptsNull(schema) ? null : undefined)}>
            Clear<span className="visually-hidden">{` ${label}`}</span>
          </Button>
        ) : null}
      </div>
      {footer}
    </div>
  );
}

/** An optional field is cleared to null when its schema allows null, else left out (undefined). */
function acceptsNull(schema: JsonSchema): boolean {
  if (Array.isArray(schema.type) ? schema.type.includes('null') : schema.type === 'null') return true;
  return (schema.anyOf ?? schema.oneOf ?? []).some((variant) => variant.type === 'null');
}
