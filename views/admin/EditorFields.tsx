import { TextAreaField } from './FormFields';

/** A page type's content field edited as a form field of its own (server: editorFields of the page type). */
export type EditorFieldView = { name: string; label: string; help: string; value: string; error?: string };

/** The editor fields' errors by name (for the error summary's links). */
export const editorFieldErrors = (fields: EditorFieldView[]): Record<string, string> =>
  Object.fromEntries(fields.flatMap((field) => (field.error ? [[field.name, field.error]] : [])));

/** The page type's editor fields (e.g. a form page's notification addresses), after the body. */
export function EditorFields({ fields }: { fields: EditorFieldView[] }) {
  if (fields.length === 0) return null;
  return (
    <fieldset className="admin-fieldset">
      <legend>Settings</legend>
      {fields.map((field) => (
        <TextAreaField
          key={field.name}
          name={field.name}
          label={field.label}
          help={field.help}
          value={field.value}
          error={field.error}
          rows={3}
        />
      ))}
    </fieldset>
  );
}
