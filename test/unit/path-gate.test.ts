import { expect } from 'chai';
import express, { Router } from 'express';
import request from 'supertest';
import { gated, scopeTest } from '../../server/http/path-gate';

describe('path gate (routers mounted at / skipped outside their paths)', () => {
  it('refuses scopes it would get wrong', () => {
    expect(() => scopeTest([])).to.throw(/at least one prefix/);
    expect(() => scopeTest(['robots.txt'])).to.throw(/must start with '\/'/);
    expect(() => scopeTest(['/api/ht/'])).to.throw(/must not end with '\/'/);
    expect(() => scopeTest(['/'])).to.throw(/every path/);
    expect(() => scopeTest(/\/blocks/g)).to.throw(/global or sticky/);
    expect(() => scopeTest(/\/blocks/y)).to.throw(/global or sticky/);
  });

  it('tests prefixes case-insensitively and literally', () => {
    const test = scopeTest(['/api/ht', '/sitemap.xml']);
    expect(test.test('/api/ht/')).to.equal(true);
    expect(test.test('/API/HT')).to.equal(true);
    expect(test.test('/sitemap.xml')).to.equal(true);
    // The dot is a dot, not any character.
    expect(test.test('/sitemapxxml')).to.equal(false);
    expect(test.test('/x/api/ht/')).to.equal(false);
    expect(test.test('/')).to.equal(false);
  });

  function appWith(scope: Parameters<typeof gated>[0]) {
    const router = Router();
    let walked = 0;
    router.use((_req, _res, next) => {
      walked++;
      next();
    });
    router.get('/robots.txt', (_req, res) => res.type('text').send('robots'));
    router.get('/api/ht/', (_req, res) => res.json({ ok: true }));
    router.get('/api/fails/', async () => {
      throw new Error('rejected');
    });
    const app = express();
    app.use(gated(scope, router));
    app.get(/.*/, (_req, res) => res.send('page'));
    app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(500).send(`error: ${error.message}`);
    });
    return { app, router, walked: () => walked };
  }

  it('answers what the router answered inside the scope (trailing slash, case, HEAD, OPTIONS, errors)', async () => {
    const { app, walked } = appWith(['/robots.txt', '/api']);
    expect((await request(app).get('/robots.txt').expect(200)).text).to.equal('robots');
    expect((await request(app).get('/robots.txt/').expect(200)).text).to.equal('robots');
    expect((await request(app).get('/ROBOTS.TXT').expect(200)).text).to.equal('robots');
    await request(app).get('/api/ht').expect(200, { ok: true });
    await request(app).head('/api/ht/').expect(200);
    const options = await request(app).options('/api/ht/').expect(200);
    expect(options.headers.allow).to.equal('GET, HEAD');
    expect((await request(app).get('/api/fails/').expect(500)).text).to.equal('error: rejected');
    expect(walked()).to.equal(7);
  });

  it('skips the router outside the scope, and the next route answers', async () => {
    const { app, walked } = appWith(['/robots.txt', '/api']);
    expect((await request(app).get('/').expect(200)).text).to.equal('page');
    expect((await request(app).get('/about/').expect(200)).text).to.equal('page');
    expect(walked()).to.equal(0);
  });

  it('a scope narrower than the routes would change answers (what the route test guards against)', async () => {
    const { app } = appWith(['/api']);
    expect((await request(app).get('/robots.txt').expect(200)).text).to.equal('page');
  });

  it('keeps the router stack readable for route listings', () => {
    const { app, router } = appWith(['/api']);
    const top = (app as unknown as { router: { stack: Array<{ handle: { stack?: unknown } }> } }).router.stack;
    expect(top.some((layer) => layer.handle.stack === router.stack)).to.equal(true);
  });
});
