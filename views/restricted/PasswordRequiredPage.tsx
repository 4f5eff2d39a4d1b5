import type { Translate } from '../../shared/i18n/translator';

export type PasswordRequiredProps = {
  t: Translate;
  /** Where the form posts: /_util/authenticate_with_password/{restriction_id}/{page_id}/ */
  action: string;
  returnUrl: string;
  csrfToken: string;
  error?: string;
};

/** Wagtail's password_required page: a password field, the way back to the page, and the error if any. */
export function PasswordRequiredPage({ t, action, returnUrl, csrfToken, error }: PasswordRequiredProps) {
  return (
    <div className="restricted-form">
      <h1>{t('Password required')}</h1>
      <p>{t('You need a password to access this page.')}</p>
      <form method="post" action={action} noValidate>
        <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
        <input type="hidden" name="return_url" value={returnUrl} />
        <div className={`restricted-form__field${error ? ' restricted-form__field--error' : ''}`}>
          <label htmlFor="id_password">{t('Password')}</label>
          <input
            id="id_password"
            name="password"
            type="password"
            required
            autoComplete="current-password"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'id_password-error' : undefined}
            autoFocus={Boolean(error)}
          />
          {error ? (
            <p className="restricted-form__error" id="id_password-error" role="alert">
              {t(error)}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--primary">
          {t('Continue')}
        </button>
      </form>
    </div>
  );
}
