import request from 'supertest';
import type { Express } from 'express';
import { TEST_ADMIN } from './app';

export function csrfTokenIn(html: string): string {
  const match = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('no csrfmiddlewaretoken field in the page');
  return match[1]!;
}

/** A supertest agent signed in to the back office (cookies kept between requests). */
export async function signedInAgent(app: Express, credentials = TEST_ADMIN) {
  const agent = request.agent(app);
  const form = await agent.get('/wagtail/login/').expect(200);
  await agent
    .post('/wagtail/login/')
    .type('form')
    .send({
      csrfmiddlewaretoken: csrfTokenIn(form.text),
      username: credentials.username,
      password: credentials.password,
    })
    .expect(303);
  return agent;
}
