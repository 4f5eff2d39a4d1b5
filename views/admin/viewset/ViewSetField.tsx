import type { FormFieldView } from '../../../shared/admin/viewset';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../FormFields';

/**
 * One form field of a viewset, drawn from its widget name (the block editor's vocabulary):
 * checkbox, select, textarea, date and the choosers (without JavaScript a chooser is a text
 * input for an id or a URL path, and `chosen` says what it points at). No widget: a text input.
 * A widget nobody built for server forms fails loudly, as the spec asks.
 */
export function ViewSetField({ field, value, error }: { field: FormFieldView; value: string; error?: string }) {
  const common = { name: field.name, label: field.label, help: field.help, required: field.required, error };
  switch (field.widget) {
    case undefined:
      return <TextField {...common} value={value} type={field.inputType ?? 'text'} autoComplete="off" />;
    case 'checkbox':
      return <CheckboxField {...common} checked={value === 'on'} />;
    case 'select':
      return <SelectField {...common} value={value} options={[...(field.choices ?? [])]} />;
    case 'textarea':
      // An enhanced textarea stays the posted value; the script draws its editor beside it.
      return field.enhance ? (
        <div data-enhance={field.enhance}>
          <TextAreaField {...common} value={value} />
        </div>
      ) : (
        <TextAreaField {...common} value={value} />
      );
    case 'date':
      return <TextField {...common} value={value} />;
    case 'page_chooser':
    case 'image_chooser':
    case 'video_chooser':
    case 'snippet_chooser':
      return (
        <TextField
          {...common}
          help={[field.help, field.chosen].filter(Boolean).join(' ')}
          value={value}
          autoComplete="off"
        />
      );
    default:
      throw new Error(`The ${field.widget} widget is not supported on server-rendered forms (field ${field.name}).`);
  }
}
