import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import {
  BASE_MAP_COLOURS,
  BASE_MAP_FONT_NAME,
  BASE_MAP_FONT_PATH,
  BASE_MAP_LAYERS,
  BASE_MAP_MAX_ZOOM,
  BASE_MAP_TILE_PATH,
  CITY_RANK_MIN_ZOOM,
} from '../../../../shared/maps/base-map';

/**
 * Without MAP_STYLE_URL the map draws the site's own offline base map: vector tiles of land,
 * lakes, borders and city labels cut from npm geodata (server/modules/maps/), labelled in the
 * site's own Source Sans 3 through `font-faces`, so nothing leaves the site and no glyph server
 * is needed. Muted colours, so the lobster-red markers stand out (shared/maps/base-map.ts).
 */
export function baseMapStyle(origin: string): StyleSpecification {
  const c = BASE_MAP_COLOURS;
  const source = 'base';
  const cityLabels = ([1, 2, 3] as const).map((rank): LayerSpecification => ({
    id: `city-labels-${rank}`,
    type: 'symbol',
    source,
    'source-layer': BASE_MAP_LAYERS.cities,
    minzoom: CITY_RANK_MIN_ZOOM[rank],
    filter: ['==', ['get', 'rank'], rank],
    layout: {
      'text-field': ['get', 'name'],
      'text-font': [BASE_MAP_FONT_NAME],
      'text-size': rank === 1 ? 15 : rank === 2 ? 13 : 12,
      'symbol-sort-key': ['-', 0, ['get', 'population']],
      'text-padding': 4,
    },
    paint: { 'text-color': c.label, 'text-halo-color': c.labelHalo, 'text-halo-width': 1.5 },
  }));
  return {
    version: 8,
    'font-faces': { [BASE_MAP_FONT_NAME]: `${origin}${BASE_MAP_FONT_PATH}` },
    sources: {
      [source]: { type: 'vector', tiles: [`${origin}${BASE_MAP_TILE_PATH}`], minzoom: 0, maxzoom: BASE_MAP_MAX_ZOOM },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': c.water } },
      { id: 'land', type: 'fill', source, 'source-layer': BASE_MAP_LAYERS.land, paint: { 'fill-color': c.land } },
      { id: 'lakes', type: 'fill', source, 'source-layer': BASE_MAP_LAYERS.lakes, paint: { 'fill-color': c.water } },
      {
        id: 'state-borders',
        type: 'line',
        source,
        'source-layer': BASE_MAP_LAYERS.states,
        paint: { 'line-color': c.stateBorder, 'line-width': 1, 'line-dasharray': [3, 2] },
      },
      {
        id: 'country-borders',
        type: 'line',
        source,
        'source-layer': BASE_MAP_LAYERS.countries,
        paint: { 'line-color': c.countryBorder, 'line-width': 1.4 },
      },
      ...cityLabels,
    ],
  };
}

/** A style served by this site with paths for URLs (MAP_PMTILES's): MapLibre's workers need absolute ones. */
export function withOrigin(style: StyleSpecification, origin: string): StyleSpecification {
  const absolute = (url: string) => (url.startsWith('/') ? `${origin}${url}` : url);
  const sources = Object.fromEntries(
    Object.entries(style.sources).map(([name, source]) => [
      name,
      'tiles' in source && source.tiles ? { ...source, tiles: source.tiles.map(absolute) } : source,
    ]),
  ) as StyleSpecification['sources'];
  const fontFaces = style['font-faces']
    ? Object.fromEntries(
        Object.entries(style['font-faces']).map(([name, face]) => [
          name,
          typeof face === 'string' ? absolute(face) : face,
        ]),
      )
    : undefined;
  return { ...style, sources, ...(fontFaces ? { 'font-faces': fontFaces } : {}) } as StyleSpecification;
}

/** OpenMapTiles-style source layers (and layer ids) for points of interest and transit. */
const HIDDEN_SOURCE_LAYERS = /^(poi|transit|aerodrome_label|mountain_peak)$/;
const HIDDEN_IDS = /(poi|transit|railway|rail|station|airport|aeroway|bus|ferry)/i;

/**
 * The spec's "muted custom style that hides points of interest and transit", applied to any
 * configured vector style: those layers are dropped, and what remains is desaturated by fading
 * fills and lines a little so the lettered markers stand out.
 */
export function mutedStyle(style: StyleSpecification): StyleSpecification {
  const layers = style.layers.filter((layer) => {
    const sourceLayer = 'source-layer' in layer ? layer['source-layer'] : undefined;
    if (sourceLayer && HIDDEN_SOURCE_LAYERS.test(sourceLayer)) return false;
    return !HIDDEN_IDS.test(layer.id);
  });
  return { ...style, layers: layers.map(muted) };
}

function muted(layer: LayerSpecification): LayerSpecification {
  if (layer.type === 'fill') return { ...layer, paint: { ...layer.paint, 'fill-opacity': 0.6 } };
  if (layer.type === 'line') return { ...layer, paint: { ...layer.paint, 'line-opacity': 0.6 } };
  return layer;
}
