import { useEffect, useState } from 'react';
import { useT } from '../../page-context';
import type { BlockProps } from '../define';
import type { UnsubscribeValue } from './schema';

/** The query parameters of the unsubscribe links in our e-mails (spec section 7). */
export const EMAIL_PARAM = 'utm_unsub';
export const BROADLOG_PARAM = 'blid';

/**
 * The unsubscribe form. The server renders it empty (the page is cached and the same for
 * everyone); on the client the e-mail field is prefilled from ?utm_unsub= and the BroadLogId from
 * ?blid=. Submitting posts the form; the endpoint arrives with the forms issue.
 */
export function UnsubscribeBlock({ id, value }: BlockProps<UnsubscribeValue>) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [broadLogId, setBroadLogId] = useState('');
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const fromLink = params.get(EMAIL_PARAM);
    // The query string is read after hydration so the server's HTML (no e-mail) still matches.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (fromLink) setEmail(fromLink.trim().slice(0, 254));
    setBroadLogId(params.get(BROADLOG_PARAM)?.slice(0, 64) ?? '');
  }, []);
  const inputId = `unsubscribe-email-${id}`;
  return (
    <section className="block-unsubscribe" data-block-type="unsubscribe">
      <h2>{value.heading}</h2>
      {value.intro ? <div dangerouslySetInnerHTML={{ __html: value.intro }} /> : null}
      <form className="block-unsubscribe__form" method="post" action="/api/fcc/unsubscribe/">
        <label htmlFor={inputId}>{t('E-mail address')}</label>
        <input id={inputId} name="Email" type="email" required autoComplete="email" maxLength={254} value={email} onChange={(event) => setEmail(event.target.value)} />
        {broadLogId ? <input type="hidden" name="BroadLogId" value={broadLogId} /> : null}
        <button type="submit" className="button button--primary">
          {value.submit_label}
        </button>
      </form>
    </section>
  );
}
