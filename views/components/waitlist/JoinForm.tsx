import type { FormEvent } from 'react';
import type { CaptchaView } from '../../../shared/forms/form-state';
import type { FormState, WaitlistState } from '../../../shared/schemas/waitlist';
import { Captcha } from '../../forms/fields';
import { useLocalePrefix, useT } from '../../page-context';
import { Field, FormErrors, range } from './Field';
import { waitLabel } from './wait-label';

/**
 * The wait-list form, the same in the panel and on its server-rendered page: without
 * JavaScript it posts to /waitlist/join/ (with the session's CSRF token and the page's
 * idempotency key); the panel passes `onSubmit` to send it as JSON. Both carry the captcha.
 */
export function JoinForm({
  state,
  form,
  idPrefix,
  captcha,
  csrfToken,
  idempotencyKey,
  onSubmit,
  busy,
}: {
  state: WaitlistState;
  form: FormState;
  idPrefix: string;
  captcha: CaptchaView;
  csrfToken?: string;
  idempotencyKey?: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  busy?: boolean;
}) {
  const t = useT();
  const prefix = useLocalePrefix();
  const v = form.values;
  const e = form.fieldErrors;
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <div className="guest-form">
      <p className="guest-form__restaurant">
        <strong>{state.restaurant.name}</strong>
        <br />
        {state.restaurant.address}
      </p>
      <p className="guest-form__estimate" aria-live="polite">
        {state.estimate.available
          ? t('Current wait: {time}', { values: { time: waitLabel(t, state.estimate) } })
          : waitLabel(t, state.estimate)}
        {state.paused && state.pauseReason ? ` — ${state.pauseReason}` : null}
      </p>
      {state.openNow ? (
        <form method="post" action={`${prefix}/waitlist/join/?rlid=${state.rlid}`} onSubmit={onSubmit} noValidate>
          <FormErrors form={form} title={t('Please correct the following:')} />
          {csrfToken ? <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} /> : null}
          {idempotencyKey ? <input type="hidden" name="idempotencyKey" value={idempotencyKey} /> : null}
          <Field id={id('partySize')} label={t('Party size')} error={e.partySize}>
            {(props) => (
              <select {...props} name="partySize" defaultValue={v.partySize ?? '2'}>
                {range(1, state.waitListMaxPartySize).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={id('name')} label={t('Name')} error={e.name}>
            {(props) => (
              <input {...props} name="name" autoComplete="name" required maxLength={80} defaultValue={v.name ?? ''} />
            )}
          </Field>
          <Field
            id={id('phone')}
            label={t('Mobile phone')}
            hint={t('We text you when your table is ready. A phone number or an e-mail address is needed.')}
            error={e.phone}
          >
            {(props) => (
              <input
                {...props}
                name="phone"
                type="tel"
                autoComplete="tel"
                maxLength={30}
                defaultValue={v.phone ?? ''}
              />
            )}
          </Field>
          <Field id={id('email')} label={t('E-mail')} error={e.email}>
            {(props) => (
              <input
                {...props}
                name="email"
                type="email"
                autoComplete="email"
                maxLength={254}
                defaultValue={v.email ?? ''}
              />
            )}
          </Field>
          <Field id={id('note')} label={t('Note (optional)')} error={e.note}>
            {(props) => <textarea {...props} name="note" maxLength={200} rows={2} defaultValue={v.note ?? ''} />}
          </Field>
          <Captcha form={idPrefix} captcha={captcha} error={e.captcha} />
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('Join the wait list')}
          </button>
        </form>
      ) : (
        <p>{t('The wait list is not taking parties right now.')}</p>
      )}
    </div>
  );
}
