import { MONTHS } from '../../shared/forms/contact-topics';
import { ACTIONS, CONFIRM_PARAM, FORM_ACTION, type ConfirmationView } from '../../shared/forms/form-state';
import { useT } from '../page-context';

/**
 * A confirmation link's page (double opt-in). A good link shows what would be saved and a button:
 * the POST confirms, never the GET that mail scanners and link previews make. A link that cannot
 * be used says why and leads back to the form.
 */
export function SignupConfirmation({
  confirmation,
  action,
  csrfToken,
}: {
  confirmation: ConfirmationView;
  action: string;
  csrfToken: string;
}) {
  const t = useT();
  const { summary } = confirmation;
  if (confirmation.status !== 'ready' || !summary) {
    const messages = {
      used: [t('This link was already used'), t('Your subscription is confirmed. Nothing more to do.')],
      expired: [t('This link has expired'), t('Confirmation links work for 48 hours. Please sign up again.')],
      invalid: [
        t('This link is not valid'),
        t('It may have been cut off or changed. Please sign up again, or open the link from the e-mail once more.'),
      ],
    } as const;
    const [title, text] = messages[confirmation.status === 'ready' ? 'invalid' : confirmation.status];
    return (
      <section className="form-confirmation" role="alert" aria-labelledby="signup-link-title">
        <h2 id="signup-link-title">{title}</h2>
        <p>{text}</p>
        {confirmation.status === 'used' ? null : (
          <p>
            <a className="button button--primary" href={action}>
              {t('Sign up again')}
            </a>
          </p>
        )}
      </section>
    );
  }
  const birthday =
    summary.birthday_month && summary.birthday_day
      ? `${t(MONTHS[summary.birthday_month - 1] ?? '')} ${summary.birthday_day}`
      : t('Not given');
  return (
    <section className="form-confirmation" aria-labelledby="signup-confirm-title">
      <h2 id="signup-confirm-title">{t('Confirm your subscription')}</h2>
      <p>{t('Press the button to receive Fresh Catch News at this address with these details:')}</p>
      <dl className="form-confirmation__details">
        <dt>{t('Name')}</dt>
        <dd>{`${summary.first_name} ${summary.last_name}`}</dd>
        <dt>{t('Postal or ZIP code')}</dt>
        <dd>{summary.postcode}</dd>
        <dt>{t('Birthday')}</dt>
        <dd>{birthday}</dd>
        <dt>{t('Occasions to celebrate')}</dt>
        <dd>{String(summary.occasions)}</dd>
      </dl>
      <form method="post" action={action}>
        <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />
        <input type="hidden" name={CONFIRM_PARAM} value={confirmation.token} />
        <button type="submit" className="button button--primary" name={FORM_ACTION} value={ACTIONS.confirmSignup}>
          {t('Confirm my subscription')}
        </button>
      </form>
      <p>{t('If you did not ask for this, close this page: nothing changes.')}</p>
    </section>
  );
}
