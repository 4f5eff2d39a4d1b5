import type { Config } from '../../config';
import type { CaptchaView } from '../../../shared/forms/form-state';
import type { CaptchaOptions } from './captcha';

/** Where the captcha widget fetches a fresh challenge (formApiRoutes serves it). */
export const CAPTCHA_CHALLENGE_PATH = '/api/forms/captcha/';

export function captchaOptions(config: Config): CaptchaOptions {
  // Tests solve hundreds of challenges, in Node and in Chromium: a hundredth of the work (the
  // protocol is the same); people's browsers do 5,000 to 10,000 derivations of cost 40.
  return config.env === 'test'
    ? { secret: config.sessionSecret, cost: 1, counter: [50, 100] }
    : { secret: config.sessionSecret, cost: 40, counter: [5_000, 10_000] };
}

export function captchaView(config: Config, languageCode: string): CaptchaView {
  const origin = config.captchaScriptOrigin ?? '';
  return {
    challengeUrl: CAPTCHA_CHALLENGE_PATH,
    scriptUrl: `${origin}/static/altcha/setup.js`,
    styleUrl: `${origin}/static/altcha/altcha.css`,
    language: languageCode.startsWith('fr') ? 'fr-ca' : 'en',
  };
}
