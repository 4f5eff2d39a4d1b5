import { expect } from 'chai';
import request from 'supertest';
import { integrationManifestSchema } from '../../shared/schemas/integration-manifest';
import { createTestApp, type TestApp } from '../helpers/app';

describe('/integration-manifest.json', () => {
  let t: TestApp;
  before(async function () {
    this.timeout(120_000);
    t = await createTestApp();
  });
  after(async () => t?.close());

  it('describes the US site on its configured origin and passes its schema', async () => {
    const res = await request(t.app)
      .get('/integration-manifest.json')
      .set('Host', 'localhost:3000')
      .expect(200)
      .expect('Content-Type', /application\/json/);
    expect(res.headers['cache-control']).to.equal('public, max-age=3600');
    const manifest = integrationManifestSchema.parse(res.body);
    expect(manifest.site).to.deep.equal({
      name: 'Harborline Seafood',
      origin: 'http://localhost:3000',
      defaultLanguage: 'en-US',
      languages: [{ code: 'en-US', homeUrl: 'http://localhost:3000/' }],
    });
    expect(manifest.pages.locations).to.equal('http://localhost:3000/locations/');
    expect(manifest.pages.locationsMap).to.equal('http://localhost:3000/locations/map/');
    expect(manifest.limits).to.deep.equal({
      searchRadiusMiles: 200,
      headerListLimit: 26,
      quickSearchLimit: 4,
      formLocationSearchLimit: 6,
    });
    expect(manifest.apis.map((api) => api.name)).to.include.members([
      'getlocations',
      'getlocation',
      'geocode',
      'health',
    ]);
  });

  it('lists the French language of the Canada site, and every URL it names answers', async () => {
    const res = await request(t.app).get('/integration-manifest.json').set('Host', 'ca.localhost:3000').expect(200);
    const manifest = integrationManifestSchema.parse(res.body);
    expect(manifest.site.languages.map((language) => language.code)).to.deep.equal(['en-CA', 'fr-CA']);
    const urls = [
      manifest.discovery.sitemap,
      manifest.discovery.robots,
      manifest.discovery.securityTxt,
      manifest.pages.locations!,
      manifest.pages.locationsMap!,
      ...manifest.site.languages.map((l) => l.homeUrl),
    ];
    for (const url of urls) {
      const { host, pathname, search } = new URL(url);
      expect(host).to.equal('ca.localhost:3000');
      await request(t.app).get(`${pathname}${search}`).set('Host', host).expect(200);
    }
    const getlocations = new URL(manifest.apis.find((api) => api.name === 'getlocations')!.url);
    await request(t.app).get(`${getlocations.pathname}?latitude=45.5&longitude=-73.6&radius=50&limit=4`).expect(200);
  });

  it('takes nothing from a forged Host: an unknown host gets the default site, a malformed one a 400', async () => {
    const res = await request(t.app).get('/integration-manifest.json').set('Host', 'evil.example').expect(200);
    expect(res.body.site.origin).to.equal('http://localhost:3000');
    expect(JSON.stringify(res.body)).not.to.include('evil.example');
    await request(t.app).get('/integration-manifest.json').set('Host', 'bad host!').expect(400);
  });

  it('rejects a manifest that lost a field (the schema test can fail)', () => {
    expect(integrationManifestSchema.safeParse({ manifestVersion: 1 }).success).to.equal(false);
  });
});
