import type { FormEvent } from 'react';
import type { CaptchaView } from '../../../shared/forms/form-state';
import type { Availability, FormState } from '../../../shared/schemas/waitlist';
import { Captcha } from '../../forms/fields';
import { useLocalePrefix, usePageContext, useT } from '../../page-context';
import { slotLabel } from '../../../shared/waitlist/slot-label';
import { translateGuestMessage } from './messages';
import { Field, FormErrors, range } from './Field';

/**
 * The booking form, in the panel and on /reservations/new/. Without JavaScript, 'Show times'
 * reloads the page for the chosen date and party size; the panel reloads the times itself.
 */
export function ReservationForm({
  rlid,
  maxPartySize,
  availability,
  form,
  idempotencyKey,
  idPrefix,
  captcha,
  csrfToken,
  onDateChange,
  onSubmit,
  busy,
}: {
  rlid: number;
  maxPartySize: number;
  availability: Availability | null;
  form: FormState;
  idempotencyKey: string;
  idPrefix: string;
  captcha: CaptchaView;
  csrfToken?: string;
  onDateChange?: (date: string, partySize: string) => void;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  busy?: boolean;
}) {
  const t = useT();
  const prefix = useLocalePrefix();
  const { languageCode } = usePageContext();
  const v = form.values;
  const e = form.fieldErrors;
  const id = (name: string) => `${idPrefix}-${name}`;
  const free = availability?.slots.filter((slot) => slot.available) ?? [];
  return (
    <div className="guest-form">
      <form
        method="get"
        action={`${prefix}/reservations/new/`}
        className="guest-form__day"
        onChange={
          onDateChange
            ? (event) => {
                const data = new FormData(event.currentTarget);
                onDateChange(String(data.get('date') ?? ''), String(data.get('partySize') ?? '2'));
              }
            : undefined
        }
        onSubmit={onDateChange ? (event) => event.preventDefault() : undefined}
      >
        <input type="hidden" name="rlid" value={rlid} />
        <Field id={id('date')} label={t('Date')} error={e.date}>
          {(props) => (
            <input
              {...props}
              type="date"
              name="date"
              required
              min={availability?.firstDate}
              max={availability?.lastDate}
              defaultValue={v.date ?? ''}
            />
          )}
        </Field>
        <Field id={id('partySize')} label={t('Party size')} error={e.partySize}>
          {(props) => (
            <select {...props} name="partySize" defaultValue={v.partySize ?? '2'}>
              {range(1, maxPartySize).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          )}
        </Field>
        {onDateChange ? null : (
          <button type="submit" className="button button--secondary">
            {t('Show times')}
          </button>
        )}
      </form>
      <form method="post" action={`${prefix}/reservations/new/?rlid=${rlid}`} onSubmit={onSubmit} noValidate>
        <FormErrors form={form} title={t('Please correct the following:')} />
        <input type="hidden" name="date" value={availability?.date ?? v.date ?? ''} />
        <input type="hidden" name="partySize" value={String(availability?.partySize ?? v.partySize ?? '2')} />
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        {csrfToken ? <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} /> : null}
        <fieldset className="guest-form__times" aria-describedby={e.time ? id('time-error') : undefined}>
          <legend>{t('Available times')}</legend>
          {free.length === 0 ? <p>{t('No tables are free on this day. Please choose another date.')}</p> : null}
          {free.map((slot) => (
            <label key={slot.time} className="guest-form__time">
              <input type="radio" name="time" value={slot.time} defaultChecked={v.time === slot.time} required />
              {slotLabel(languageCode, slot.time, slot.label)}
            </label>
          ))}
          {e.time ? (
            <p className="guest-form__error" id={id('time-error')}>
              {translateGuestMessage(t, e.time)}
            </p>
          ) : null}
        </fieldset>
        <Field id={id('name')} label={t('Name')} error={e.name}>
          {(props) => (
            <input {...props} name="name" autoComplete="name" required maxLength={80} defaultValue={v.name ?? ''} />
          )}
        </Field>
        <Field
          id={id('phone')}
          label={t('Mobile phone')}
          hint={t('A phone number or an e-mail address is needed for your confirmation.')}
          error={e.phone}
        >
          {(props) => (
            <input {...props} name="phone" type="tel" autoComplete="tel" maxLength={30} defaultValue={v.phone ?? ''} />
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
        <button type="submit" className="button button--primary" disabled={busy || free.length === 0}>
          {t('Book this table')}
        </button>
      </form>
    </div>
  );
}
