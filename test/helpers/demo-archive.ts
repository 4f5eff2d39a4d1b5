import type { GeoJSONVTTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { BASE_MAP_LAYERS } from '../../shared/maps/base-map';
import { baseMapTiles } from '../../server/modules/maps/tiles';
import { tileOf } from './map-tiles';
import type { TileToWrite } from './pmtiles-writer';

type Features = GeoJSONVTTile['features'];
const tagged = (tile: GeoJSONVTTile | undefined, tags: Record<string, string>): Features =>
  (tile?.features ?? []).map((feature) => ({ ...feature, tags: { ...feature.tags, ...tags } })) as unknown as Features;

/**
 * The demo's own base map tiles around a point, renamed to the Protomaps basemap's layers (land
 * as `earth`, lakes as `water`, borders as `boundaries` of kind country or region, cities as
 * `places` of kind locality), the shape of an archive an operator would set in MAP_PMTILES.
 * Each zoom gets the tile holding the point and its eight neighbours.
 */
export async function demoArchiveTiles(longitude: number, latitude: number, zooms: number[]): Promise<TileToWrite[]> {
  const tiles = await baseMapTiles();
  const written: TileToWrite[] = [];
  for (const z of zooms) {
    const [cx, cy] = tileOf(longitude, latitude, z);
    for (let x = cx - 1; x <= cx + 1; x++)
      for (let y = cy - 1; y <= cy + 1; y++) {
        if (x < 0 || y < 0 || x >= 2 ** z || y >= 2 ** z) continue;
        const layers = tiles.layers(z, x, y);
        const protomaps: Record<string, { features: Features }> = {
          earth: { features: tagged(layers[BASE_MAP_LAYERS.land], { kind: 'earth' }) },
          water: { features: tagged(layers[BASE_MAP_LAYERS.lakes], { kind: 'lake' }) },
          boundaries: {
            features: [
              ...tagged(layers[BASE_MAP_LAYERS.countries], { kind: 'country' }),
              ...tagged(layers[BASE_MAP_LAYERS.states], { kind: 'region' }),
            ],
          },
          places: { features: tagged(layers[BASE_MAP_LAYERS.cities], { kind: 'locality' }) },
        };
        const kept = Object.fromEntries(Object.entries(protomaps).filter(([, layer]) => layer.features.length > 0));
        written.push({
          z,
          x,
          y,
          data: Buffer.from(
            fromGeojsonVt(kept as unknown as Record<string, GeoJSONVTTile>, { version: 2, extent: 4096 }),
          ),
        });
      }
  }
  return written;
}
