import { gazetteer } from '../../server/modules/locations/gazetteer';
import { geocodeText } from '../../server/modules/locations/geocoder';

export type GeocoderLatency = {
  queries: string;
  runs: number;
  'index build ms': number;
  'p50 µs': number;
  'p95 µs': number;
  'p99 µs': number;
};

const RUNS = 20_000;

/**
 * The offline geocoder's search, in this process (it is pure CPU: no database, no network): the
 * 1,000 largest places as 'City, ST' and 'City', every region's name and code, postal codes and
 * text that finds nothing, in a fixed mix. The index is built once, timed apart.
 */
export function benchGeocoder(): GeocoderLatency {
  const started = performance.now();
  const g = gazetteer();
  const built = performance.now() - started;
  const largest = [...g.places].sort((a, b) => b.population - a.population).slice(0, 1000);
  const queries = [
    ...largest.flatMap((place) => [`${place.name}, ${place.state}`, place.name.toLowerCase()]),
    ...g.regions.flatMap((region) => [region.name, region.nameFr, region.code]),
    ...['32801', '10001', 'M5V 3L9', 'h2x', 'Orlando, FL 32801', 'Saint Louis MO', 'Ft Worth', 'New York, NY'],
    ...['Atlantis, ZZ', '🦞', "'; DROP TABLE locations; --", '東京', 'x'.repeat(1000), 'no such place anywhere at all'],
  ];
  for (let i = 0; i < queries.length; i++) geocodeText(queries[i]!, { country: i % 2 ? 'US' : 'CA' });
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const query = queries[(i * 7919) % queries.length]!;
    const start = performance.now();
    geocodeText(query, { country: i % 2 ? 'US' : 'CA' });
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Number((times[Math.floor(q * times.length)]! * 1000).toFixed(1));
  return {
    queries: `${queries.length} distinct`,
    runs: RUNS,
    'index build ms': Math.round(built),
    'p50 µs': at(0.5),
    'p95 µs': at(0.95),
    'p99 µs': at(0.99),
  };
}
