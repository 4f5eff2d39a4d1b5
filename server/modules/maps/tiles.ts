import { GeoJSONVT, type GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { BASE_MAP_LAYERS, BASE_MAP_MAX_ZOOM } from '../../../shared/maps/base-map';
import type { BaseMapLevel, BaseMapLevels } from './geodata';
import { loadBaseMapLevels } from './geodata-loader';

/**
 * Vector tiles of the base map, cut from the geodata with geojson-vt and encoded as Mapbox
 * Vector Tiles (what MapLibre reads) with vt-pbf. Zooms 0-4 come from the overview level,
 * 5 and up from the detail level; past BASE_MAP_MAX_ZOOM MapLibre enlarges the last tiles.
 */
export const OVERVIEW_MAX_ZOOM = 4;
const EXTENT = 4096;

type LayerName = (typeof BASE_MAP_LAYERS)[keyof typeof BASE_MAP_LAYERS];
type LevelIndex = Record<LayerName, GeoJSONVT>;

function indexLevel(level: BaseMapLevel): LevelIndex {
  // Lines and polygons are simplified per zoom (tolerance in tile pixels); points never are.
  // No tiles are cut ahead (indexMaxZoom 0): cutting all of North America down to zoom 5 took
  // three times as long as the rest of the indexing, for tiles mostly never asked for; a
  // tile is cut on first request from its nearest cut ancestor instead.
  const options = { maxZoom: BASE_MAP_MAX_ZOOM, indexMaxZoom: 0, tolerance: 2, extent: EXTENT, buffer: 64 };
  return {
    [BASE_MAP_LAYERS.land]: new GeoJSONVT(level.land, options),
    [BASE_MAP_LAYERS.lakes]: new GeoJSONVT(level.lakes, options),
    [BASE_MAP_LAYERS.countries]: new GeoJSONVT(level.countryBorders, options),
    [BASE_MAP_LAYERS.states]: new GeoJSONVT(level.stateBorders, options),
    [BASE_MAP_LAYERS.cities]: new GeoJSONVT(level.cities, { ...options, tolerance: 0 }),
  } as LevelIndex;
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

export type TileLayers = Partial<Record<LayerName, GeoJSONVTTile>>;

/** The base map's tiles, once its geodata is loaded and indexed. */
export type BaseMapTiles = {
  /** The geojson-vt tiles of every layer at one address (tile coordinates, extent 4096). */
  layers(z: number, x: number, y: number): TileLayers;
  /** One tile as a Mapbox Vector Tile (possibly with no layers: open sea). */
  encoded(z: number, x: number, y: number): Buffer;
};

// Encoded tiles are small and the map shows the same few hundred again and again.
const CACHE_ENTRIES = 2000;

/** Indexes both levels (geojson-vt: projection and simplification). */
export function indexBaseMap(levels: BaseMapLevels): BaseMapTiles {
  return tilesOf(indexLevel(levels.overview), indexLevel(levels.detail));
}

function tilesOf(overview: LevelIndex, detail: LevelIndex): BaseMapTiles {
  const encoded = new Map<string, Buffer>();
  const layers = (z: number, x: number, y: number): TileLayers => {
    if (!isTileAddress(z, x, y)) throw new RangeError(`no tile ${z}/${x}/${y}`);
    const level = z <= OVERVIEW_MAX_ZOOM ? overview : detail;
    const found: TileLayers = {};
    for (const [name, index] of Object.entries(level) as [LayerName, GeoJSONVT][]) {
      const tile = index.getTile(z, x, y);
      if (tile && tile.features.length > 0) found[name] = tile;
    }
    return found;
  };
  return {
    layers,
    encoded(z, x, y) {
      const key = `${z}/${x}/${y}`;
      const cached = encoded.get(key);
      if (cached) return cached;
      const data = Buffer.from(
        fromGeojsonVt(layers(z, x, y) as Record<string, GeoJSONVTTile>, { version: 2, extent: EXTENT }),
      );
      if (encoded.size >= CACHE_ENTRIES) encoded.delete(encoded.keys().next().value!);
      encoded.set(key, data);
      return data;
    },
  };
}

let loading: Promise<BaseMapTiles> | undefined;

/**
 * The base map's tiles: the first call reads the geodata file and indexes it (a few hundred
 * milliseconds; see geodata-file.ts), every later call shares that. A failure is not kept,
 * so the next request tries again.
 */
export function baseMapTiles(): Promise<BaseMapTiles> {
  loading ??= (async () => {
    const levels = await loadBaseMapLevels();
    // One level at a time, with a turn of the event loop between: other requests get in.
    await new Promise((resolve) => setImmediate(resolve));
    const overview = indexLevel(levels.overview);
    await new Promise((resolve) => setImmediate(resolve));
    return tilesOf(overview, indexLevel(levels.detail));
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
