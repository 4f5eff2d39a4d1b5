import type { BlockData } from '../../shared/schemas/page-payload';
import {
  CONSENT_WORDING,
  MONTHS,
  OCCASION_CHOICES,
  RELATIONSHIP_CHOICES,
  TERMS_WORDING,
} from '../../shared/forms/contact-topics';
import { ACTIONS, FORM_ACTION, type SignupFormState } from '../../shared/forms/form-state';
import { BlockBody } from '../blocks/BlockBody';
import {
  Captcha,
  CheckboxField,
  DefaultSendButton,
  ErrorSummary,
  InputField,
  SelectField,
  SendButton,
  useSendOnce,
  type Choice,
} from '../forms/fields';
import { SignupConfirmation } from '../forms/SignupConfirmation';
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
      {form?.confirmed ? (
        <section className="form-confirmation" aria-labelledby="signup-done-title">
          <h2 id="signup-done-title">{t('You are on the list')}</h2>
          {confirmation.length ? (
            <BlockBody blocks={confirmation} />
          ) : (
            <p>{t('Watch your inbox for your welcome offer.')}</p>
          )}
        </section>
      ) : form?.sent ? (
        <section className="form-confirmation" aria-labelledby="signup-sent-title">
          <h2 id="signup-sent-title">{t('Check your inbox')}</h2>
          <p>
            {t(
              'We sent a link to the address you gave. Open it within 48 hours to confirm your subscription; until then nothing is saved. If it does not arrive, check your junk mail folder.',
            )}
          </p>
        </section>
      ) : form?.confirmation ? (
        <SignupConfirmation confirmation={form.confirmation} action={page.url} csrfToken={form.csrfToken} />
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
  const { sending, onSubmit } = useSendOnce();
  const errors = form.errors.fieldErrors;
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
  // Required fields carry '*' after their label (the note above the form explains it).
  const required = (name: string) => ({
    form: FORM,
    name,
    label: `${labels[name]!}*`,
    error: errors[name],
    defaultValue: form.values[name] ?? '',
    required: true,
  });
  const months = MONTHS.map((month, index) => ({ value: String(index + 1), label: t(month) }));
  const days = Array.from({ length: 31 }, (_, index) => ({ value: String(index + 1), label: String(index + 1) }));
  const translated = (choices: readonly Choice[]) =>
    choices.map((choice) => ({ value: choice.value, label: t(choice.label) }));
  return (
    <form
      className="guest-form"
      method="post"
      action={action}
      noValidate
      onSubmit={onSubmit}
      aria-describedby="signup-required-note"
    >
      <DefaultSendButton label={t('Sign Up')} />
      <p className="guest-form__note" id="signup-required-note">
        {t('*Required')}
      </p>
      <ErrorSummary form={FORM} errors={form.errors} labels={labels} />
      <input type="hidden" name="csrfmiddlewaretoken" value={form.csrfToken} />
      <div className="guest-form__row">
        <InputField {...required('first_name')} autoComplete="given-name" maxLength={50} />
        <InputField {...required('last_name')} autoComplete="family-name" maxLength={50} />
      </div>
      <div className="guest-form__row">
        <InputField {...required('email')} type="email" autoComplete="email" maxLength={254} />
        <InputField {...required('postcode')} autoComplete="postal-code" maxLength={10} />
      </div>
      <fieldset className="guest-form__group">
        <legend>{t('Your birthday, for a birthday treat')}</legend>
        <div className="guest-form__row">
          <SelectField
            form={FORM}
            name="birthday_month"
            label={labels.birthday_month!}
            error={errors.birthday_month}
            defaultValue={form.values.birthday_month ?? ''}
            prompt={t('Month')}
            choices={months}
          />
          <SelectField
            form={FORM}
            name="birthday_day"
            label={labels.birthday_day!}
            error={errors.birthday_day}
            defaultValue={form.values.birthday_day ?? ''}
            prompt={t('Day')}
            choices={days}
          />
        </div>
      </fieldset>
      <fieldset className="guest-form__group occasions">
        <legend>{t('Occasions to celebrate')}</legend>
        <input type="hidden" name={`${occasions.prefix}-TOTAL_FORMS`} value={String(occasions.totalFormCount)} />
        <input type="hidden" name={`${occasions.prefix}-INITIAL_FORMS`} value={String(occasions.initialFormCount)} />
        <input type="hidden" name={`${occasions.prefix}-MIN_NUM_FORMS`} value="0" />
        <input type="hidden" name={`${occasions.prefix}-MAX_NUM_FORMS`} value={String(occasions.maxNum)} />
        {occasions.rows.map((row, index) => {
          const rowErrors = occasions.rowErrors[index] ?? {};
          const number = index + 1;
          // One select of this row: formset names (prefix-index-field) like Django's.
          const select = (field: 'occasion' | 'relationship' | 'month' | 'day', label: string) => ({
            form: FORM,
            name: `${occasions.prefix}-${index}-${field}`,
            label,
            error: rowErrors[field],
            defaultValue: row[field] ?? '',
          });
          return (
            <div
              className="occasions__row"
              key={index}
              role="group"
              aria-label={t('Occasion {number}', { values: { number } })}
            >
              <SelectField
                {...select('occasion', t('Occasion'))}
                prompt={t('Select')}
                choices={translated(OCCASION_CHOICES)}
              />
              <SelectField
                {...select('relationship', t('Relationship'))}
                prompt={t('Select')}
                choices={translated(RELATIONSHIP_CHOICES)}
              />
              <SelectField {...select('month', t('Month'))} prompt={t('Month')} choices={months} />
              <SelectField {...select('day', t('Day'))} prompt={t('Day')} choices={days} />
              {occasions.rows.length > 1 ? (
                <button
                  type="submit"
                  className="button button--secondary occasions__remove"
                  name={FORM_ACTION}
                  value={`${ACTIONS.removeOccasion}-${index}`}
                  formNoValidate
                >
                  {t('Remove occasion {number}', { values: { number } })}
                </button>
              ) : null}
            </div>
          );
        })}
        {occasions.totalFormCount < occasions.maxNum ? (
          <button
            type="submit"
            className="button button--secondary"
            name={FORM_ACTION}
            value={ACTIONS.addOccasion}
            formNoValidate
          >
            {t('Add')}
          </button>
        ) : null}
      </fieldset>
      <CheckboxField
        form={FORM}
        name="terms"
        label={`${t(TERMS_WORDING)}*`}
        error={errors.terms}
        defaultChecked={form.values.terms === 'on'}
      />
      <CheckboxField
        form={FORM}
        name="consent"
        label={`${t(CONSENT_WORDING)}*`}
        error={errors.consent}
        defaultChecked={form.values.consent === 'on'}
      />
      <Captcha form={FORM} captcha={form.captcha} error={errors.captcha} />
      <SendButton sending={sending} label={t('Sign Up')} />
    </form>
  );
}
