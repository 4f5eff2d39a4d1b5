import type { FormEvent } from 'react';
import { useT } from '../../page-context';

/**
 * 'Report a website accessibility issue:' posts to the external feedback service in a new window
 * (spec section 7). The page url is known on the server; the DOM and screen size are filled in
 * just before the browser submits.
 */
export function A11yReportForm({ action, pageUrl }: { action: string; pageUrl: string }) {
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
    <form className="a11y-report" method="post" action={action} target="_blank" onSubmit={fillClientFields}>
      <span className="a11y-report__prompt">{t('Report a website accessibility issue:')}</span>
      <input type="hidden" name="page_url" defaultValue={pageUrl} />
      <input type="hidden" name="dom" defaultValue="" />
      <input type="hidden" name="screen_width" defaultValue="" />
      <input type="hidden" name="screen_height" defaultValue="" />
      <button type="submit" className="a11y-report__submit">
        {t('Send a report')}
        <span className="visually-hidden"> {t('(opens in a new tab)')}</span>
      </button>
    </form>
  );
}
