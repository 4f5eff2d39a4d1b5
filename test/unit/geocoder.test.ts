import { expect } from 'chai';
import { ALL_REGION_NAMES } from '../../shared/locations/region-names';
import type { GeocodeResult } from '../../shared/schemas/locations';
import { gazetteer, type GazetteerPlace } from '../../server/modules/locations/gazetteer';
import { geocodeText } from '../../server/modules/locations/geocoder';
import { placeKey } from '../../server/modules/locations/place-key';

const first = (query: string, country?: 'US' | 'CA') => geocodeText(query, { country })[0];
const describeResult = (r: GeocodeResult | undefined) =>
  r ? `${r.kind} ${r.label} (${r.population ?? ''})` : 'nothing';
const weight = (r: { population?: number; country: string }, country: string) =>
  (r.population ?? 0) * (r.country === country ? 10 : 1);

/** The spellings a visitor may use for a gazetteer name: every one must find the same place. */
function variants(name: string): string[] {
  const plain = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return [
    name.toLowerCase(),
    name.toUpperCase(),
    plain,
    name.replace(/-/g, ' '),
    name.replace(/['’]/g, ''),
    name.replace(/^St\. /, 'Saint ').replace(/^Saint /, 'St '),
    name.replace(/^Fort /, 'Ft. '),
    name.replace(/^Mount /, 'Mt '),
    name.replace(/^The /, ''),
  ];
}

describe('offline geocoder', () => {
  const g = gazetteer();
  const largest: GazetteerPlace[] = [...g.places].sort((a, b) => b.population - a.population).slice(0, 1000);

  it('finds each of the 1,000 largest US and Canadian places as "City, ST", "City ST", "City" and their variants', () => {
    const failures: string[] = [];
    for (const place of largest) {
      const expectPlace = (query: string, result: GeocodeResult | undefined) => {
        // The place itself, or a larger one of the same name in the same state (GeoNames lists a few twice).
        const ok =
          result?.kind === 'city' &&
          result.state === place.state &&
          (result.population ?? 0) >= place.population &&
          geocodeText(query).some(
            (r) => r.geometry.location.lat === place.lat && r.geometry.location.lng === place.lng,
          );
        if (!ok) failures.push(`${query} -> ${describeResult(result)}`);
      };
      // 'Washington, D.C.' carries its state in its name: without the comma it is 'Washington DC'.
      const bare = place.name.split(',')[0]!;
      for (const query of [`${place.name}, ${place.state}`, `${bare} ${place.state}`]) {
        expectPlace(query, first(query));
      }
      for (const spelling of new Set(variants(place.name))) {
        const query = `${spelling}, ${place.state}`;
        expectPlace(query, first(query));
      }
      // The name alone: this place, or one that outranks it (larger, or in the visitor's country), or the region so named.
      const alone = first(place.name, place.country);
      const ok =
        alone !== undefined &&
        (alone.kind === 'region'
          ? g.regionsByKey.get(placeKey(place.name))?.code === alone.state && place.population < 1_000_000
          : weight(alone, place.country) >= weight(place, place.country));
      if (!ok) failures.push(`${place.name} -> ${describeResult(alone)}`);
    }
    expect(failures).to.deep.equal([]);
  });

  it('finds every state, DC, territory, province and territory by code, English and French name, and usual forms', () => {
    expect(ALL_REGION_NAMES).to.have.length(51 + 5 + 13);
    const failures: string[] = [];
    for (const region of ALL_REGION_NAMES) {
      for (const spelling of [region.code, region.code.toLowerCase(), region.en, region.fr, region.en.toLowerCase()]) {
        const result = first(spelling, region.country);
        // 'New York' is the city first (population over a million), the state second.
        const expected = spelling.toLowerCase() === 'new york' ? geocodeText(spelling)[1] : result;
        if (expected?.kind !== 'region' || expected.state !== region.code || expected.country !== region.country) {
          failures.push(`${spelling} -> ${describeResult(result)}`);
        }
      }
      for (const alias of region.aliases ?? []) {
        const result = first(alias);
        if (result?.state !== region.code) failures.push(`${alias} -> ${describeResult(result)}`);
      }
    }
    expect(failures).to.deep.equal([]);
  });

  it("answers the issue's examples: New York, Washington, states by name and abbreviation, and Florida the state", () => {
    expect(first('New York, NY')).to.include({ kind: 'city', city: 'New York City', state: 'NY' });
    expect(first('new york')).to.include({ kind: 'city', city: 'New York City', state: 'NY' });
    expect(geocodeText('new york')[1]).to.include({ kind: 'region', state: 'NY' });
    expect(first('NYC')).to.include({ city: 'New York City' });
    expect(first('New York City')).to.include({ city: 'New York City' });
    expect(first('Washington, DC')).to.include({ kind: 'city', label: 'Washington, DC', state: 'DC' });
    expect(first('Washington DC')).to.include({ state: 'DC' });
    expect(first('washington, d.c.')).to.include({ state: 'DC' });
    expect(first('Washington')).to.include({ kind: 'region', state: 'WA' });
    for (const [query, state] of [
      ['Texas', 'TX'],
      ['TX', 'TX'],
      ['Ohio', 'OH'],
      ['Florida', 'FL'],
      ['florida', 'FL'],
      ['Québec', 'QC'],
      ['Colombie-Britannique', 'BC'],
      ['Californie', 'CA'],
    ] as const) {
      expect(first(query), query).to.include({ kind: 'region', state });
    }
    const floridas = geocodeText('Florida');
    expect(floridas.slice(1).every((r) => r.kind === 'city')).to.equal(true);
    expect(first('Florida, NY')).to.include({ kind: 'city', city: 'Florida', state: 'NY' });
  });

  it('reads the usual name variants: Saint / St. / Ste., Fort / Ft., Mount / Mt., accents, hyphens, apostrophes, The', () => {
    expect(first('Saint Louis')).to.include({ city: 'St. Louis', state: 'MO' });
    expect(first('St Louis, Missouri')).to.include({ city: 'St. Louis', state: 'MO' });
    expect(first('Sault Sainte Marie, Ontario')).to.include({ city: 'Sault Ste. Marie', state: 'ON' });
    expect(first('Ft Worth')).to.include({ city: 'Fort Worth' });
    expect(first('Mt. Pleasant SC')).to.include({ city: 'Mount Pleasant', state: 'SC' });
    expect(first('montreal quebec')).to.include({ city: 'Montréal', state: 'QC' });
    expect(first('Trois Rivieres')).to.include({ state: 'QC' });
    expect(first('winston salem')).to.include({ city: 'Winston-Salem' });
    expect(first('Coeur dAlene')).to.include({ city: "Coeur d'Alene" });
    expect(first('bronx')).to.include({ city: 'The Bronx' });
    expect(first('Quebec City')).to.include({ kind: 'city', city: 'Québec' });
    expect(first('Toronto, Canada')).to.include({ city: 'Toronto', state: 'ON' });
    expect(first('Ontario, Canada')).to.include({ kind: 'region', state: 'ON' });
    expect(first('San Juan, Puerto Rico')).to.include({ city: 'San Juan', state: 'PR', country: 'US' });
  });

  it("ranks by population and then by the visitor's country", () => {
    const portlands = geocodeText('Portland');
    expect(portlands[0]).to.include({ state: 'OR' });
    const populations = portlands.map((r) => r.population ?? 0);
    expect(populations).to.deep.equal([...populations].sort((a, b) => b - a));
    expect(first('Vancouver', 'US')).to.include({ state: 'WA' });
    expect(first('Vancouver', 'CA')).to.include({ state: 'BC' });
    expect(first('Windsor', 'CA')).to.include({ state: 'ON' });
    expect(first('Kansas City')).to.include({ state: 'MO' });
  });

  it('reads ZIP codes and Canadian postal codes, alone or after a place', () => {
    expect(first('32801')).to.include({ kind: 'zip', city: 'Orlando', state: 'FL', country: 'US' });
    expect(first('32801-1234')).to.include({ kind: 'zip', state: 'FL' });
    expect(first('Orlando, FL 32801')).to.include({ kind: 'zip', state: 'FL' });
    for (const code of ['M5V', 'm5v', 'M5V 3L9', 'm5v3l9', 'Toronto, ON M5V 3L9']) {
      expect(first(code), code).to.include({ kind: 'postal-prefix', city: 'M5V', state: 'ON', country: 'CA' });
    }
    expect(first('H2X 1Y4')).to.include({ state: 'QC' });
    expect(first('X0A 0H0')).to.include({ state: 'NU' });
    expect(geocodeText('00000')).to.deep.equal([]);
    expect(geocodeText('Z9Z')).to.deep.equal([]);
  });

  it('answers bad input with nothing found, never an error', () => {
    for (const query of [
      '',
      '   ',
      ',,,',
      'x'.repeat(1000),
      'New York '.repeat(120),
      '🦞🦀🐟',
      "'; DROP TABLE locations; --",
      '" OR 1=1 --',
      '東京',
      'Москва',
      'Atlantis, ZZ',
      'Orlando, Narnia',
      '\u0000\u0007',
      '<script>alert(1)</script>',
    ]) {
      expect(geocodeText(query), JSON.stringify(query.slice(0, 40))).to.deep.equal([]);
    }
    // Another language's spelling of a known place still finds it.
    expect(first('Nouveau-Mexique')).to.include({ kind: 'region', state: 'NM' });
  });
});
