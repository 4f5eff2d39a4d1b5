import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Agent } from 'supertest';
import { newChallenge, type CaptchaOptions } from '../../server/modules/forms/captcha';

/** Fetches a challenge from the site and solves it as the widget does (the test server's cost is the least). */
export async function solvedCaptcha(agent: Pick<Agent, 'get'>, host = 'localhost:3000'): Promise<string> {
  const res = await agent.get('/api/forms/captcha/').set('Host', host).expect(200);
  const challenge = res.body as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the captcha challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A solved captcha made without HTTP, for tests that call the wait-list services directly. */
export async function solvedCaptchaWith(options: CaptchaOptions): Promise<string> {
  const challenge = await newChallenge(options);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the captcha challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
