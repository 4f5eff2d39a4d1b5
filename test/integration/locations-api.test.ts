import { expect } from 'chai';
import request from 'supertest';
import { haversineMiles } from '../../shared/locations/geo';
import { geocodeResponseSchema, locationListResponseSchema, locationSchema } from '../../shared/schemas/locations';
import { countLocations } from '../../server/modules/locations/repo';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

const ORLANDO = { latitude: '28.5383', longitude: '-81.3792' };

describe('location API', () => {
  let t: TestApp;
  useTestApp({}, (suite) => ({ t } = suite));

  it('seeds about 700 demo restaurants in the US and Canada', async () => {
    const count = await countLocations(t.db);
    expect(count).to.be.within(650, 760);
  });

  it('lists the nearest locations first, in miles, within the radius and the limit', async () => {
    const res = await request(t.app)
      .get('/api/location/getlocations/')
      .query({ ...ORLANDO, radius: '200', limit: '26' })
      .expect(200);
    const body = locationListResponseSchema.parse(res.body);
    expect(body.locations).to.have.length(26);
    expect(body.totalLocations).to.be.greaterThan(26);
    expect(body.currentLocation).to.deep.equal({ latitude: 28.5383, longitude: -81.3792 });
    const distances = body.locations.map((l) => l.distance);
    expect(distances).to.deep.equal([...distances].sort((a, b) => a - b));
    expect(body.locations[0]!.location.city).to.equal('Orlando');
    for (const { distance, location } of body.locations) {
      expect(distance).to.be.at.most(200);
      const expected = haversineMiles({ latitude: 28.5383, longitude: -81.3792 }, location);
      expect(distance).to.be.closeTo(expected, 0.01);
    }
  });

  it('answers without the trailing slash, with defaults for radius and limit', async () => {
    const res = await request(t.app).get('/api/location/getlocations').query(ORLANDO).expect(200);
    const body = locationListResponseSchema.parse(res.body);
    expect(body.locations).to.have.length(26);
  });

  it('honours small limits and radii, and finds nothing in the middle of the ocean', async () => {
    const four = await request(t.app)
      .get('/api/location/getlocations/')
      .query({ ...ORLANDO, limit: '4' })
      .expect(200);
    expect(four.body.locations).to.have.length(4);
    const tight = await request(t.app)
      .get('/api/location/getlocations/')
      .query({ ...ORLANDO, radius: '5', limit: '50' })
      .expect(200);
    for (const entry of tight.body.locations) expect(entry.distance).to.be.at.most(5);
    expect(tight.body.totalLocations).to.equal(tight.body.locations.length);
    const ocean = await request(t.app)
      .get('/api/location/getlocations/')
      .query({ latitude: '30', longitude: '-40' })
      .expect(200);
    expect(ocean.body).to.deep.equal({
      totalLocations: 0,
      locations: [],
      currentLocation: { latitude: 30, longitude: -40 },
    });
  });

  it('finds Canadian restaurants around Toronto', async () => {
    const res = await request(t.app)
      .get('/api/location/getlocations/')
      .query({ latitude: '43.65', longitude: '-79.38', limit: '6' })
      .expect(200);
    expect(res.body.locations[0].location.country).to.equal('CA');
    expect(res.body.locations[0].location.timeZone).to.equal('America/Toronto');
  });

  const badQueries: Array<[string, Record<string, string | string[]>, string]> = [
    ['non-numeric latitude', { latitude: 'abc', longitude: '-81' }, 'latitude'],
    ['latitude out of range', { latitude: '91', longitude: '-81' }, 'latitude'],
    ['longitude out of range', { latitude: '28', longitude: '-181' }, 'longitude'],
    ['missing longitude', { latitude: '28' }, 'longitude'],
    ['negative radius', { ...ORLANDO, radius: '-5' }, 'radius'],
    ['huge radius', { ...ORLANDO, radius: '100000' }, 'radius'],
    ['limit above 50', { ...ORLANDO, limit: '51' }, 'limit'],
    ['limit zero', { ...ORLANDO, limit: '0' }, 'limit'],
    ['fractional limit', { ...ORLANDO, limit: '2.5' }, 'limit'],
    ['repeated latitude', { latitude: ['28', '29'], longitude: '-81' }, 'latitude'],
    ['unknown parameter', { ...ORLANDO, everything: 'true' }, 'everything'],
    ['Infinity', { latitude: 'Infinity', longitude: '-81' }, 'latitude'],
  ];
  for (const [label, query, field] of badQueries) {
    it(`answers 400 with field errors for ${label}`, async () => {
      const res = await request(t.app).get('/api/location/getlocations/').query(query).expect(400);
      expect(res.headers['content-type']).to.match(/json/);
      expect(res.body.error.fields).to.have.property(field).that.is.an('array').with.length.greaterThan(0);
    });
  }

  it('returns one location by rlid, 404 JSON for an unknown one, 400 for a bad one', async () => {
    const list = await request(t.app)
      .get('/api/location/getlocations/')
      .query({ ...ORLANDO, limit: '1' })
      .expect(200);
    const rlid = list.body.locations[0].location.rlid as number;
    const one = await request(t.app)
      .get('/api/location/getlocation/')
      .query({ rlid: String(rlid) })
      .expect(200);
    expect(locationSchema.parse(one.body)).to.deep.equal(list.body.locations[0].location);
    const missing = await request(t.app).get('/api/location/getlocation').query({ rlid: '999999' }).expect(404);
    expect(missing.body.error.code).to.equal('not_found');
    const bad = await request(t.app).get('/api/location/getlocation/').query({ rlid: 'x1' }).expect(400);
    expect(bad.body.error.fields).to.have.property('rlid');
    await request(t.app).get('/api/location/getlocation/').expect(400);
  });

  describe('geocode', () => {
    const geocode = async (q: string) => {
      const res = await request(t.app).get('/api/location/geocode/').query({ q }).expect(200);
      return geocodeResponseSchema.parse(res.body).results;
    };

    it('reads a 5-digit query as a US zip', async () => {
      const [first] = await geocode('32801');
      expect(first).to.include({ kind: 'zip', city: 'Orlando', state: 'FL', country: 'US' });
      expect(first!.geometry.location.lat).to.be.closeTo(28.54, 0.05);
    });

    it('reads A1A as a Canadian postal prefix (and a full postal code by its prefix)', async () => {
      const [prefix] = await geocode('M5V');
      expect(prefix).to.include({ kind: 'postal-prefix', state: 'ON', country: 'CA' });
      const [full] = await geocode('m5v 3l9');
      expect(full!.geometry).to.deep.equal(prefix!.geometry);
    });

    it('resolves "City, ST", "City Statename" and a bare city name ranked by population', async () => {
      const [withState] = await geocode('Orlando, FL');
      expect(withState).to.include({ kind: 'city', city: 'Orlando', state: 'FL' });
      const [spelled] = await geocode('Portland Maine');
      expect(spelled).to.include({ city: 'Portland', state: 'ME' });
      const portlands = await geocode('Portland');
      expect(portlands[0]).to.include({ city: 'Portland', state: 'OR' });
      expect(portlands.length).to.be.greaterThan(1);
      const populations = portlands.map((r) => r.population ?? 0);
      expect(populations).to.deep.equal([...populations].sort((a, b) => b - a));
      const [montreal] = await geocode('montreal');
      expect(montreal).to.include({ country: 'CA', state: 'QC' });
    });

    it('answers an empty result when nothing matches, and 400 for a missing query', async () => {
      expect(await geocode('Atlantis, ZZ')).to.deep.equal([]);
      expect(await geocode('00000')).to.deep.equal([]);
      const res = await request(t.app).get('/api/location/geocode/').expect(400);
      expect(res.body.error.fields).to.have.property('q');
    });
  });
});
