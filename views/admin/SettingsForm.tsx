import type { ReactNode } from 'react';
import { CsrfField } from './CsrfField';
import { FlashMessage, FormErrorSummary } from './FormFields';

export type SettingsFormProps = {
  title: string;
  back: { href: string; label: string };
  csrfToken: string;
  action: string;
  /** What the error summary names: 'The user could not be saved due to errors.' */
  noun: string;
  submitLabel: string;
  fieldErrors: Partial<Record<string, string>>;
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
  nonFieldErrors,
  message,
  notices,
  wide,
  children,
  after,
}: SettingsFormProps) {
  const hasErrors = nonFieldErrors.length > 0 || Object.keys(fieldErrors).length > 0;
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
      <FormErrorSummary show={hasErrors} nonFieldErrors={nonFieldErrors}>
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
