import { CsrfField } from './CsrfField';

export type LoginScreenProps = {
  csrfToken: string;
  next: string;
  username: string;
  /** A message about the whole form (bad credentials, too many attempts). */
  formError?: string;
  fieldErrors: { username?: string; password?: string };
};

/** Wagtail's sign-in screen: one form, errors above it and under each field, the username kept. */
export function LoginScreen({ csrfToken, next, username, formError, fieldErrors }: LoginScreenProps) {
  return (
    <main id="main" className="admin-login" tabIndex={-1}>
      <div className="admin-login__panel">
        <p className="admin-brand admin-brand--large">Harborline admin</p>
        <h1>Sign in</h1>
        {formError ? (
          <div className="admin-errors" role="alert">
            <p>{formError}</p>
          </div>
        ) : null}
        <form method="post" action="/wagtail/login/" noValidate>
          <CsrfField token={csrfToken} />
          <input type="hidden" name="next" value={next} />
          <Field
            name="username"
            label="Username"
            type="text"
            autoComplete="username"
            value={username}
            error={fieldErrors.username}
          />
          <Field
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            error={fieldErrors.password}
          />
          <button type="submit" className="admin-button admin-button--primary admin-button--wide">
            Sign in
          </button>
        </form>
        <p>
          <a href="/wagtail/password_reset/">Forgotten password?</a>
        </p>
      </div>
    </main>
  );
}

function Field(props: {
  name: string;
  label: string;
  type: string;
  autoComplete: string;
  value?: string;
  error?: string;
}) {
  const errorId = `${props.name}-error`;
  return (
    <div className={`admin-field${props.error ? ' admin-field--error' : ''}`}>
      <label htmlFor={`id_${props.name}`}>{props.label}</label>
      <input
        id={`id_${props.name}`}
        name={props.name}
        type={props.type}
        autoComplete={props.autoComplete}
        defaultValue={props.value}
        required
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
      />
      {props.error ? (
        <p className="admin-field__error" id={errorId}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
