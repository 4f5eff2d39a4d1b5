import type { CaptchaView } from './form-state';

/** Where the captcha widget gets a new signed challenge (server/modules/forms/routes.ts serves it). */
export const CAPTCHA_CHALLENGE_URL = '/api/forms/captcha/';

/**
 * The captcha widget's addresses for a page or a panel: the script and style from the configured
 * origin ('' for this site, CAPTCHA_SCRIPT_ORIGIN otherwise), in the page's language.
 */
export function captchaViewFor(scriptOrigin: string, languageCode: string): CaptchaView {
  return {
    challengeUrl: CAPTCHA_CHALLENGE_URL,
    scriptUrl: `${scriptOrigin}/static/altcha/setup.js`,
    styleUrl: `${scriptOrigin}/static/altcha/altcha.css`,
    language: languageCode.startsWith('fr') ? 'fr-ca' : 'en',
  };
}
