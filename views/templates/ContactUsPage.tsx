import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { BlockData } from '../../shared/schemas/page-payload';
import { CONTACT_CATEGORIES, extrasFor, topicKey } from '../../shared/forms/contact-topics';
import { ACTIONS, FORM_ACTION, type ContactFormState } from '../../shared/forms/form-state';
import { BlockBody } from '../blocks/BlockBody';
import { Captcha, describedBy, ErrorSummary, Field } from '../forms/fields';
import { useT } from '../page-context';
import type { TemplateProps } from '../template-types';

const FORM = 'contact';

/**
 * The contact page (spec section 2): body blocks, then 'Send Us a Message' and the form, which
 * posts to the page itself and works without script. After sending, the page's confirmation
 * area replaces the form (post/redirect/get, so a reload sends nothing).
 */
export default function ContactUsPage({ page }: TemplateProps) {
  const t = useT();
  const form = page.extra.form as ContactFormState | undefined;
  const confirmation = (page.content.confirmation_content ?? []) as BlockData[];
  return (
    <div className="template-form">
      <BlockBody blocks={(page.content.body ?? []) as BlockData[]} lead />
      {form?.sent ? (
        <section className="form-confirmation" aria-labelledby="contact-sent-title">
          <h2 id="contact-sent-title">{t('Thank you for your message')}</h2>
          {confirmation.length ? <BlockBody blocks={confirmation} /> : <p>{t('We will reply to you as soon as we can.')}</p>}
        </section>
      ) : form ? (
        <section className="guest-form-section" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">{t('Send Us a Message')}</h2>
          <ContactForm action={page.url} form={form} />
        </section>
      ) : null}
    </div>
  );
}

function ContactForm({ action, form }: { action: string; form: ContactFormState }) {
  const t = useT();
  const [category, setCategory] = useState(form.values.question_category ?? '');
  const [topic, setTopic] = useState(form.values.topic ?? '');
  const [enhanced, setEnhanced] = useState(false);
  const [sending, setSending] = useState(false);
  // After hydration the topic list narrows to the chosen category and extra fields follow the
  // pair; the server's HTML (the same for script and no script) shows every choice.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setEnhanced(true), []);
  const errors = form.errors.fieldErrors;
  const value = (name: string) => form.values[name] ?? '';
  const extras = category && topic ? extrasFor(category, topic) : enhanced ? 'none' : 'all';
  const showLocation = extras === 'all' || extras === 'location' || extras === 'visit';
  const showVisit = extras === 'all' || extras === 'visit';
  const labels: Record<string, string> = {
    question_category: t('Category'),
    topic: t('Topic'),
    location_rlid: t('Restaurant'),
    visit_date: t('Date of visit'),
    visit_time: t('Time of visit'),
    order_number: t('Order number'),
    first_name: t('First name'),
    last_name: t('Last name'),
    email: t('E-mail address'),
    phone: t('Phone number'),
    address_line1: t('Street address'),
    address_city: t('City'),
    address_state: t('State or province'),
    address_zip: t('ZIP or postal code'),
    message: t('Message'),
    captcha: t('Robot check'),
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // The first send locks the button and blocks further submits (spec section 4).
    if (sending) {
      event.preventDefault();
      return;
    }
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!submitter || submitter.value === ACTIONS.send) setSending(true);
  };
  const categories = enhanced && category ? CONTACT_CATEGORIES.filter((candidate) => candidate.value === category) : CONTACT_CATEGORIES;
  return (
    <form className="guest-form" method="post" action={action} noValidate onSubmit={onSubmit} aria-describedby="contact-required-note">
      {/* Enter in any field sends the form (the first submit button is the default one). */}
      <button type="submit" name={FORM_ACTION} value={ACTIONS.send} className="visually-hidden" tabIndex={-1} aria-hidden="true">
        {t('Send')}
      </button>
      <p className="guest-form__note" id="contact-required-note">
        {t('All fields are required')}
      </p>
      <ErrorSummary form={FORM} errors={form.errors} labels={labels} />
      <input type="hidden" name="csrfmiddlewaretoken" value={form.csrfToken} />
      <Field form={FORM} name="question_category" label={labels.question_category!} error={errors.question_category}>
        <select
          name="question_category"
          {...describedBy(FORM, 'question_category', errors.question_category)}
          value={category}
          onChange={(event) => {
            setCategory(event.target.value);
            setTopic('');
          }}
        >
          <option value="">{t('Select a category')}</option>
          {CONTACT_CATEGORIES.map((option) => (
            <option key={option.value} value={option.value}>
              {t(option.label)}
            </option>
          ))}
        </select>
      </Field>
      <Field form={FORM} name="topic" label={labels.topic!} error={errors.topic}>
        <select name="topic" {...describedBy(FORM, 'topic', errors.topic)} value={topic} onChange={(event) => setTopic(event.target.value)}>
          <option value="">{t('Select a topic')}</option>
          {categories.map((group) => (
            <optgroup key={group.value} label={t(group.label)}>
              {group.topics.map((option) => (
                <option key={option.value} value={topicKey(group.value, option.value)}>
                  {t(option.label)}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </Field>
      {extras === 'all' ? <p className="form-field__hint">{t('For praise or a concern about a visit, and for questions about a menu or allergens, tell us the restaurant; for a visit, also its date, time and any order number.')}</p> : null}
      {showLocation ? <LocationChooser form={form} error={errors.location_rlid} label={labels.location_rlid!} /> : null}
      {showVisit ? (
        <div className="guest-form__row">
          <Field form={FORM} name="visit_date" label={labels.visit_date!} error={errors.visit_date}>
            <input type="date" name="visit_date" {...describedBy(FORM, 'visit_date', errors.visit_date)} defaultValue={value('visit_date')} />
          </Field>
          <Field form={FORM} name="visit_time" label={labels.visit_time!} error={errors.visit_time}>
            <input type="time" name="visit_time" {...describedBy(FORM, 'visit_time', errors.visit_time)} defaultValue={value('visit_time')} />
          </Field>
          <Field form={FORM} name="order_number" label={`${labels.order_number!} ${t('(if you have one)')}`} error={errors.order_number}>
            <input type="text" name="order_number" maxLength={40} {...describedBy(FORM, 'order_number', errors.order_number)} defaultValue={value('order_number')} />
          </Field>
        </div>
      ) : null}
      <div className="guest-form__row">
        <Field form={FORM} name="first_name" label={labels.first_name!} error={errors.first_name}>
          <input type="text" name="first_name" autoComplete="given-name" maxLength={50} required {...describedBy(FORM, 'first_name', errors.first_name)} defaultValue={value('first_name')} />
        </Field>
        <Field form={FORM} name="last_name" label={labels.last_name!} error={errors.last_name}>
          <input type="text" name="last_name" autoComplete="family-name" maxLength={50} required {...describedBy(FORM, 'last_name', errors.last_name)} defaultValue={value('last_name')} />
        </Field>
      </div>
      <div className="guest-form__row">
        <Field form={FORM} name="email" label={labels.email!} error={errors.email}>
          <input type="email" name="email" autoComplete="email" maxLength={254} required {...describedBy(FORM, 'email', errors.email)} defaultValue={value('email')} />
        </Field>
        <Field form={FORM} name="phone" label={labels.phone!} error={errors.phone}>
          <input type="tel" name="phone" autoComplete="tel" maxLength={20} required {...describedBy(FORM, 'phone', errors.phone)} defaultValue={value('phone')} />
        </Field>
      </div>
      <Field form={FORM} name="address_line1" label={labels.address_line1!} error={errors.address_line1}>
        <input type="text" name="address_line1" autoComplete="address-line1" maxLength={100} required {...describedBy(FORM, 'address_line1', errors.address_line1)} defaultValue={value('address_line1')} />
      </Field>
      <div className="guest-form__row">
        <Field form={FORM} name="address_city" label={labels.address_city!} error={errors.address_city}>
          <input type="text" name="address_city" autoComplete="address-level2" maxLength={60} required {...describedBy(FORM, 'address_city', errors.address_city)} defaultValue={value('address_city')} />
        </Field>
        <Field form={FORM} name="address_state" label={labels.address_state!} error={errors.address_state}>
          <input type="text" name="address_state" autoComplete="address-level1" maxLength={40} required {...describedBy(FORM, 'address_state', errors.address_state)} defaultValue={value('address_state')} />
        </Field>
        <Field form={FORM} name="address_zip" label={labels.address_zip!} error={errors.address_zip}>
          <input type="text" name="address_zip" autoComplete="postal-code" maxLength={10} required {...describedBy(FORM, 'address_zip', errors.address_zip)} defaultValue={value('address_zip')} />
        </Field>
      </div>
      <Field form={FORM} name="message" label={labels.message!} error={errors.message}>
        <textarea name="message" rows={6} maxLength={2000} required {...describedBy(FORM, 'message', errors.message)} defaultValue={value('message')} />
      </Field>
      <Captcha form={FORM} captcha={form.captcha} error={errors.captcha} />
      <button type="submit" name={FORM_ACTION} value={ACTIONS.send} className="button button--primary" disabled={sending} aria-disabled={sending || undefined}>
        {sending ? t('Sending…') : t('Send')}
      </button>
    </form>
  );
}

/**
 * The form's location chooser (spec section 4): a search box (200 miles, 6 results, section 9);
 * after a choice, the address with a CHANGE button that reopens the search. Each step is a
 * submit that re-renders the form on the server, so it needs no script.
 */
function LocationChooser({ form, error, label }: { form: ContactFormState; error?: string; label: string }) {
  const t = useT();
  // Enter in a form submits with its first button, the hidden Send: in the search box a keyboard
  // user means Search, so with script Enter presses the Search button instead.
  const searchOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    const search = event.currentTarget.form?.querySelector<HTMLButtonElement>(`button[name="${FORM_ACTION}"][value="${ACTIONS.findLocation}"]`);
    if (!search) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit(search);
  };
  const { selected, query, results } = form.location;
  if (selected) {
    return (
      <fieldset className={`form-field form-location${error ? ' form-field--error' : ''}`} id={`${FORM}-location_rlid`} tabIndex={-1}>
        <legend>{label}</legend>
        <input type="hidden" name="location_rlid" value={String(selected.rlid)} />
        <p className="form-location__address">{selected.address}</p>
        <button type="submit" className="button button--secondary" name={FORM_ACTION} value={ACTIONS.changeLocation} formNoValidate>
          {t('CHANGE')}
        </button>
      </fieldset>
    );
  }
  return (
    <fieldset className={`form-field form-location${error ? ' form-field--error' : ''}`} id={`${FORM}-location_rlid`} tabIndex={-1} aria-describedby={error ? `${FORM}-location_rlid-error` : undefined}>
      <legend>{label}</legend>
      {error ? (
        <p className="form-field__error" id={`${FORM}-location_rlid-error`}>
          {`${t('Error: ')}${t(error)}`}
        </p>
      ) : null}
      <label htmlFor={`${FORM}-location_query`}>{t('City, state or ZIP code')}</label>
      <div className="form-location__search">
        <input type="search" id={`${FORM}-location_query`} name="location_query" maxLength={100} defaultValue={query} onKeyDown={searchOnEnter} />
        <button type="submit" className="button button--secondary" name={FORM_ACTION} value={ACTIONS.findLocation} formNoValidate>
          {t('Search')}
        </button>
      </div>
      {results !== null && results.length === 0 ? <p role="status">{t('Please enter a valid city, state, or ZIP code.')}</p> : null}
      {results && results.length > 0 ? (
        <ul className="form-location__results" aria-label={t('Restaurants near {place}', { values: { place: query } })}>
          {results.map((result, index) => (
            <li key={result.rlid}>
              <input type="radio" id={`${FORM}-location-${result.rlid}`} name="location_rlid" value={String(result.rlid)} defaultChecked={index === 0 && results.length === 1} />
              <label htmlFor={`${FORM}-location-${result.rlid}`}>{result.address}</label>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
