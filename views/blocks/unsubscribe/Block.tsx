import { useEffect, useRef, useState, type FormEvent } from 'react';
import { translateError } from '../../forms/fields';
import { useT } from '../../page-context';
import type { BlockProps } from '../define';
import type { UnsubscribeValue } from './schema';

/** The query parameters of the unsubscribe links in our e-mails (spec section 7). */
export const EMAIL_PARAM = 'utm_unsub';
export const BROADLOG_PARAM = 'blid';
const ENDPOINT = '/api/fcc/unsubscribe/';
const CSRF_ENDPOINT = '/api-nc/csrftoken/';

type Result = { isValid: boolean; errors: string[] };

/**
 * The unsubscribe form (spec sections 4 and 7). The server renders it empty (the page is cached
 * and the same for everyone); on the client the e-mail field is prefilled from ?utm_unsub= and
 * the BroadLogId from ?blid=. Sending fetches a fresh CSRF token, then posts Email and
 * BroadLogId form-encoded with the token in X-CSRFToken; the answer's first error shows under
 * the field, and a valid answer replaces the form with the confirmation.
 */
export function UnsubscribeBlock({ id, value }: BlockProps<UnsubscribeValue>) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [broadLogId, setBroadLogId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [sending, setSending] = useState(false);
  const confirmation = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const fromLink = params.get(EMAIL_PARAM);
    // The query string is read after hydration so the server's HTML (no e-mail) still matches.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (fromLink) setEmail(fromLink.trim().slice(0, 254));
    setBroadLogId(params.get(BROADLOG_PARAM)?.slice(0, 64) ?? '');
  }, []);
  useEffect(() => {
    if (done) confirmation.current?.focus();
  }, [done]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    try {
      const tokenResponse = await fetch(CSRF_ENDPOINT, { credentials: 'same-origin', cache: 'no-store' });
      const { csrf_token: token } = (await tokenResponse.json()) as { csrf_token: string };
      const body = new URLSearchParams({ Email: email });
      if (broadLogId) body.set('BroadLogId', broadLogId);
      const response = await fetch(ENDPOINT, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'X-CSRFToken': token, 'Content-Type': 'application/x-www-form-urlencoded' },
        body,
      });
      const result = (await response.json()) as Partial<Result>;
      if (result.isValid) {
        setError(null);
        setDone(true);
      } else setError(result.errors?.[0] ?? 'Something went wrong. Please try again.');
    } catch {
      setError('Something went wrong. Please try again.');
    } finally {
      setSending(false);
    }
  };

  const inputId = `unsubscribe-email-${id}`;
  const errorId = `${inputId}-error`;
  return (
    <section className="block-unsubscribe" data-block-type="unsubscribe">
      <h2>{value.heading}</h2>
      {value.intro ? <div dangerouslySetInnerHTML={{ __html: value.intro }} /> : null}
      {done ? (
        <p className="block-unsubscribe__confirmation" role="status" tabIndex={-1} ref={confirmation}>
          {t('You have been unsubscribed. It may take up to 5 days for the change to take effect.')}
        </p>
      ) : (
        <form className="block-unsubscribe__form" method="post" action={ENDPOINT} onSubmit={onSubmit} noValidate>
          <label htmlFor={inputId}>{t('E-mail address')}</label>
          {error ? (
            <p className="form-field__error" id={errorId}>
              {`${t('Error: ')}${translateError(t, error)}`}
            </p>
          ) : null}
          <input
            id={inputId}
            name="Email"
            type="email"
            required
            autoComplete="email"
            maxLength={254}
            value={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          {broadLogId ? <input type="hidden" name="BroadLogId" value={broadLogId} /> : null}
          <button type="submit" className="button button--primary" disabled={sending}>
            {value.submit_label}
          </button>
        </form>
      )}
    </section>
  );
}
