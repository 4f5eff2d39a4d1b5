import { useState, type FormEvent } from 'react';
import type { BlockData } from '../../shared/schemas/page-payload';
import { CONSENT_WORDING, MONTHS, OCCASION_CHOICES, RELATIONSHIP_CHOICES, TERMS_WORDING } from '../../shared/forms/contact-topics';
import { ACTIONS, FORM_ACTION, type SignupFormState } from '../../shared/forms/form-state';
import { BlockBody } from '../blocks/BlockBody';
import { Captcha, describedBy, ErrorSummary, Field, translateError } from '../forms/fields';
import { useT } from '../page-context';
import type { TemplateProps } from '../template-types';

const FORM = 'signup';
const blocks = (value: unknown) => (Array.isArray(value) ? (value as BlockData[]) : []);

/**
 * The e-mail signup page (spec section 2): body, pre-form content, the form with its occasions
 * formset, legal text, and links to the FAQ and the unsubscribe page.
 */
export default function EmailSignupPage({ page }: TemplateProps) {
  const t = useT();
  const form = page.extra.form as SignupFormState | undefined;
  const faq = typeof page.content.faq_url === 'string' ? page.content.faq_url : null;
  const unsubscribe = typeof page.content.unsubscribe_url === 'string' ? page.content.unsubscribe_url : null;
  const confirmation = blocks(page.content.confirmation_content);
  return (
    <div className="template-form">
      <BlockBody blocks={blocks(page.content.body)} />
      {form?.sent ? (
        <section className="form-confirmation" aria-labelledby="signup-sent-title">
          <h2 id="signup-sent-title">{t('You are on the list')}</h2>
          {confirmation.length ? <BlockBody blocks={confirmation} /> : <p>{t('Watch your inbox for your welcome offer.')}</p>}
        </section>
      ) : form ? (
        <section className="guest-form-section" aria-label={t('Sign up')}>
          <BlockBody blocks={blocks(page.content.pre_form_content)} />
          <SignupForm action={page.url} form={form} />
        </section>
      ) : null}
      <div className="guest-form__legal">
        <BlockBody blocks={blocks(page.content.legal_text)} />
        {faq || unsubscribe ? (
          <ul className="guest-form__links">
            {faq ? (
              <li>
                <a href={faq}>{t('Frequently Asked Questions')}</a>
              </li>
            ) : null}
            {unsubscribe ? (
              <li>
                <a href={unsubscribe}>{t('Unsubscribe')}</a>
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

function SignupForm({ action, form }: { action: string; form: SignupFormState }) {
  const t = useT();
  const [sending, setSending] = useState(false);
  const errors = form.errors.fieldErrors;
  const value = (name: string) => form.values[name] ?? '';
  const { occasions } = form;
  const labels: Record<string, string> = {
    first_name: t('First name'),
    last_name: t('Last name'),
    email: t('E-mail address'),
    postcode: form.country === 'CA' ? t('Postal code') : t('ZIP code'),
    birthday_month: t('Birthday month'),
    birthday_day: t('Birthday day'),
    terms: t('Terms'),
    consent: t('Consent'),
    captcha: t('Robot check'),
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (sending) {
      event.preventDefault();
      return;
    }
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!submitter || submitter.value === ACTIONS.send) setSending(true);
  };
  const days = Array.from({ length: 31 }, (_, index) => String(index + 1));
  return (
    <form className="guest-form" method="post" action={action} noValidate onSubmit={onSubmit} aria-describedby="signup-required-note">
      <button type="submit" name={FORM_ACTION} value={ACTIONS.send} className="visually-hidden" tabIndex={-1} aria-hidden="true">
        {t('Sign Up')}
      </button>
      <p className="guest-form__note" id="signup-required-note">
        {t('*Required')}
      </p>
      <ErrorSummary form={FORM} errors={form.errors} labels={labels} />
      <input type="hidden" name="csrfmiddlewaretoken" value={form.csrfToken} />
      <div className="guest-form__row">
        <Field form={FORM} name="first_name" label={`${labels.first_name!}*`} error={errors.first_name}>
          <input type="text" name="first_name" autoComplete="given-name" maxLength={50} required {...describedBy(FORM, 'first_name', errors.first_name)} defaultValue={value('first_name')} />
        </Field>
        <Field form={FORM} name="last_name" label={`${labels.last_name!}*`} error={errors.last_name}>
          <input type="text" name="last_name" autoComplete="family-name" maxLength={50} required {...describedBy(FORM, 'last_name', errors.last_name)} defaultValue={value('last_name')} />
        </Field>
      </div>
      <div className="guest-form__row">
        <Field form={FORM} name="email" label={`${labels.email!}*`} error={errors.email}>
          <input type="email" name="email" autoComplete="email" maxLength={254} required {...describedBy(FORM, 'email', errors.email)} defaultValue={value('email')} />
        </Field>
        <Field form={FORM} name="postcode" label={`${labels.postcode!}*`} error={errors.postcode}>
          <input type="text" name="postcode" autoComplete="postal-code" maxLength={10} required {...describedBy(FORM, 'postcode', errors.postcode)} defaultValue={value('postcode')} />
        </Field>
      </div>
      <fieldset className="guest-form__group">
        <legend>{t('Your birthday, for a birthday treat')}</legend>
        <div className="guest-form__row">
          <Field form={FORM} name="birthday_month" label={labels.birthday_month!} error={errors.birthday_month}>
            <select name="birthday_month" {...describedBy(FORM, 'birthday_month', errors.birthday_month)} defaultValue={value('birthday_month')}>
              <option value="">{t('Month')}</option>
              {MONTHS.map((month, index) => (
                <option key={month} value={String(index + 1)}>
                  {t(month)}
                </option>
              ))}
            </select>
          </Field>
          <Field form={FORM} name="birthday_day" label={labels.birthday_day!} error={errors.birthday_day}>
            <select name="birthday_day" {...describedBy(FORM, 'birthday_day', errors.birthday_day)} defaultValue={value('birthday_day')}>
              <option value="">{t('Day')}</option>
              {days.map((day) => (
                <option key={day} value={day}>
                  {day}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </fieldset>
      <fieldset className="guest-form__group occasions">
        <legend>{t('Occasions to celebrate')}</legend>
        <input type="hidden" name={`${occasions.prefix}-TOTAL_FORMS`} value={String(occasions.totalFormCount)} />
        <input type="hidden" name={`${occasions.prefix}-INITIAL_FORMS`} value={String(occasions.initialFormCount)} />
        <input type="hidden" name={`${occasions.prefix}-MIN_NUM_FORMS`} value="0" />
        <input type="hidden" name={`${occasions.prefix}-MAX_NUM_FORMS`} value={String(occasions.maxNum)} />
        {occasions.rows.map((row, index) => {
          const name = (field: string) => `${occasions.prefix}-${index}-${field}`;
          const rowErrors = occasions.rowErrors[index] ?? {};
          const number = index + 1;
          return (
            <div className="occasions__row" key={index} role="group" aria-label={t('Occasion {number}', { values: { number } })}>
              <Field form={FORM} name={name('occasion')} label={t('Occasion')} error={rowErrors.occasion}>
                <select name={name('occasion')} {...describedBy(FORM, name('occasion'), rowErrors.occasion)} defaultValue={row.occasion ?? ''}>
                  <option value="">{t('Select')}</option>
                  {OCCASION_CHOICES.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {t(choice.label)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field form={FORM} name={name('relationship')} label={t('Relationship')} error={rowErrors.relationship}>
                <select name={name('relationship')} {...describedBy(FORM, name('relationship'), rowErrors.relationship)} defaultValue={row.relationship ?? ''}>
                  <option value="">{t('Select')}</option>
                  {RELATIONSHIP_CHOICES.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {t(choice.label)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field form={FORM} name={name('month')} label={t('Month')} error={rowErrors.month}>
                <select name={name('month')} {...describedBy(FORM, name('month'), rowErrors.month)} defaultValue={row.month ?? ''}>
                  <option value="">{t('Month')}</option>
                  {MONTHS.map((month, monthIndex) => (
                    <option key={month} value={String(monthIndex + 1)}>
                      {t(month)}
                    </option>
                  ))}
                </select>
              </Field>
              <Field form={FORM} name={name('day')} label={t('Day')} error={rowErrors.day}>
                <select name={name('day')} {...describedBy(FORM, name('day'), rowErrors.day)} defaultValue={row.day ?? ''}>
                  <option value="">{t('Day')}</option>
                  {days.map((day) => (
                    <option key={day} value={day}>
                      {day}
                    </option>
                  ))}
                </select>
              </Field>
              {occasions.rows.length > 1 ? (
                <button type="submit" className="button button--secondary occasions__remove" name={FORM_ACTION} value={`${ACTIONS.removeOccasion}-${index}`} formNoValidate>
                  {t('Remove occasion {number}', { values: { number } })}
                </button>
              ) : null}
            </div>
          );
        })}
        {occasions.totalFormCount < occasions.maxNum ? (
          <button type="submit" className="button button--secondary" name={FORM_ACTION} value={ACTIONS.addOccasion} formNoValidate>
            {t('Add')}
          </button>
        ) : null}
      </fieldset>
      <div className={`form-field form-field--checkbox${errors.terms ? ' form-field--error' : ''}`}>
        {errors.terms ? (
          <p className="form-field__error" id={`${FORM}-terms-error`}>
            {`${t('Error: ')}${translateError(t, errors.terms)}`}
          </p>
        ) : null}
        <input type="checkbox" name="terms" {...describedBy(FORM, 'terms', errors.terms)} defaultChecked={value('terms') === 'on'} />
        <label htmlFor={`${FORM}-terms`}>{`${t(TERMS_WORDING)}*`}</label>
      </div>
      <div className={`form-field form-field--checkbox${errors.consent ? ' form-field--error' : ''}`}>
        {errors.consent ? (
          <p className="form-field__error" id={`${FORM}-consent-error`}>
            {`${t('Error: ')}${translateError(t, errors.consent)}`}
          </p>
        ) : null}
        <input type="checkbox" name="consent" {...describedBy(FORM, 'consent', errors.consent)} defaultChecked={value('consent') === 'on'} />
        <label htmlFor={`${FORM}-consent`}>{`${t(CONSENT_WORDING)}*`}</label>
      </div>
      <Captcha form={FORM} captcha={form.captcha} error={errors.captcha} />
      <button type="submit" name={FORM_ACTION} value={ACTIONS.send} className="button button--primary" disabled={sending} aria-disabled={sending || undefined}>
        {sending ? t('Sending…') : t('Sign Up')}
      </button>
    </form>
  );
}
