import { expect } from 'chai';
import request from 'supertest';
import { haversineMiles } from '../../shared/locations/geo';
import { geocodeResponseSchema, locationListResponseSchema } from '../../shared/schemas/locations';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

function pageData(html: string) {
  const match = /<script type="application\/json" id="page-data"[^>]*>(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no page-data script');
  return JSON.parse(match[1]!);
}

describe('geocoder and region search through the finder API', () => {
  let t: TestApp;
  useTestApp({}, (suite) => ({ t } = suite));

  const geocode = async (query: Record<string, string>) => {
    const res = await request(t.app).get('/api/location/geocode/').query(query).expect(200);
    return geocodeResponseSchema.parse(res.body).results;
  };

  const restaurantsIn = (country: string, state: string) =>
    t.db
      .selectFrom('locations')
      .select(['rlid', 'latitude', 'longitude'])
      .where('country', '=', country)
      .where('state', '=', state)
      .execute();

  it("finds the issue's places: New York, Washington, states by name or abbreviation", async () => {
    expect((await geocode({ q: 'New York, NY' }))[0]).to.include({ kind: 'city', state: 'NY' });
    expect((await geocode({ q: 'new york' }))[0]).to.include({ kind: 'city', city: 'New York City' });
    expect((await geocode({ q: 'Washington, DC' }))[0]).to.include({ state: 'DC' });
    for (const q of ['Texas', 'TX', 'Ohio', 'Florida', 'Nouvelle-Écosse']) {
      expect((await geocode({ q }))[0], q).to.include({ kind: 'region' });
    }
    expect((await geocode({ q: 'Vancouver', country: 'US' }))[0]).to.include({ state: 'WA' });
    expect((await geocode({ q: 'Vancouver', country: 'CA' }))[0]).to.include({ state: 'BC' });
  });

  it('answers bad input with an empty list or a 400 that says what is wrong, never a 5xx', async () => {
    for (const q of ['x'.repeat(1000), '🦞🦀', "'; DROP TABLE locations; --", '東京', 'Atlantis, ZZ']) {
      expect(await geocode({ q }), q.slice(0, 20)).to.deep.equal([]);
    }
    // Past the request line's limit the server refuses the URL itself, before the geocoder.
    await request(t.app)
      .get('/api/location/geocode/')
      .query({ q: 'x'.repeat(9000) })
      .expect(414);
    const blank = await request(t.app).get('/api/location/geocode/').query({ q: '   ' }).expect(400);
    expect(blank.body.error.fields.q).to.match(/required/);
    const country = await request(t.app)
      .get('/api/location/geocode/')
      .query({ q: 'Orlando', country: 'FR' })
      .expect(400);
    expect(country.body.error.fields).to.have.property('country');
  });

  it('lists every restaurant IN a searched state, nearest its centre first, however far from the centre', async () => {
    const [texas] = await geocode({ q: 'Texas' });
    const centre = { latitude: texas!.geometry.location.lat, longitude: texas!.geometry.location.lng };
    const inTexas = await restaurantsIn('US', 'TX');
    expect(inTexas.length, 'demo restaurants in Texas').to.be.greaterThan(5);
    const far = inTexas.filter((row) => haversineMiles(centre, row) > 100);
    expect(far.length, 'Texas restaurants more than 100 miles from its centre').to.be.greaterThan(0);
    const res = await request(t.app)
      .get('/api/location/getlocations/')
      .query({ ...centre, radius: '100', limit: '50', state: 'tx', country: 'US' })
      .expect(200);
    const body = locationListResponseSchema.parse(res.body);
    expect(body.totalLocations).to.equal(inTexas.length);
    expect(body.locations).to.have.length(Math.min(50, inTexas.length));
    for (const { location } of body.locations) expect([location.country, location.state]).to.deep.equal(['US', 'TX']);
    const distances = body.locations.map((l) => l.distance);
    expect(distances).to.deep.equal([...distances].sort((a, b) => a - b));
    expect(Math.max(...distances)).to.be.greaterThan(100);
  });

  it('refuses a region search that is half given or not a code', async () => {
    const base = { latitude: '31', longitude: '-99' };
    const half = await request(t.app)
      .get('/api/location/getlocations/')
      .query({ ...base, state: 'TX' })
      .expect(400);
    expect(half.body.error.fields).to.have.property('state');
    await request(t.app)
      .get('/api/location/getlocations/')
      .query({ ...base, state: 'Texas', country: 'US' })
      .expect(400);
    await request(t.app)
      .get('/api/location/getlocations/')
      .query({ ...base, state: 'TX', country: 'MX' })
      .expect(400);
  });

  it("lists a province's restaurants on the map page, and searches overlong text as nothing found", async () => {
    const res = await request(t.app).get('/locations/map/').query({ q: 'Ohio' }).expect(200);
    const results = pageData(res.text).page.extra.results as Array<{ location: { state: string } }>;
    const inOhio = await restaurantsIn('US', 'OH');
    expect(results).to.have.length(Math.min(26, inOhio.length));
    expect(results.every((r) => r.location.state === 'OH')).to.equal(true);
    const ca = await request(t.app).get('/locations/map/').set('Host', 'ca.localhost:3000').query({ q: 'Québec' });
    expect(ca.status).to.equal(200);
    const quebec = pageData(ca.text).page.extra.results as Array<{ location: { state: string } }>;
    expect(quebec.length).to.be.greaterThan(0);
    expect(quebec.every((r) => r.location.state === 'QC')).to.equal(true);
    const long = await request(t.app)
      .get('/locations/map/')
      .query({ q: 'x'.repeat(1000) })
      .expect(200);
    expect(pageData(long.text).page.extra.results).to.deep.equal([]);
    expect(long.text).to.include('Please enter a valid city, state, or ZIP code.');
  });
});
