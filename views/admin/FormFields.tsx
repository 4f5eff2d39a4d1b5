import type { ReactNode } from 'react';

/** One labelled field with its help text and first error, wired with aria-describedby. */
type FieldProps = {
  name: string;
  label: string;
  error?: string;
  help?: string;
  required?: boolean;
};

/** The ids of a field's help and error notes, for aria-describedby. */
export function describedBy(id: string, help: string | undefined, error: string | undefined): string | undefined {
  return [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** A field's help text and first error, with the ids describedBy() names (server screens and the block editor). */
export function FieldNotes({ id, help, error }: { id: string; help?: string; error?: string }) {
  return (
    <>
      {help ? (
        <p className="admin-field__help" id={`${id}-help`}>
          {help}
        </p>
      ) : null}
      {error ? (
        <p className="admin-field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The label, control and notes of one field; the control gets its id and described-by from here. */
function LabelledField({
  name,
  label,
  error,
  help,
  required,
  control,
}: FieldProps & { control(wiring: ControlWiring): ReactNode }) {
  const id = `id_${name}`;
  return (
    <div className={`admin-field${error ? ' admin-field--error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {control({
        id,
        name,
        required,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(id, help, error),
      })}
      <FieldNotes id={id} help={help} error={error} />
    </div>
  );
}

type ControlWiring = {
  id: string;
  name: string;
  required?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

export function TextField({
  value,
  type = 'text',
  autoComplete,
  ...field
}: FieldProps & { value: string; type?: 'text' | 'email' | 'password' | 'number' | 'url'; autoComplete?: string }) {
  // Passwords are never sent back to the browser.
  return (
    <LabelledField
      {...field}
      control={(wiring) => (
        <input
          {...wiring}
          type={type}
          defaultValue={type === 'password' ? undefined : value}
          autoComplete={autoComplete}
        />
      )}
    />
  );
}

export function TextAreaField({ value, rows = 4, ...field }: FieldProps & { value: string; rows?: number }) {
  return <LabelledField {...field} control={(wiring) => <textarea {...wiring} rows={rows} defaultValue={value} />} />;
}

export function CheckboxField({
  name,
  label,
  error,
  help,
  checked,
  value = 'on',
}: FieldProps & { checked: boolean; value?: string }) {
  const id = `id_${name}`;
  return (
    <div className={`admin-field admin-field--checkbox${error ? ' admin-field--error' : ''}`}>
      <input
        id={id}
        name={name}
        type="checkbox"
        value={value}
        defaultChecked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, help, error)}
      />
      <label htmlFor={id}>{label}</label>
      <FieldNotes id={id} help={help} error={error} />
    </div>
  );
}

export function SelectField({
  value,
  options,
  ...field
}: FieldProps & { value: string; options: Array<{ value: string; label: string }> }) {
  return (
    <LabelledField
      {...field}
      control={(wiring) => (
        <select {...wiring} defaultValue={value}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}

/** A group of checkboxes sharing one name (a multiple choice), in a fieldset with a legend. */
export function CheckboxGroup({
  name,
  legend,
  error,
  help,
  selected,
  options,
}: {
  name: string;
  legend: string;
  error?: string;
  help?: string;
  selected: readonly string[];
  options: Array<{ value: string; label: string }>;
}) {
  const id = `id_${name}`;
  return (
    // The id is the error summary's link target (focusable only for it): the group, not one box.
    <fieldset
      id={id}
      tabIndex={error ? -1 : undefined}
      className={`admin-field admin-fieldset${error ? ' admin-field--error' : ''}`}
      aria-describedby={describedBy(id, help, error)}
    >
      <legend>{legend}</legend>
      {options.length === 0 ? <p className="admin-muted">None available.</p> : null}
      {options.map((option, index) => (
        <div key={option.value} className="admin-field--checkbox">
          <input
            id={`${id}_${index}`}
            type="checkbox"
            name={name}
            value={option.value}
            defaultChecked={selected.includes(option.value)}
            aria-invalid={error ? true : undefined}
          />
          <label htmlFor={`${id}_${index}`}>{option.label}</label>
        </div>
      ))}
      <FieldNotes id={id} help={help} error={error} />
    </fieldset>
  );
}

/** One choice among several (radio buttons sharing one name), in a fieldset with a legend. */
export function RadioGroup({
  name,
  legend,
  error,
  help,
  value,
  options,
}: {
  name: string;
  legend: string;
  error?: string;
  help?: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const id = `id_${name}`;
  return (
    // The id is the error summary's link target (focusable only for it): the group, not one box.
    <fieldset
      id={id}
      tabIndex={error ? -1 : undefined}
      className={`admin-field admin-fieldset${error ? ' admin-field--error' : ''}`}
      aria-describedby={describedBy(id, help, error)}
    >
      <legend>{legend}</legend>
      {options.map((option, index) => (
        <div key={option.value} className="admin-field--checkbox">
          <input
            id={`${id}_${index}`}
            type="radio"
            name={name}
            value={option.value}
            defaultChecked={value === option.value}
            aria-invalid={error ? true : undefined}
          />
          <label htmlFor={`${id}_${index}`}>{option.label}</label>
        </div>
      ))}
      <FieldNotes id={id} help={help} error={error} />
    </fieldset>
  );
}

/** One field's error as the summary links to it: the field's label and its message. */
export type SummaryFieldError = { name: string; label: string; message: string };

/**
 * The summary above a form that did not save (GOV.UK's and Wagtail's error summary): a sentence,
 * a link per field error that moves focus to the field (its `id_<name>` input; the admin shell
 * script focuses it), and the errors tied to no field. It takes focus when the screen loads, so a
 * keyboard or screen reader user starts at what to fix.
 */
export function FormErrorSummary({
  show,
  nonFieldErrors,
  fields = [],
  children,
}: {
  show: boolean;
  nonFieldErrors: string[];
  /** The fields with an error, in the order of the form. */
  fields?: SummaryFieldError[];
  children?: ReactNode;
}) {
  if (!show) return null;
  return (
    <div
      className="admin-errors"
      role="alert"
      tabIndex={-1}
      aria-labelledby="admin-error-summary-title"
      data-error-summary
    >
      <p id="admin-error-summary-title">{children ?? 'The form could not be saved due to errors.'}</p>
      {fields.length || nonFieldErrors.length ? (
        <ul>
          {fields.map((field) => (
            <li key={field.name}>
              <a href={`#id_${field.name}`} data-error-link>{`${field.label}: ${field.message}`}</a>
            </li>
          ))}
          {nonFieldErrors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The summary's field links from a screen's labels and first errors, in the labels' order. */
export function summaryFields(
  labels: ReadonlyArray<{ name: string; label: string }>,
  errors: Partial<Record<string, string>>,
): SummaryFieldError[] {
  return labels.flatMap(({ name, label }) => {
    const message = errors[name];
    return message ? [{ name, label, message }] : [];
  });
}

export function FlashMessage({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <div className="admin-message" role="status">
      <p>{message}</p>
    </div>
  );
}
