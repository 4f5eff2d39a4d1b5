import type { Translate } from '../../shared/i18n/translator';

export type PublicLoginProps = {
  t: Translate;
  next: string;
  username: string;
  csrfToken: string;
  fieldErrors: { username?: string; password?: string };
  formError?: string;
  /** Someone is signed in already, but their account may not see the page they asked for. */
  signedInAs?: string;
};

function Field({
  t,
  name,
  label,
  type,
  value,
  error,
  autoComplete,
}: {
  t: Translate;
  name: 'username' | 'password';
  label: string;
  type: string;
  value?: string;
  error?: string;
  autoComplete: string;
}) {
  const id = `id_${name}`;
  return (
    <div className={`restricted-form__field${error ? ' restricted-form__field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={value}
        required
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p className="restricted-form__error" id={`${id}-error`}>
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/** /_util/login/: the staff sign-in in the public site's look, for pages restricted to logged-in users or groups. */
export function PublicLoginPage({
  t,
  next,
  username,
  csrfToken,
  fieldErrors,
  formError,
  signedInAs,
}: PublicLoginProps) {
  return (
    <div className="restricted-form">
      <h1>{t('Sign in')}</h1>
      {signedInAs ? (
        <p>
          {t('You are signed in as {username}, but this account may not see the page. Sign in with another account.', {
            values: { username: signedInAs },
          })}
        </p>
      ) : (
        <p>{t('Sign in to see this page.')}</p>
      )}
      {formError ? (
        <p className="restricted-form__error restricted-form__error--summary" role="alert">
          {t(formError)}
        </p>
      ) : null}
      <form method="post" action="/_util/login/" noValidate>
        <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
        <input type="hidden" name="next" value={next} />
        <Field
          t={t}
          name="username"
          label={t('Username')}
          type="text"
          value={username}
          error={fieldErrors.username}
          autoComplete="username"
        />
        <Field
          t={t}
          name="password"
          label={t('Password')}
          type="password"
          error={fieldErrors.password}
          autoComplete="current-password"
        />
        <button type="submit" className="button button--primary">
          {t('Sign in')}
        </button>
      </form>
    </div>
  );
}
