import type { ReactNode } from 'react';
import { CsrfField } from './CsrfField';
import { FlashMessage, FormErrorSummary, summaryFields } from './FormFields';

export type SettingsFormProps = {
  title: string;
  back: { href: string; label: string };
  csrfToken: string;
  action: string;
  /** What the error summary names: 'The user could not be saved due to errors.' */
  noun: string;
  submitLabel: string;
  fieldErrors: Partial<Record<string, string>>;
  /** The fields as the error summary names and links them (`id_<name>`), in the form's order. */
  labels: ReadonlyArray<{ name: string; label: string }>;
  nonFieldErrors: string[];
  message?: string;
  /** Warnings between the message and the form (a disabled workflow, ...). */
  notices?: ReactNode;
  wide?: boolean;
  children: ReactNode;
  /** Separate small forms after the main one (enable / disable, deactivate): never nested in it. */
  after?: ReactNode;
};

/**
 * The frame of the settings screens' add/edit forms (users, groups, sites, workflows, tasks):
 * heading with the way back, flash message, error summary, the form with its CSRF field and
 * submit button. The screens supply only their fields.
 */
export function SettingsForm({
  title,
  back,
  csrfToken,
  action,
  noun,
  submitLabel,
  fieldErrors,
  labels,
  nonFieldErrors,
  message,
  notices,
  wide,
  children,
  after,
}: SettingsFormProps) {
  const hasErrors = nonFieldErrors.length > 0 || Object.keys(fieldErrors).length > 0;
  // A field error with no link (a permission grid's) is still said in the summary, as text.
  const linked = new Set(labels.map((field) => field.name));
  const unlinked = Object.entries(fieldErrors).flatMap(([name, message]) =>
    message && !linked.has(name) ? [message] : [],
  );
  return (
    <>
      <div className="admin-heading">
        <h1>{title}</h1>
        <a className="admin-button admin-button--secondary" href={back.href}>
          {back.label}
        </a>
      </div>
      <FlashMessage message={message} />
      {notices}
      <FormErrorSummary
        show={hasErrors}
        nonFieldErrors={[...unlinked, ...nonFieldErrors]}
        fields={summaryFields(labels, fieldErrors)}
      >
        {`The ${noun} could not be saved due to errors.`}
      </FormErrorSummary>
      <form method="post" action={action} noValidate className={wide ? 'admin-form admin-form--wide' : 'admin-form'}>
        <CsrfField token={csrfToken} />
        {children}
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button--primary">
            {submitLabel}
          </button>
        </div>
      </form>
      {after}
    </>
  );
}
