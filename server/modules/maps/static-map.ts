import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { GeoJSONVTFeature } from '@maplibre/geojson-vt';
import {
  BASE_MAP_COLOURS,
  BASE_MAP_LAYERS,
  BASE_MAP_MAX_ZOOM,
  BASE_MAP_VERSION,
  CITY_RANK_MIN_ZOOM,
  STATIC_MAP_SIZES,
} from '../../../shared/maps/base-map';
import { baseMapTiles, type TileLayers } from './tiles';

/**
 * Static map images for location pages (spec: "mobile and desktop map images"): the base map's
 * own tiles drawn as SVG around the restaurant, its marker in the middle, rendered once to PNG
 * by sharp. Same geodata, same colours as the interactive map.
 */
export type StaticMapVariant = 'small' | 'large';

/** CSS size and zoom of each variant; drawn at twice the size for sharp screens. */
export const STATIC_MAP_VARIANTS: Record<StaticMapVariant, { width: number; height: number; zoom: number }> = {
  small: { ...STATIC_MAP_SIZES.small, zoom: 10 },
  large: { ...STATIC_MAP_SIZES.large, zoom: 10 },
};
const SCALE = 2;
const RENDERER_VERSION = 1;
const TILE = 256;
const EXTENT = 4096;

export type StaticMapSpec = { latitude: number; longitude: number; variant: StaticMapVariant };

/** A short hash of everything that changes the picture: a moved restaurant gets a new image. */
export function staticMapKey(spec: StaticMapSpec): string {
  const { width, height, zoom } = STATIC_MAP_VARIANTS[spec.variant];
  const text = JSON.stringify([
    BASE_MAP_VERSION,
    RENDERER_VERSION,
    spec.latitude.toFixed(5),
    spec.longitude.toFixed(5),
    width,
    height,
    zoom,
  ]);
  return createHash('sha256').update(text).digest('hex').slice(0, 20);
}

/** Web Mercator world pixels at a zoom (256-pixel tiles). */
function project(longitude: number, latitude: number, zoom: number): [number, number] {
  const size = TILE * 2 ** zoom;
  const sin = Math.sin((latitude * Math.PI) / 180);
  const x = ((longitude + 180) / 360) * size;
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size;
  return [x, y];
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
const round = (value: number) => Math.round(value * 10) / 10;

/** The SVG of one static map, from the base map's tile layers (exported for tests and for looking at). */
export function staticMapSvg(spec: StaticMapSpec, layersAt: (z: number, x: number, y: number) => TileLayers): string {
  const { width, height, zoom } = STATIC_MAP_VARIANTS[spec.variant];
  const tileZoom = Math.min(zoom, BASE_MAP_MAX_ZOOM);
  const [centreX, centreY] = project(spec.longitude, spec.latitude, zoom);
  const left = centreX - width / 2;
  const top = centreY - height / 2;
  const tilesAcross = 2 ** tileZoom;
  const fills: string[] = [];
  const lakes: string[] = [];
  const states: string[] = [];
  const countries: string[] = [];
  const labels: { x: number; y: number; name: string; rank: number }[] = [];

  const firstTileX = Math.floor(left / TILE);
  const lastTileX = Math.floor((left + width) / TILE);
  const firstTileY = Math.max(0, Math.floor(top / TILE));
  const lastTileY = Math.min(tilesAcross - 1, Math.floor((top + height) / TILE));
  for (let ty = firstTileY; ty <= lastTileY; ty++) {
    for (let column = firstTileX; column <= lastTileX; column++) {
      const tx = ((column % tilesAcross) + tilesAcross) % tilesAcross;
      const layers = layersAt(tileZoom, tx, ty);
      const toPixel = ([gx, gy]: [number, number]): [number, number] => [
        round(column * TILE + (gx / EXTENT) * TILE - left),
        round(ty * TILE + (gy / EXTENT) * TILE - top),
      ];
      const pathOf = (feature: GeoJSONVTFeature, close: boolean) =>
        feature.type === 1
          ? ''
          : feature.geometry
              .map((ring) => `M${ring.map((point) => toPixel(point).join(' ')).join('L')}${close ? 'Z' : ''}`)
              .join('');
      for (const feature of layers[BASE_MAP_LAYERS.land]?.features ?? []) fills.push(pathOf(feature, true));
      for (const feature of layers[BASE_MAP_LAYERS.lakes]?.features ?? []) lakes.push(pathOf(feature, true));
      for (const feature of layers[BASE_MAP_LAYERS.states]?.features ?? []) states.push(pathOf(feature, false));
      for (const feature of layers[BASE_MAP_LAYERS.countries]?.features ?? []) countries.push(pathOf(feature, false));
      for (const feature of layers[BASE_MAP_LAYERS.cities]?.features ?? []) {
        if (feature.type !== 1) continue;
        const rank = Number(feature.tags?.rank ?? 3) as 1 | 2 | 3;
        if (CITY_RANK_MIN_ZOOM[rank] > zoom) continue;
        for (const point of feature.geometry) {
          const [x, y] = toPixel(point);
          if (x > 0 && x < width && y > 0 && y < height)
            labels.push({ x, y, name: String(feature.tags?.name ?? ''), rank });
        }
      }
    }
  }

  // Labels: biggest cities first; one that would overlap a placed label (or the marker) is left out.
  const placed: { x0: number; y0: number; x1: number; y1: number }[] = [
    { x0: width / 2 - 24, y0: height / 2 - 44, x1: width / 2 + 24, y1: height / 2 + 6 },
  ];
  const texts: string[] = [];
  for (const label of labels.sort((a, b) => a.rank - b.rank)) {
    const size = label.rank === 1 ? 15 : label.rank === 2 ? 13 : 12;
    const box = {
      x0: label.x - label.name.length * size * 0.3,
      y0: label.y - size,
      x1: label.x + label.name.length * size * 0.3,
      y1: label.y + 4,
    };
    if (placed.some((other) => box.x0 < other.x1 && box.x1 > other.x0 && box.y0 < other.y1 && box.y1 > other.y0))
      continue;
    placed.push(box);
    texts.push(`<text x="${label.x}" y="${label.y}" font-size="${size}">${escapeXml(label.name)}</text>`);
  }

  const c = BASE_MAP_COLOURS;
  const cx = width / 2;
  const cy = height / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width * SCALE}" height="${height * SCALE}" viewBox="0 0 ${width} ${height}">
<rect width="${width}" height="${height}" fill="${c.water}"/>
<path d="${fills.join('')}" fill="${c.land}" fill-rule="nonzero"/>
<path d="${lakes.join('')}" fill="${c.water}" fill-rule="nonzero"/>
<path d="${states.join('')}" fill="none" stroke="${c.stateBorder}" stroke-width="1" stroke-dasharray="4 3"/>
<path d="${countries.join('')}" fill="none" stroke="${c.countryBorder}" stroke-width="1.4"/>
<g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" fill="${c.label}" text-anchor="middle" stroke="${c.labelHalo}" stroke-width="3" paint-order="stroke" stroke-linejoin="round">${texts.join('')}</g>
<g transform="translate(${cx} ${cy})"><path d="M0 0C-3 -9 -14 -16 -14 -26A14 14 0 1 1 14 -26C14 -16 3 -9 0 0Z" fill="${c.marker}" stroke="#FFFFFF" stroke-width="2"/><circle cx="0" cy="-26" r="5.5" fill="${c.markerText}"/></g>
</svg>`;
}

/** The PNG of one static map (a palette PNG: flat colours compress well). */
export async function renderStaticMap(spec: StaticMapSpec): Promise<Buffer> {
  const tiles = await baseMapTiles();
  return sharp(Buffer.from(staticMapSvg(spec, tiles.layers)))
    .png({ palette: true, quality: 90, compressionLevel: 9 })
    .toBuffer();
}
