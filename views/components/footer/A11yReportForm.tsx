import type { FormEvent } from 'react';
import { useT } from '../../page-context';

/**
 * 'Report a website accessibility issue:' (spec section 7). With an external feedback service
 * configured, the form posts there in a new window, the page's DOM filled in just before sending.
 * Without one, it is a GET to this site's report page (issue 29): the footer is cached, so it
 * cannot carry a CSRF token; the page it opens has one. Only the address and the screen size go
 * there, never the page's content (it may hold personal data).
 */
export function A11yReportForm({ action, external, pageUrl }: { action: string; external: boolean; pageUrl: string }) {
  const t = useT();
  const fillClientFields = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const set = (name: string, value: string) => {
      const input = form.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = value;
    };
    set('page_url', window.location.href);
    set('dom', document.documentElement.outerHTML);
    set('screen_width', String(window.screen.width));
    set('screen_height', String(window.screen.height));
  };
  return (
    <form
      className="a11y-report"
      method={external ? 'post' : 'get'}
      action={action}
      target={external ? '_blank' : undefined}
      onSubmit={fillClientFields}
    >
      <span className="a11y-report__prompt">{t('Report a website accessibility issue:')}</span>
      <input type="hidden" name="page_url" defaultValue={pageUrl} />
      {external ? <input type="hidden" name="dom" defaultValue="" /> : null}
      <input type="hidden" name="screen_width" defaultValue="" />
      <input type="hidden" name="screen_height" defaultValue="" />
      <button type="submit" className="a11y-report__submit">
        {t('Send a report')}
        {external ? <span className="visually-hidden"> {t('(opens in a new tab)')}</span> : null}
      </button>
    </form>
  );
}
