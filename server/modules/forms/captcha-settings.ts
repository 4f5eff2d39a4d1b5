import type { Config } from '../../config';
import type { CaptchaView } from '../../../shared/forms/form-state';
import type { CaptchaOptions } from './captcha';

/** Where the captcha widget fetches a fresh challenge (formApiRoutes serves it). */
export const CAPTCHA_CHALLENGE_PATH = '/api/forms/captcha/';

export function captchaOptions(config: Config): CaptchaOptions {
  // Tests solve challenges in Node: the least work; people's browsers do a little more.
  return { secret: config.sessionSecret, cost: config.env === 'test' ? 1 : 40 };
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
