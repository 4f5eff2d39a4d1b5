import { expect } from 'chai';
import request from 'supertest';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';

function pageData(html: string) {
  const match = /<script type="application\/json" id="page-data"[^>]*>(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no page-data script');
  return JSON.parse(match[1]!);
}

/** JSON-LD is a data block, never run: the CSP does not apply to it, so it has no nonce. */
function jsonLd(html: string) {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no JSON-LD script');
  return { data: JSON.parse(match[1]!) };
}

describe('location directory pages', () => {
  let t: TestApp;
  useTestApp({}, (suite) => ({ t } = suite));

  it('lists the US states, each with its city links, in closed details sections', async () => {
    const res = await request(t.app).get('/locations/').set('Host', 'localhost:3000').expect(200);
    expect(pageData(res.text).template).to.equal('LocationsPageStateList');
    expect(res.text).to.include('<h1>All US Locations</h1>');
    expect(res.text).to.include('Select a state to find your local Harborline Seafood restaurant.');
    expect(res.text).to.include('<a href="//ca.localhost:3000/locations/">See Canada Locations</a>');
    expect(res.text).to.match(/<details class="state-accordion__item" id="state-florida"><summary[^>]*>Florida/);
    expect(res.text).to.include('<a href="/locations/list/florida/orlando/">Orlando</a>');
    expect(res.text).not.to.include('state-ontario');
    expect(res.text).not.to.match(/<details[^>]* open/);
  });

  it('lists Canadian provinces on the Canada site, in English and French', async () => {
    const en = await request(t.app).get('/locations/').set('Host', 'ca.localhost:3000').expect(200);
    expect(en.text).to.include('<h1>All Canada Locations</h1>');
    expect(en.text).to.include(
      'Select a province or territory to find your local Harborline Seafood Canada restaurant.',
    );
    expect(en.text).not.to.include('Select a state');
    expect(en.text).to.include('<a href="/locations/list/ontario/toronto/">Toronto</a>');
    expect(en.text).to.include('See US Locations');
    const fr = await request(t.app).get('/fr/locations/').set('Host', 'ca.localhost:3000').expect(200);
    expect(fr.text).to.include('<a href="/fr/locations/list/quebec/montreal/">Montréal</a>');
    expect(fr.text).to.include('<h1>Tous les restaurants – Canada</h1>');
    expect(fr.text).to.include('1 ville');
    expect(fr.text).to.include('Sélectionnez une province ou un territoire pour trouver votre restaurant');
    // The other country is named in French (the country snippets), not 'US'.
    expect(fr.text).to.include('Voir les restaurants – États-Unis');
    const frCity = await request(t.app)
      .get('/fr/locations/list/quebec/montreal/')
      .set('Host', 'ca.localhost:3000')
      .expect(200);
    expect(frCity.text).to.include(
      '<a class="locations-back-link" href="/fr/locations/">Plus de restaurants – Canada</a>',
    );
  });

  it('renders a city list with the hero, the back link and each restaurant', async () => {
    const res = await request(t.app).get('/locations/list/florida/orlando/').expect(200);
    const data = pageData(res.text);
    expect(data.template).to.equal('LocationsPageLocationList');
    expect(res.text).to.match(/<h1>Orlando<!-- -->, <!-- -->FL<\/h1>/);
    expect(res.text).to.include('<a class="locations-back-link" href="/locations/">More US Locations</a>');
    const locations = data.page.extra.locations as Array<{ url: string; address1: string }>;
    expect(locations.length).to.be.greaterThan(0);
    for (const location of locations) {
      expect(location.url).to.match(/^\/locations\/list\/florida\/orlando\/[a-z0-9-]+\/$/);
      expect(res.text).to.include(`href="${location.url}">View Local Page`);
    }
  });

  it('renders a single location with directions, contact, ordering, hours and Restaurant JSON-LD', async () => {
    const list = await request(t.app).get('/locations/list/florida/orlando/').expect(200);
    const first = pageData(list.text).page.extra.locations[0] as {
      url: string;
      rlid: number;
      address1: string;
      phone: { national: string };
      location: { lat: number; lng: number };
    };
    const res = await request(t.app).get(first.url).expect(200);
    expect(pageData(res.text).template).to.equal('LocationsPageLocation');
    expect(res.text).to.match(/<h1>Orlando<!-- -->, <!-- -->FL<\/h1>/);
    expect(res.text).to.include(first.address1);
    expect(res.text).to.include(
      `href="https://www.google.com/maps/dir/?api=1&amp;destination=${first.location.lat},${first.location.lng}" target="_blank" rel="noopener noreferrer">Get directions`,
    );
    expect(res.text).to.include('Find a different Harborline Seafood');
    expect(res.text).to.include(`>${first.phone.national}</a>`);
    expect(res.text).to.include('Hours of Operation');
    const hours = /<section class="location-page__hours".*?<\/section>/s.exec(res.text)?.[0] ?? '';
    expect(hours).to.include('<th scope="row">Monday</th>');
    expect(hours).not.to.match(/Curbside|Delivery/);
    expect(res.text).to.include('Thanksgiving Day');

    const api = await request(t.app)
      .get('/api/location/getlocation/')
      .query({ rlid: String(first.rlid) })
      .expect(200);
    if (api.body.hasOnlineOrdering) expect(res.text).to.include(`/order?rlid=${first.rlid}`);
    else expect(res.text).not.to.include('/order?rlid=');

    const { data } = jsonLd(res.text);
    expect(data).to.include({ '@type': 'Restaurant', telephone: first.phone.national });
    expect(data.address).to.include({ addressLocality: 'Orlando', addressRegion: 'FL' });
    const specs = data.openingHoursSpecification as Array<Record<string, string>>;
    expect(specs.filter((s) => s.dayOfWeek)).to.have.length(7);
    expect(specs).to.deep.include({
      '@type': 'OpeningHoursSpecification',
      name: 'Christmas Day',
      validFrom: '2026-12-25',
      validThrough: '2026-12-25',
      opens: '00:00',
      closes: '00:00',
    });
  });

  it('redirects a local page URL to the directory page', async () => {
    const api = await request(t.app)
      .get('/api/location/getlocations/')
      .query({ latitude: '28.5383', longitude: '-81.3792', limit: '1' })
      .expect(200);
    const location = api.body.locations[0].location;
    const res = await request(t.app).get(`/seafood-restaurants/locations/${location.localPageURL}`).expect(301);
    expect(res.headers.location).to.match(/^\/locations\/list\/florida\/orlando\/[a-z0-9-]+\/$/);
  });

  it('answers the not-found page for unknown states, cities, addresses and other countries', async () => {
    for (const path of [
      '/locations/list/florida/nowhere/',
      '/locations/list/atlantis/orlando/',
      '/locations/list/florida/orlando/1-nowhere-street/',
      '/locations/list/ontario/toronto/',
      '/other/list/florida/orlando/',
    ]) {
      const res = await request(t.app).get(path).set('Host', 'localhost:3000').expect(404);
      expect(res.text).to.include('The page you are looking for does not exist, sorry.');
    }
    await request(t.app).get('/seafood-restaurants/locations/no-such-place').expect(404);
  });

  describe('map page list', () => {
    it('lists the nearest restaurants for a searched city, lettered, with distances to two decimals', async () => {
      const res = await request(t.app).get('/locations/map/').query({ q: 'Orlando, FL' }).expect(200);
      const data = pageData(res.text);
      expect(data.template).to.equal('LocationsPageMap');
      const input = /<input id="locations-map-q"[^>]*>/.exec(res.text)?.[0] ?? '';
      for (const attribute of [
        'type="search"',
        'placeholder="City, State, or ZIP"',
        'autoComplete="off"',
        'name="q"',
        'value="Orlando, FL"',
      ]) {
        expect(input).to.include(attribute);
      }
      const results = data.page.extra.results as Array<{
        letter: string;
        distance: number;
        location: { rlid: number; waitListReady?: boolean; isReservationsEnabled: boolean };
      }>;
      expect(results).to.have.length(26);
      expect(results.map((r) => r.letter).join('')).to.equal('ABCDEFGHIJKLMNOPQRSTUVWXYZ');
      expect(res.text).to.include(`${results[0]!.distance.toFixed(2)} miles`);
      const reservable = results.find((r) => r.location.isReservationsEnabled);
      const waitOnly = results.find((r) => !r.location.isReservationsEnabled && r.location.waitListReady);
      expect(res.text.match(/>Reserve a Table</g)?.length ?? 0).to.equal(
        results.filter((r) => r.location.isReservationsEnabled).length,
      );
      if (reservable) expect(res.text).to.include('Reserve a Table');
      if (waitOnly) expect(res.text).to.include('Join the wait list');
      expect(res.text).not.to.include('Please enter a valid city, state, or ZIP code.');
    });

    it('searches by coordinates, and shows the empty message for unknown places or bad input', async () => {
      const byCoords = await request(t.app)
        .get('/locations/map/')
        .query({ latitude: '43.65', longitude: '-79.38' })
        .expect(200);
      expect(pageData(byCoords.text).page.extra.results[0].location.country).to.equal('CA');
      for (const query of [{ q: 'Atlantis, ZZ' }, { latitude: 'abc', longitude: '1' }, { longitude: 'west' }]) {
        const res = await request(t.app).get('/locations/map/').query(query).expect(200);
        expect(res.text).to.include('Please enter a valid city, state, or ZIP code.');
        expect(pageData(res.text).page.extra.results).to.deep.equal([]);
      }
    });

    it('greets a first visit with no error: what to do and the country directories, in English and French', async () => {
      const first = await request(t.app).get('/locations/map/').expect(200);
      expect(first.text).not.to.include('Please enter a valid city, state, or ZIP code.');
      expect(first.text).to.include('Search by city, state, or ZIP code to see the restaurants near you.');
      const extra = pageData(first.text).page.extra;
      expect(extra.searched).to.equal(false);
      expect(extra.results).to.deep.equal([]);
      // This site's own directory first, then the other country's site.
      expect(extra.countries.map((c: { code: string }) => c.code)).to.deep.equal(['US', 'CA']);
      expect(extra.countries[0].url).to.equal('/locations/');
      expect(extra.countries[1].url).to.match(/^\/\/ca\.localhost(:\d+)?\/locations\/$/);
      expect(first.text).to.include('href="/locations/"');

      const french = await request(t.app).get('/fr/locations/map/').set('Host', 'ca.localhost:3000').expect(200);
      expect(french.text).not.to.include('Veuillez entrer une ville');
      expect(french.text).to.include('Ou parcourez les restaurants par pays');
      expect(french.headers['x-missing-translations']).to.equal(undefined);
      const frenchCountries = pageData(french.text).page.extra.countries as Array<{ code: string; url: string }>;
      expect(frenchCountries[0]).to.include({ code: 'CA', url: '/fr/locations/' });
      expect(frenchCountries.map((c) => c.code)).to.deep.equal(['CA', 'US']);
    });
  });
});
