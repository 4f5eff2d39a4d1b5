import { expect } from 'chai';
import request from 'supertest';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

describe('health checks', () => {
  let t: TestApp;
  useTestApp({ seed: false }, (suite) => ({ t } = suite));

  it('reports every check at /api/ht/', async () => {
    const res = await request(t.app).get('/api/ht/').expect(200);
    expect(res.body.status).to.equal('ok');
    expect(res.body.checks).to.have.keys(['database', 'storage']);
  });

  it('runs one subset at /api/ht/{subset}/ and 404s unknown subsets as JSON', async () => {
    const res = await request(t.app).get('/api/ht/database/').expect(200);
    expect(res.body.checks).to.have.keys(['database']);
    const unknown = await request(t.app).get('/api/ht/nope/').expect(404);
    expect(unknown.body.error.code).to.equal('unknown_subset');
  });

  it('answers the load balancer under /admin/', async () => {
    await request(t.app).get('/admin/lb-heartbeat/').expect(200, 'ok');
  });

  it('answers unknown API paths with JSON 404', async () => {
    const res = await request(t.app).get('/api/nothing/here/').expect(404);
    expect(res.body.error.code).to.equal('not_found');
  });
});
