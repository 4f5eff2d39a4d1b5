import type { Translate } from '../../../shared/i18n/translator';
import type { WaitEstimate } from '../../../shared/schemas/waitlist';

/** The estimate in the page's language (the API's `text` is English). */
export function waitLabel(t: Translate, estimate: WaitEstimate): string {
  if (!estimate.available) {
    const reasons = {
      'not-offered': t('Wait list not offered'),
      'temporarily-closed': t('Temporarily closed'),
      'dining-room-closed': t('Dining room closed'),
      'outside-hours': t('Closed now'),
      paused: t('Wait list paused'),
    };
    return reasons[estimate.reason];
  }
  return minutesLabel(t, estimate.minutes);
}

export function minutesLabel(t: Translate, minutes: number): string {
  return minutes <= 0 ? t('No wait') : t('{minutes} min', { values: { minutes } });
}
