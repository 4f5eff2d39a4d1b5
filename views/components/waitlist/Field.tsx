import type { ReactNode } from 'react';
import type { FormState } from '../../../shared/schemas/waitlist';
import { useT } from '../../page-context';
import { translateGuestMessage } from './messages';

/** A labelled form field whose error is announced with it (aria-describedby + aria-invalid). */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const t = useT();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`guest-form__field${error ? ' guest-form__field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="guest-form__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {error ? (
        <p className="guest-form__error" id={`${id}-error`}>
          {translateGuestMessage(t, error)}
        </p>
      ) : null}
    </div>
  );
}

export function FormErrors({ form, title }: { form: FormState; title: string }) {
  const t = useT();
  const messages = [...form.nonFieldErrors, ...Object.values(form.fieldErrors)].map((message) =>
    translateGuestMessage(t, message),
  );
  if (messages.length === 0) return null;
  return (
    <div className="guest-form__summary" role="alert">
      <p>{title}</p>
      <ul>
        {[...new Set(messages)].map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

export const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
