import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { BASE_MAP_COLOURS, BASE_MAP_FONT_NAME, BASE_MAP_FONT_PATH } from './base-map';

/**
 * The map page's style for an operator's Protomaps archive (MAP_PMTILES): the site's own, in the
 * base map's colours, over the layers of the Protomaps basemap schema (version 4: earth, water,
 * landuse, roads, buildings, boundaries, places). Points of interest and transit are not drawn
 * (spec: "a muted custom style that hides points of interest and transit"); labels use the
 * site's Source Sans 3. URLs are paths on this site: the map page makes them absolute.
 */
export type ArchiveStyleOptions = {
  tilesUrl: string;
  minzoom: number;
  maxzoom: number;
  bounds: [number, number, number, number];
  attribution?: string;
};

const SOURCE = 'protomaps';
const PARK_KINDS = [
  'park',
  'national_park',
  'nature_reserve',
  'protected_area',
  'forest',
  'wood',
  'golf_course',
  'cemetery',
  'grass',
];

/** Line width growing with the zoom, as roads do on paper maps. */
const widthByZoom = (stops: [number, number][]) =>
  ['interpolate', ['exponential', 1.6], ['zoom'], ...stops.flat()] as unknown as number;

export function archiveMapStyle(options: ArchiveStyleOptions): StyleSpecification {
  const c = BASE_MAP_COLOURS;
  const layer = (spec: Record<string, unknown>) => ({ source: SOURCE, ...spec }) as LayerSpecification;
  const roads = (kinds: string[], minzoom: number, casing: boolean, width: [number, number][]) =>
    layer({
      id: `roads-${kinds[0]}${casing ? '-casing' : ''}`,
      type: 'line',
      'source-layer': 'roads',
      minzoom,
      filter: ['in', ['get', 'kind'], ['literal', kinds]],
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: {
        'line-color': casing ? c.roadCasing : kinds[0] === 'highway' ? c.highway : c.road,
        'line-width': widthByZoom(casing ? width.map(([z, w]) => [z, w + 1.5]) : width),
      },
    });
  const label = (id: string, kinds: string[], minzoom: number, maxzoom: number, size: number) =>
    layer({
      id,
      type: 'symbol',
      'source-layer': 'places',
      minzoom,
      maxzoom,
      filter: ['in', ['get', 'kind'], ['literal', kinds]],
      layout: {
        'text-field': ['get', 'name'],
        'text-font': [BASE_MAP_FONT_NAME],
        'text-size': size,
        'symbol-sort-key': ['-', 0, ['coalesce', ['get', 'population_rank'], 0]],
        'text-padding': 4,
      },
      paint: { 'text-color': c.label, 'text-halo-color': c.labelHalo, 'text-halo-width': 1.5 },
    });
  return {
    version: 8,
    'font-faces': { [BASE_MAP_FONT_NAME]: BASE_MAP_FONT_PATH },
    sources: {
      [SOURCE]: {
        type: 'vector',
        tiles: [options.tilesUrl],
        minzoom: options.minzoom,
        maxzoom: options.maxzoom,
        bounds: options.bounds,
        attribution: options.attribution ?? '© OpenStreetMap contributors, Protomaps',
      },
    },
    layers: [
      { id: 'water-background', type: 'background', paint: { 'background-color': c.water } },
      layer({ id: 'earth', type: 'fill', 'source-layer': 'earth', paint: { 'fill-color': c.land } }),
      layer({
        id: 'parks',
        type: 'fill',
        'source-layer': 'landuse',
        filter: ['in', ['get', 'kind'], ['literal', PARK_KINDS]],
        paint: { 'fill-color': c.park },
      }),
      layer({ id: 'water', type: 'fill', 'source-layer': 'water', paint: { 'fill-color': c.water } }),
      layer({
        id: 'buildings',
        type: 'fill',
        'source-layer': 'buildings',
        minzoom: 14,
        paint: { 'fill-color': c.building },
      }),
      roads(['minor_road', 'other'], 12, true, [
        [12, 0.5],
        [18, 12],
      ]),
      roads(['minor_road', 'other'], 12, false, [
        [12, 0.5],
        [18, 12],
      ]),
      roads(['major_road'], 7, true, [
        [7, 0.5],
        [18, 18],
      ]),
      roads(['major_road'], 7, false, [
        [7, 0.5],
        [18, 18],
      ]),
      roads(['highway'], 5, true, [
        [5, 0.6],
        [18, 22],
      ]),
      roads(['highway'], 5, false, [
        [5, 0.6],
        [18, 22],
      ]),
      layer({
        id: 'region-borders',
        type: 'line',
        'source-layer': 'boundaries',
        filter: ['==', ['get', 'kind'], 'region'],
        paint: { 'line-color': c.stateBorder, 'line-width': 1, 'line-dasharray': [3, 2] },
      }),
      layer({
        id: 'country-borders',
        type: 'line',
        'source-layer': 'boundaries',
        filter: ['==', ['get', 'kind'], 'country'],
        paint: { 'line-color': c.countryBorder, 'line-width': 1.4 },
      }),
      layer({
        id: 'road-labels',
        type: 'symbol',
        'source-layer': 'roads',
        minzoom: 13,
        filter: ['in', ['get', 'kind'], ['literal', ['highway', 'major_road', 'minor_road']]],
        layout: {
          'symbol-placement': 'line',
          'text-field': ['get', 'name'],
          'text-font': [BASE_MAP_FONT_NAME],
          'text-size': 12,
        },
        paint: { 'text-color': c.label, 'text-halo-color': c.labelHalo, 'text-halo-width': 1.5 },
      }),
      label('country-labels', ['country'], 0, 5, 14),
      label('region-labels', ['region'], 4, 8, 13),
      label('place-labels', ['locality'], 3, 24, 13),
      label('neighbourhood-labels', ['neighbourhood', 'macrohood'], 12, 24, 12),
    ],
  };
}
