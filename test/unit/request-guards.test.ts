import { expect } from 'chai';
import express, { type Request } from 'express';
import request from 'supertest';
import { requestGuards } from '../../server/http/request-guards';
import { requestHost } from '../../server/http/host';

function guardedApp() {
  const app = express();
  app.set('trust proxy', 1);
  const hosts: Array<{ first: unknown; second: unknown }> = [];
  app.use(requestGuards);
  app.get('/', (req, res) => {
    hosts.push({ first: requestHost(req), second: requestHost(req) });
    res.send('ok');
  });
  app.use(
    (error: { status?: number; code?: string }, _req: Request, res: express.Response, _next: express.NextFunction) => {
      res.status(error.status ?? 500).send(error.code ?? 'error');
    },
  );
  return { app, hosts };
}

describe('request guards: client address and host, checked once per request', () => {
  it('a valid address remembered from one request does not let a bad one through', async () => {
    const { app } = guardedApp();
    await request(app).get('/').set('X-Forwarded-For', '2001:db8::1').expect(200);
    await request(app).get('/').set('X-Forwarded-For', '2001:db8::1').expect(200);
    expect((await request(app).get('/').set('X-Forwarded-For', '2001:db8::zz').expect(400)).text).to.equal(
      'bad_forwarded_for',
    );
    expect((await request(app).get('/').set('X-Forwarded-For', '').expect(200)).text).to.equal('ok');
    await request(app).get('/').set('X-Forwarded-For', '198.51.100.7').expect(200);
    expect((await request(app).get('/').set('X-Forwarded-For', '198.51.100.700').expect(400)).text).to.equal(
      'bad_forwarded_for',
    );
    await request(app).get('/').set('X-Forwarded-For', '2001:db8::1').expect(200);
  });

  it('the host is parsed once per request, and a bad host is refused every time', async () => {
    const { app, hosts } = guardedApp();
    await request(app).get('/').set('Host', 'ca.localhost:3000').expect(200);
    await request(app).get('/').set('Host', 'us.localhost').expect(200);
    expect(hosts.map(({ first }) => first)).to.deep.equal([
      { hostname: 'ca.localhost', port: 3000 },
      { hostname: 'us.localhost', port: 80 },
    ]);
    for (const { first, second } of hosts) expect(second).to.equal(first);
    for (let i = 0; i < 2; i++)
      expect((await request(app).get('/').set('Host', 'bad host!').expect(400)).text).to.equal('bad_host');
  });

  it('a request that names no valid host throws on each ask', () => {
    const req = { protocol: 'http', host: 'bad host!' } as unknown as Request;
    expect(() => requestHost(req)).to.throw(/not a valid host/);
    expect(() => requestHost(req)).to.throw(/not a valid host/);
  });
});
