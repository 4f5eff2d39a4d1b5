import type { ReservationPageExtra } from '../../shared/schemas/waitlist';
import { Field, FormErrors } from '../components/waitlist/Field';
import { ReservationForm } from '../components/waitlist/ReservationForm';
import { slotLabel } from '../../shared/waitlist/slot-label';
import { useLocalePrefix, usePageContext, useT } from '../page-context';
import type { TemplateProps } from '../template-types';

/** Booking a table without JavaScript (the panel's twin), and a reservation's manage page. */
export default function ReservationPage({ page }: TemplateProps) {
  const t = useT();
  const extra = page.extra as ReservationPageExtra;
  if (extra.mode === 'new') {
    return (
      <div className="guest-page">
        <div className="guest-page__inner">
          <h1>{t('Reserve a Table')}</h1>
          <p className="guest-form__restaurant">
            <strong>{extra.restaurant.name}</strong>
            <br />
            {extra.restaurant.address}
          </p>
          <ReservationForm
            rlid={extra.rlid}
            maxPartySize={extra.maxPartySize}
            availability={extra.availability}
            form={extra.form}
            idempotencyKey={extra.idempotencyKey}
            idPrefix="book"
            captcha={extra.captcha}
            csrfToken={extra.csrfToken}
          />
        </div>
      </div>
    );
  }
  return <ManageReservation extra={extra} />;
}

function ManageReservation({ extra }: { extra: Extract<ReservationPageExtra, { mode: 'manage' }> }) {
  const t = useT();
  const { languageCode } = usePageContext();
  const prefix = useLocalePrefix();
  const { reservation, availability, form, csrfToken } = extra;
  const token = <input type="hidden" name="csrfmiddlewaretoken" value={csrfToken} />;
  const day = new Intl.DateTimeFormat(languageCode, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${reservation.date}T12:00:00Z`));
  const booked = reservation.status === 'booked';
  return (
    <div className="guest-page">
      <div className="guest-page__inner">
        <h1>{booked ? t('Your table is booked') : t('This reservation is cancelled')}</h1>
        <dl className="entry-status__facts">
          <dt>{t('Restaurant')}</dt>
          <dd>
            {reservation.restaurant.name} — {reservation.restaurant.address}
          </dd>
          <dt>{t('Date')}</dt>
          <dd>{day}</dd>
          <dt>{t('Time')}</dt>
          <dd>{slotLabel(languageCode, reservation.time, reservation.timeLabel)}</dd>
          <dt>{t('Party size')}</dt>
          <dd>{reservation.partySize}</dd>
          <dt>{t('Name')}</dt>
          <dd>{reservation.name}</dd>
        </dl>
        {booked ? (
          <>
            <form
              method="post"
              action={`${prefix}/reservations/${reservation.reservationId}/cancel/`}
              className="guest-page__cancel"
            >
              {token}
              <button type="submit" className="button button--secondary">
                {t('Cancel this reservation')}
              </button>
            </form>
            <section aria-labelledby="change-heading" className="guest-page__change">
              <h2 id="change-heading">{t('Change this reservation')}</h2>
              <form method="get" action={`${prefix}/reservations/${reservation.reservationId}/`}>
                <Field id="change-day" label={t('Date')}>
                  {(props) => (
                    <input
                      {...props}
                      type="date"
                      name="date"
                      min={availability?.firstDate}
                      max={availability?.lastDate}
                      defaultValue={form.values.date ?? reservation.date}
                    />
                  )}
                </Field>
                <button type="submit" className="button button--secondary">
                  {t('Show times')}
                </button>
              </form>
              <form method="post" action={`${prefix}/reservations/${reservation.reservationId}/change/`}>
                {token}
                <FormErrors form={form} title={t('Please correct the following:')} />
                <input type="hidden" name="date" value={availability?.date ?? reservation.date} />
                <Field id="change-party" label={t('Party size')} error={form.fieldErrors.partySize}>
                  {(props) => (
                    <input
                      {...props}
                      type="number"
                      name="partySize"
                      min={1}
                      max={100}
                      defaultValue={form.values.partySize ?? String(reservation.partySize)}
                    />
                  )}
                </Field>
                <Field id="change-time" label={t('Time')} error={form.fieldErrors.time}>
                  {(props) => (
                    <select {...props} name="time" defaultValue={reservation.time}>
                      {(availability?.slots ?? [])
                        .filter((slot) => slot.available || slot.time === reservation.time)
                        .map((slot) => (
                          <option key={slot.time} value={slot.time}>
                            {slotLabel(languageCode, slot.time, slot.label)}
                          </option>
                        ))}
                    </select>
                  )}
                </Field>
                <button type="submit" className="button button--primary">
                  {t('Save the change')}
                </button>
              </form>
            </section>
          </>
        ) : null}
        <p className="guest-page__note">
          {t('Keep this page: its address lets you view, change or cancel your reservation.')}
        </p>
      </div>
    </div>
  );
}
