import type { VectorTile } from '@mapbox/vector-tile';

/** Tile x/y of a point at a zoom (Web Mercator). */
export function tileOf(longitude: number, latitude: number, zoom: number): [number, number] {
  const n = 2 ** zoom;
  const sin = Math.sin((latitude * Math.PI) / 180);
  return [
    Math.floor(((longitude + 180) / 360) * n),
    Math.floor((0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n),
  ];
}

/** The point's position inside its tile, in the tile's own units (0 to extent). */
function positionInTile(longitude: number, latitude: number, zoom: number, extent: number): [number, number] {
  const n = 2 ** zoom;
  const sin = Math.sin((latitude * Math.PI) / 180);
  const x = ((longitude + 180) / 360) * n;
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n;
  return [(x - Math.floor(x)) * extent, (y - Math.floor(y)) * extent];
}

/** Even-odd test over every ring of a polygon feature (outer rings and holes alike). */
function insideRings(rings: { x: number; y: number }[][], [px, py]: [number, number]): boolean {
  let inside = false;
  for (const ring of rings)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i]!;
      const b = ring[j]!;
      if (a.y > py !== b.y > py && px < ((b.x - a.x) * (py - a.y)) / (b.y - a.y) + a.x) inside = !inside;
    }
  return inside;
}

/** Whether a layer's polygons cover the point, in the tile at `zoom` that holds it. */
export function layerCovers(
  tileAt: (z: number, x: number, y: number) => VectorTile,
  layerName: string,
  zoom: number,
  longitude: number,
  latitude: number,
): boolean {
  const [x, y] = tileOf(longitude, latitude, zoom);
  const layer = tileAt(zoom, x, y).layers[layerName];
  if (!layer) return false;
  const point = positionInTile(longitude, latitude, zoom, layer.extent);
  for (let i = 0; i < layer.length; i++) {
    const feature = layer.feature(i);
    if (feature.type === 3 && insideRings(feature.loadGeometry(), point)) return true;
  }
  return false;
}

/** Land on the base map: inside the land layer and not inside a lake. */
export const onLand = (
  tileAt: (z: number, x: number, y: number) => VectorTile,
  zoom: number,
  longitude: number,
  latitude: number,
) => layerCovers(tileAt, 'land', zoom, longitude, latitude) && !layerCovers(tileAt, 'lakes', zoom, longitude, latitude);
