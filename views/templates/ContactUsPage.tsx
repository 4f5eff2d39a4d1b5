import { useEffect, useState, type KeyboardEvent } from 'react';
import type { BlockData } from '../../shared/schemas/page-payload';
import { CONTACT_CATEGORIES, extrasFor, topicKey } from '../../shared/forms/contact-topics';
import { ACTIONS, FORM_ACTION, type ContactFormState } from '../../shared/forms/form-state';
import { BlockBody } from '../blocks/BlockBody';
import {
  Captcha,
  DefaultSendButton,
  describedBy,
  ErrorSummary,
  Field,
  InputField,
  SendButton,
  useSendOnce,
} from '../forms/fields';
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
          {confirmation.length ? (
            <BlockBody blocks={confirmation} />
          ) : (
            <p>{t('We will reply to you as soon as we can.')}</p>
          )}
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
  const { sending, onSubmit } = useSendOnce();
  // After hydration the topic list narrows to the chosen category and extra fields follow the
  // pair; the server's HTML (the same for script and no script) shows every choice.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setEnhanced(true), []);
  const errors = form.errors.fieldErrors;
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
  // The common props of one input: its name, label, error and the value sent last time.
  const field = (name: string) => ({
    form: FORM,
    name,
    label: labels[name]!,
    error: errors[name],
    defaultValue: form.values[name] ?? '',
  });
  const extras = category && topic ? extrasFor(category, topic) : enhanced ? 'none' : 'all';
  const showLocation = extras === 'all' || extras === 'location' || extras === 'visit';
  const showVisit = extras === 'all' || extras === 'visit';
  const categories =
    enhanced && category ? CONTACT_CATEGORIES.filter((candidate) => candidate.value === category) : CONTACT_CATEGORIES;
  return (
    <form
      className="guest-form"
      method="post"
      action={action}
      noValidate
      onSubmit={onSubmit}
      aria-describedby="contact-required-note"
    >
      <DefaultSendButton label={t('Send')} />
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
        <select
          name="topic"
          {...describedBy(FORM, 'topic', errors.topic)}
          value={topic}
          onChange={(event) => setTopic(event.target.value)}
        >
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
      {extras === 'all' ? (
        <p className="form-field__hint">
          {t(
            'For praise or a concern about a visit, and for questions about a menu or allergens, tell us the restaurant; for a visit, also its date, time and any order number.',
          )}
        </p>
      ) : null}
      {showLocation ? <LocationChooser form={form} error={errors.location_rlid} label={labels.location_rlid!} /> : null}
      {showVisit ? (
        <div className="guest-form__row">
          <InputField {...field('visit_date')} type="date" />
          <InputField {...field('visit_time')} type="time" />
          <InputField
            {...field('order_number')}
            label={`${labels.order_number!} ${t('(if you have one)')}`}
            maxLength={40}
          />
        </div>
      ) : null}
      <div className="guest-form__row">
        <InputField {...field('first_name')} autoComplete="given-name" maxLength={50} required />
        <InputField {...field('last_name')} autoComplete="family-name" maxLength={50} required />
      </div>
      <div className="guest-form__row">
        <InputField {...field('email')} type="email" autoComplete="email" maxLength={254} required />
        <InputField {...field('phone')} type="tel" autoComplete="tel" maxLength={30} required />
      </div>
      <InputField {...field('address_line1')} autoComplete="address-line1" maxLength={100} required />
      <div className="guest-form__row">
        <InputField {...field('address_city')} autoComplete="address-level2" maxLength={60} required />
        <InputField {...field('address_state')} autoComplete="address-level1" maxLength={40} required />
        <InputField {...field('address_zip')} autoComplete="postal-code" maxLength={10} required />
      </div>
      <Field form={FORM} name="message" label={labels.message!} error={errors.message}>
        <textarea
          name="message"
          rows={6}
          maxLength={2000}
          required
          {...describedBy(FORM, 'message', errors.message)}
          defaultValue={form.values.message ?? ''}
        />
      </Field>
      <Captcha form={FORM} captcha={form.captcha} error={errors.captcha} />
      <SendButton sending={sending} label={t('Send')} />
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
    const search = event.currentTarget.form?.querySelector<HTMLButtonElement>(
      `button[name="${FORM_ACTION}"][value="${ACTIONS.findLocation}"]`,
    );
    if (!search) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit(search);
  };
  const { selected, query, results } = form.location;
  if (selected) {
    return (
      <fieldset
        className={`form-field form-location${error ? ' form-field--error' : ''}`}
        id={`${FORM}-location_rlid`}
        tabIndex={-1}
      >
        <legend>{label}</legend>
        <input type="hidden" name="location_rlid" value={String(selected.rlid)} />
        <p className="form-location__address">{selected.address}</p>
        <button
          type="submit"
          className="button button--secondary"
          name={FORM_ACTION}
          value={ACTIONS.changeLocation}
          formNoValidate
        >
          {t('CHANGE')}
        </button>
      </fieldset>
    );
  }
  return (
    <fieldset
      className={`form-field form-location${error ? ' form-field--error' : ''}`}
      id={`${FORM}-location_rlid`}
      tabIndex={-1}
      aria-describedby={error ? `${FORM}-location_rlid-error` : undefined}
    >
      <legend>{label}</legend>
      {error ? (
        <p className="form-field__error" id={`${FORM}-location_rlid-error`}>
          {`${t('Error: ')}${t(error)}`}
        </p>
      ) : null}
      <label htmlFor={`${FORM}-location_query`}>{t('City, state or ZIP code')}</label>
      <div className="form-location__search">
        <input
          type="search"
          id={`${FORM}-location_query`}
          name="location_query"
          maxLength={100}
          defaultValue={query}
          onKeyDown={searchOnEnter}
        />
        <button
          type="submit"
          className="button button--secondary"
          name={FORM_ACTION}
          value={ACTIONS.findLocation}
          formNoValidate
        >
          {t('Search')}
        </button>
      </div>
      {results !== null && results.length === 0 ? (
        <p role="status">{t('Please enter a valid city, state, or ZIP code.')}</p>
      ) : null}
      {results && results.length > 0 ? (
        <ul className="form-location__results" aria-label={t('Restaurants near {place}', { values: { place: query } })}>
          {results.map((result, index) => (
            <li key={result.rlid}>
              <input
                type="radio"
                id={`${FORM}-location-${result.rlid}`}
                name="location_rlid"
                value={String(result.rlid)}
                defaultChecked={index === 0 && results.length === 1}
              />
              <label htmlFor={`${FORM}-location-${result.rlid}`}>{result.address}</label>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
