import { expect } from 'chai';
import request from 'supertest';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';

describe('back office: 403 and 404 inside the admin shell', () => {
  let t: TestApp;
  let agent: SignedInAgent;
  useTestApp({ signIn: true }, (suite) => ({ t, agent } = suite));

  it('renders an unknown admin address as a 404 screen with the menu and a way to the dashboard', async () => {
    const res = await agent.get('/wagtail/no-such-screen/').expect(404);
    expect(res.headers['content-type']).to.match(/^text\/html/);
    expect(res.text)
      .to.include('aria-label="Main"')
      .and.include('<h1>Page not found</h1>')
      .and.include('href="/wagtail/">')
      .and.not.include('Return to Homepage');
  });

  it('renders a refusal raised by a route (a missing page) in the shell too', async () => {
    const res = await agent.get('/wagtail/pages/999999/').expect(404);
    expect(res.text).to.include('aria-label="Main"').and.include('The page does not exist.');
  });

  it('still answers background requests with JSON, and sends signed-out visitors to the login', async () => {
    const json = await agent.get('/wagtail/no-such-screen/').set('Accept', 'application/json').expect(404);
    expect(json.body.error.code).to.equal('not_found');
    const anonymous = await request(t.app).get('/wagtail/no-such-screen/').expect(302);
    expect(anonymous.headers.location).to.equal('/wagtail/login/?next=%2Fwagtail%2Fno-such-screen%2F');
  });
});
