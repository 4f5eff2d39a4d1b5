import type { ReactNode } from 'react';
import { CsrfField } from './CsrfField';
import { FormErrorSummary, TextField, summaryFields } from './FormFields';

/** The new-password form's fields as the error summary names and links them. */
const NEW_PASSWORD_LABELS = [
  { name: 'new_password1', label: 'New password' },
  { name: 'new_password2', label: 'Confirm new password' },
];

/** The signed-out frame the login screen uses, for the reset steps. */
function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="admin-login" tabIndex={-1}>
      <div className="admin-login__panel">
        <p className="admin-brand admin-brand--large">Harborline admin</p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

export function PasswordResetRequestScreen({
  csrfToken,
  email,
  error,
}: {
  csrfToken: string;
  email: string;
  error?: string;
}) {
  return (
    <Panel title="Reset your password">
      <FormErrorSummary
        show={Boolean(error)}
        nonFieldErrors={[]}
        fields={error ? [{ name: 'email', label: 'Email', message: error }] : []}
      >
        Please correct the error below.
      </FormErrorSummary>
      <p>Enter your email address and we will send you a link to choose a new password.</p>
      <form method="post" action="/wagtail/password_reset/" noValidate>
        <CsrfField token={csrfToken} />
        <TextField name="email" label="Email" type="email" required value={email} error={error} autoComplete="email" />
        <button type="submit" className="admin-button admin-button--primary admin-button--wide">
          Reset my password
        </button>
      </form>
      <p>
        <a href="/wagtail/login/">Back to sign in</a>
      </p>
    </Panel>
  );
}

export function PasswordResetDoneScreen() {
  return (
    <Panel title="Check your email">
      <p>
        If an account uses the address you entered, a message with a link to reset the password is on its way. The link
        works once and expires in an hour.
      </p>
      <p>
        <a href="/wagtail/login/">Back to sign in</a>
      </p>
    </Panel>
  );
}

export function SetPasswordScreen({
  csrfToken,
  action,
  fieldErrors,
}: {
  csrfToken: string;
  action: string;
  fieldErrors: Partial<Record<string, string>>;
}) {
  return (
    <Panel title="Set your new password">
      <FormErrorSummary
        show={Object.keys(fieldErrors).length > 0}
        nonFieldErrors={[]}
        fields={summaryFields(NEW_PASSWORD_LABELS, fieldErrors)}
      >
        Please correct the errors below.
      </FormErrorSummary>
      <form method="post" action={action} noValidate>
        <CsrfField token={csrfToken} />
        <TextField
          name="new_password1"
          label="New password"
          type="password"
          required
          value=""
          error={fieldErrors.new_password1}
          autoComplete="new-password"
          help="At least 12 characters."
        />
        <TextField
          name="new_password2"
          label="Confirm new password"
          type="password"
          required
          value=""
          error={fieldErrors.new_password2}
          autoComplete="new-password"
        />
        <button type="submit" className="admin-button admin-button--primary admin-button--wide">
          Reset password
        </button>
      </form>
    </Panel>
  );
}

export function InvalidResetLinkScreen() {
  return (
    <Panel title="This link does not work">
      <p>
        The password reset link was invalid, possibly because it has already been used or has expired. Please request a
        new password reset.
      </p>
      <p>
        <a href="/wagtail/password_reset/">Request a new link</a>
      </p>
    </Panel>
  );
}

export function PasswordResetCompleteScreen() {
  return (
    <Panel title="Password changed">
      <p>Your password has been set. You may go ahead and sign in now.</p>
      <p>
        <a href="/wagtail/login/">Sign in</a>
      </p>
    </Panel>
  );
}
