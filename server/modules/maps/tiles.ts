import { GeoJSONVT, type GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { BASE_MAP_LAYERS, BASE_MAP_MAX_ZOOM } from '../../../shared/maps/base-map';
import { baseMapLevels, type BaseMapLevel } from './geodata';

/**
 * Vector tiles of the base map, cut from the geodata with geojson-vt and encoded as Mapbox
 * Vector Tiles (what MapLibre reads) with vt-pbf. Zooms 0-4 come from the overview level,
 * 5 and up from the detail level; past BASE_MAP_MAX_ZOOM MapLibre enlarges the last tiles.
 */
export const OVERVIEW_MAX_ZOOM = 4;
const EXTENT = 4096;

type LayerName = (typeof BASE_MAP_LAYERS)[keyof typeof BASE_MAP_LAYERS];
type LevelIndex = Record<LayerName, GeoJSONVT>;

function indexLevel(level: BaseMapLevel, minZoom: number): LevelIndex {
  // Lines and polygons are simplified per zoom (tolerance in tile pixels); points never are.
  const options = { maxZoom: BASE_MAP_MAX_ZOOM, indexMaxZoom: minZoom, tolerance: 2, extent: EXTENT, buffer: 64 };
  return {
    [BASE_MAP_LAYERS.land]: new GeoJSONVT(level.land, options),
    [BASE_MAP_LAYERS.lakes]: new GeoJSONVT(level.lakes, options),
    [BASE_MAP_LAYERS.countries]: new GeoJSONVT(level.countryBorders, options),
    [BASE_MAP_LAYERS.states]: new GeoJSONVT(level.stateBorders, options),
    [BASE_MAP_LAYERS.cities]: new GeoJSONVT(level.cities, { ...options, tolerance: 0 }),
  } as LevelIndex;
}

let indexes: { overview: LevelIndex; detail: LevelIndex } | undefined;

function levelIndexes() {
  if (!indexes) {
    const levels = baseMapLevels();
    indexes = { overview: indexLevel(levels.overview, 0), detail: indexLevel(levels.detail, OVERVIEW_MAX_ZOOM + 1) };
  }
  return indexes;
}

export const isTileAddress = (z: number, x: number, y: number) =>
  Number.isInteger(z) &&
  Number.isInteger(x) &&
  Number.isInteger(y) &&
  z >= 0 &&
  z <= BASE_MAP_MAX_ZOOM &&
  x >= 0 &&
  y >= 0 &&
  x < 2 ** z &&
  y < 2 ** z;

/** The geojson-vt tiles of every layer at one address (tile coordinates, extent 4096). */
export function baseMapTileLayers(z: number, x: number, y: number): Partial<Record<LayerName, GeoJSONVTTile>> {
  if (!isTileAddress(z, x, y)) throw new RangeError(`no tile ${z}/${x}/${y}`);
  const level = z <= OVERVIEW_MAX_ZOOM ? levelIndexes().overview : levelIndexes().detail;
  const layers: Partial<Record<LayerName, GeoJSONVTTile>> = {};
  for (const [name, index] of Object.entries(level) as [LayerName, GeoJSONVT][]) {
    const tile = index.getTile(z, x, y);
    if (tile && tile.features.length > 0) layers[name] = tile;
  }
  return layers;
}

// Encoded tiles are small and the map shows the same few hundred again and again.
const CACHE_ENTRIES = 2000;
const encoded = new Map<string, Buffer>();

/** One tile as a Mapbox Vector Tile (possibly with no layers: open sea). */
export function baseMapTile(z: number, x: number, y: number): Buffer {
  const key = `${z}/${x}/${y}`;
  const cached = encoded.get(key);
  if (cached) return cached;
  const layers = baseMapTileLayers(z, x, y);
  const data = Buffer.from(fromGeojsonVt(layers as Record<string, GeoJSONVTTile>, { version: 2, extent: EXTENT }));
  if (encoded.size >= CACHE_ENTRIES) encoded.delete(encoded.keys().next().value!);
  encoded.set(key, data);
  return data;
}
