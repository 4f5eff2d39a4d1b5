/**
 * The offline base map: one set of names and colours for the vector tiles the site serves
 * (server/modules/maps/), the MapLibre style the map page draws them with, and the static map
 * images of location pages. Zod-free and tiny: the map chunk imports it.
 *
 * Muted on purpose (spec: "a muted custom style"): pale water, sand land, thin grey borders
 * and navy labels, so the lobster-red markers are what the eye finds (../shared/DESIGN.md).
 */
export const BASE_MAP_VERSION = 1;

/** Vector tiles: land, lakes, borders and city labels, from npm geodata; no network needed. */
export const BASE_MAP_TILE_PATH = `/maps/v${BASE_MAP_VERSION}/tiles/{z}/{x}/{y}.pbf`;
export const BASE_MAP_MAX_ZOOM = 12;

/** The label font (Source Sans 3, the site's text face), served by the site for MapLibre's font-faces. */
export const BASE_MAP_FONT_PATH = `/maps/v${BASE_MAP_VERSION}/fonts/source-sans-3-latin-400.woff2`;
export const BASE_MAP_FONT_NAME = 'Source Sans 3 Regular';

/** Tile layer names. */
export const BASE_MAP_LAYERS = {
  land: 'land',
  lakes: 'lakes',
  countries: 'country_borders',
  states: 'state_borders',
  cities: 'cities',
} as const;

export const BASE_MAP_COLOURS = {
  water: '#D3E3E9',
  land: '#F8F4EC',
  countryBorder: '#7D8891',
  stateBorder: '#B7C0C7',
  label: '#33404B',
  labelHalo: '#F8F4EC',
  marker: '#C8102E',
  markerText: '#FFFFFF',
  // An operator's PMTiles archive adds these (shared/maps/archive-style.ts): parks a greyed sage,
  // roads white on the sand with a faint casing, buildings a shade darker than the land.
  park: '#E4EADA',
  building: '#ECE5D8',
  road: '#FFFFFF',
  roadCasing: '#E3D9C6',
  highway: '#F3E9D6',
} as const;

/**
 * City labels by rank: 1 (a million people or more) from zoom 3, 2 (250,000) from zoom 6,
 * 3 (50,000) from zoom 8.
 */
/** The map image of a restaurant, drawn by the site (server/modules/maps/static-map.ts). */
export const staticMapUrl = (rlid: number, variant: 'small' | 'large') =>
  `/media/maps/locations/${rlid}/${variant}.png`;

/** CSS sizes of the two map images: small below the 840 px breakpoint, large above. */
export const STATIC_MAP_SIZES = { small: { width: 390, height: 240 }, large: { width: 640, height: 480 } } as const;

export const CITY_RANK_MIN_ZOOM = { 1: 3, 2: 6, 3: 8 } as const;
