import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ACTIONS, FORM_ACTION } from '../../shared/forms/form-state';
import type { Translate } from '../../shared/i18n/translator';
import type { CaptchaView, FormErrorsView } from '../../shared/forms/form-state';
import { useT } from '../page-context';

const AT_MOST = /^Ensure this value has at most (\d+) characters\.$/;

/** A server message in the page's language (every message is a catalog key; lengths are a placeholder). */
export function translateError(t: Translate, message: string): string {
  const match = AT_MOST.exec(message);
  return match ? t('Ensure this value has at most {max} characters.', { values: { max: match[1]! } }) : t(message);
}

export const fieldId = (form: string, name: string) => `${form}-${name}`;
export const errorId = (form: string, name: string) => `${form}-${name}-error`;

/**
 * The error summary above a form (spec section 5): every field error as a link to its field and
 * the non-field errors. On arrival focus and scroll move to it, so a screen reader reads it first.
 */
export function ErrorSummary({
  form,
  errors,
  labels,
}: {
  form: string;
  errors: FormErrorsView;
  labels: Record<string, string>;
}) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const fieldEntries = Object.entries(errors.fieldErrors).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  const any = fieldEntries.length > 0 || errors.nonFieldErrors.length > 0;
  useEffect(() => {
    if (!any || !ref.current) return;
    ref.current.focus();
    ref.current.scrollIntoView({ block: 'start' });
  }, [any]);
  if (!any) return null;
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} role="alert" aria-labelledby={`${form}-error-summary-title`}>
      <h2 id={`${form}-error-summary-title`} className="error-summary__title">
        {t('There is a problem')}
      </h2>
      <ul className="error-summary__list">
        {errors.nonFieldErrors.map((message) => (
          <li key={message}>{`${t('Error: ')}${translateError(t, message)}`}</li>
        ))}
        {fieldEntries.map(([name, message]) => (
          <li key={name}>
            <a
              href={`#${fieldId(form, name)}`}
            >{`${labels[name] ? `${labels[name]}: ` : ''}${translateError(t, message)}`}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One field: label, optional hint, the 'Error: ' message (spec section 8), then the input. */
export function Field({
  form,
  name,
  label,
  error,
  hint,
  children,
  className,
}: {
  form: string;
  name: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
  className?: string;
}) {
  const t = useT();
  return (
    <div className={`form-field${error ? ' form-field--error' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={fieldId(form, name)}>{label}</label>
      {hint ? (
        <p className="form-field__hint" id={`${fieldId(form, name)}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="form-field__error" id={errorId(form, name)}>
          {`${t('Error: ')}${translateError(t, error)}`}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/** aria attributes of an input with an optional error and hint. */
export function describedBy(form: string, name: string, error: string | undefined, hint = false) {
  const ids = [hint ? `${fieldId(form, name)}-hint` : '', error ? errorId(form, name) : ''].filter(Boolean).join(' ');
  return {
    id: fieldId(form, name),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids || undefined,
  } as const;
}

type InputFieldProps = {
  form: string;
  name: string;
  label: string;
  error?: string;
  defaultValue: string;
  type?: 'text' | 'email' | 'tel' | 'date' | 'time';
  autoComplete?: string;
  maxLength?: number;
  required?: boolean;
};

/** A labelled one-line input with its error, the shape of most guest-form fields. */
export function InputField({
  form,
  name,
  label,
  error,
  defaultValue,
  type = 'text',
  autoComplete,
  maxLength,
  required,
}: InputFieldProps) {
  return (
    <Field form={form} name={name} label={label} error={error}>
      <input
        type={type}
        name={name}
        autoComplete={autoComplete}
        maxLength={maxLength}
        required={required}
        {...describedBy(form, name, error)}
        defaultValue={defaultValue}
      />
    </Field>
  );
}

export type Choice = { value: string; label: string };

/** A labelled select whose first option (empty value) is a prompt such as 'Month'. */
export function SelectField({
  form,
  name,
  label,
  error,
  defaultValue,
  prompt,
  choices,
}: {
  form: string;
  name: string;
  label: string;
  error?: string;
  defaultValue: string;
  prompt: string;
  choices: readonly Choice[];
}) {
  return (
    <Field form={form} name={name} label={label} error={error}>
      <select name={name} {...describedBy(form, name, error)} defaultValue={defaultValue}>
        <option value="">{prompt}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A checkbox with its label after it and its error above (the error names what to tick). */
export function CheckboxField({
  form,
  name,
  label,
  error,
  defaultChecked,
}: {
  form: string;
  name: string;
  label: string;
  error?: string;
  defaultChecked: boolean;
}) {
  const t = useT();
  return (
    <div className={`form-field form-field--checkbox${error ? ' form-field--error' : ''}`}>
      {error ? (
        <p className="form-field__error" id={errorId(form, name)}>
          {`${t('Error: ')}${translateError(t, error)}`}
        </p>
      ) : null}
      <input type="checkbox" name={name} {...describedBy(form, name, error)} defaultChecked={defaultChecked} />
      <label htmlFor={fieldId(form, name)}>{label}</label>
    </div>
  );
}

/**
 * A guest form's send handling (spec section 4): the first send locks the button and blocks
 * further submits; the form's other buttons (search, add a row...) stay usable.
 */
export function useSendOnce(): { sending: boolean; onSubmit: (event: FormEvent<HTMLFormElement>) => void } {
  const [sending, setSending] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (sending) {
      event.preventDefault();
      return;
    }
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (!submitter || submitter.value === ACTIONS.send) setSending(true);
  };
  return { sending, onSubmit };
}

/** Enter in any field sends the form: the first submit button is the default one, so this goes first. */
export function DefaultSendButton({ label }: { label: string }) {
  return (
    <button
      type="submit"
      name={FORM_ACTION}
      value={ACTIONS.send}
      className="visually-hidden"
      tabIndex={-1}
      aria-hidden="true"
    >
      {label}
    </button>
  );
}

/** The visible send button, locked (and saying so) once sending. */
export function SendButton({ sending, label }: { sending: boolean; label: string }) {
  const t = useT();
  return (
    <button
      type="submit"
      name={FORM_ACTION}
      value={ACTIONS.send}
      className="button button--primary"
      disabled={sending}
      aria-disabled={sending || undefined}
    >
      {sending ? t('Sending…') : label}
    </button>
  );
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': { challenge?: string; name?: string; language?: string; id?: string; children?: ReactNode };
    }
  }
}

/** Adds the widget's style sheet and module script to the document once (a failure to load is logged only, spec section 8). */
function loadCaptchaAssets(captcha: CaptchaView): void {
  if (document.querySelector('script[data-captcha]')) return;
  const style = document.createElement('link');
  style.rel = 'stylesheet';
  style.href = captcha.styleUrl;
  document.head.append(style);
  const script = document.createElement('script');
  script.type = 'module';
  script.src = captcha.scriptUrl;
  script.dataset.captcha = '';
  script.addEventListener('error', () => console.warn('the captcha script failed to load'));
  document.head.append(script);
}

/**
 * The captcha: ALTCHA's widget (proof of work in the browser, no puzzle), its script and style
 * from the configured origin. Without JavaScript it cannot run, and the form says so.
 */
export function Captcha({ form, captcha, error }: { form: string; captcha: CaptchaView; error?: string }) {
  const t = useT();
  // The widget fills its own element when its script runs, which may be before hydration: it is
  // drawn only once hydrated, so the server's HTML and the first client render agree.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    loadCaptchaAssets(captcha);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- drawn only after hydration, on purpose
    setHydrated(true);
  }, [captcha]);
  return (
    <div
      className={`form-field form-field--captcha${error ? ' form-field--error' : ''}`}
      id={fieldId(form, 'captcha')}
      tabIndex={-1}
    >
      {error ? (
        <p className="form-field__error" id={errorId(form, 'captcha')}>
          {`${t('Error: ')}${translateError(t, error)}`}
        </p>
      ) : null}
      {hydrated ? <altcha-widget challenge={captcha.challengeUrl} name="captcha" language={captcha.language} /> : null}
      <noscript>
        <p className="form-field__hint">
          {t(
            'This form checks that you are not a robot with a small calculation in your browser. Please turn on JavaScript to send it.',
          )}
        </p>
      </noscript>
    </div>
  );
}
