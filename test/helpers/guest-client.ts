import type { Express } from 'express';
import request from 'supertest';
import { solvedCaptcha } from './captcha';

export type GuestClient = {
  agent: ReturnType<typeof request.agent>;
  /** The session's CSRF token (for form posts). */
  token: string;
  /** A fresh solved captcha answer (each is accepted once). */
  captcha(): Promise<string>;
  /** The session cookie's value as set (signed, URL-encoded). */
  sessionCookie: string;
};

/**
 * A guest's browser as the panels make it: it fetched /api-nc/csrftoken/ (so it has a session
 * cookie, the client its Idempotency-Keys belong to) and solves a captcha for each send.
 */
export async function guestClient(app: Express, host = 'localhost:3000'): Promise<GuestClient> {
  const agent = request.agent(app);
  const res = await agent.get('/api-nc/csrftoken/').set('Host', host).expect(200);
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const session = cookies.map((line) => /^sessionid=([^;]+)/.exec(line)?.[1]).find(Boolean);
  if (!session) throw new Error('/api-nc/csrftoken/ set no session cookie');
  return {
    agent,
    token: res.body.csrf_token as string,
    captcha: () => solvedCaptcha(agent, host),
    sessionCookie: session,
  };
}
