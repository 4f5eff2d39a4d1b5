import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { LineString, MultiPolygon, Position } from 'geojson';

const require = createRequire(import.meta.url);

/**
 * Canada's provinces and territories from @svg-maps/canada (CC BY 4.0, from MapSVG): SVG paths
 * in a Mercator projection, turned back into longitude and latitude. The two linear maps below
 * (SVG x to longitude, SVG y to Mercator y) are least-squares fits on borders whose coordinates
 * are known exactly: the 141st meridian (Yukon), the 110th and 120th (Alberta), the 102nd
 * (Manitoba), the 49th and 60th parallels (Alberta), Cape Spear, Middle Island and Cape Columbia.
 * Longitudes land within 0.01°, latitudes within about 0.07° (the drawing's own generalisation),
 * which is why the provinces give borders and lake shores here, never the coastline.
 */
const LONGITUDE_PER_PX = 0.11159736317305374;
const LONGITUDE_AT_0 = -141.03717728602496;
const MERCATOR_Y_PER_PX = -0.0019485148241086638;
const MERCATOR_Y_AT_0 = 2.810898977616679;

export function svgToLngLat([x, y]: [number, number]): Position {
  const longitude = LONGITUDE_AT_0 + x * LONGITUDE_PER_PX;
  const latitude = ((2 * Math.atan(Math.exp(MERCATOR_Y_AT_0 + y * MERCATOR_Y_PER_PX)) - Math.PI / 2) * 180) / Math.PI;
  return [Number(longitude.toFixed(5)), Number(latitude.toFixed(5))];
}

/** The rings of a path made of relative moves ('m'), relative line-tos and closes ('z'), as that file uses. */
export function svgPathRings(d: string): [number, number][][] {
  const rings: [number, number][][] = [];
  let ring: [number, number][] | null = null;
  let x = 0;
  let y = 0;
  let start: [number, number] = [0, 0];
  let moving = false;
  for (const token of d.trim().split(/\s+/)) {
    if (token === 'm' || token === 'M') {
      if (token === 'M') throw new Error('absolute moves are not expected in @svg-maps/canada');
      moving = true;
      continue;
    }
    if (token === 'z' || token === 'Z') {
      if (ring) rings.push(ring);
      ring = null;
      [x, y] = start;
      continue;
    }
    const [dx, dy] = token.split(',').map(Number);
    if (dx === undefined || dy === undefined || Number.isNaN(dx) || Number.isNaN(dy))
      throw new Error(`unexpected path token ${token}`);
    x += dx;
    y += dy;
    if (moving) {
      start = [x, y];
      ring = [[x, y]];
      moving = false;
    } else ring?.push([x, y]);
  }
  if (ring) rings.push(ring);
  return rings;
}

export type Province = { code: string; name: string; rings: [number, number][][] };

let provinces: Province[] | undefined;

export function canadianProvinces(): Province[] {
  if (provinces) return provinces;
  const svg = readFileSync(require.resolve('@svg-maps/canada/canada.svg'), 'utf8');
  provinces = [...svg.matchAll(/<path\s+id="(\w+)"\s+aria-label="([^"]+)"\s+d="([^"]+)"/g)].map(
    ([, code, name, d]) => ({ code: code!.toUpperCase(), name: name!, rings: svgPathRings(d!) }),
  );
  if (provinces.length !== 13)
    throw new Error(`expected 13 provinces and territories in @svg-maps/canada, found ${provinces.length}`);
  return provinces;
}

/** Each province as longitude/latitude polygons (every ring an outer ring: the file has no holes). */
export function provinceLand(): { code: string; geometry: MultiPolygon }[] {
  return canadianProvinces().map((province) => ({
    code: province.code,
    geometry: {
      type: 'MultiPolygon',
      coordinates: province.rings
        .filter((ring) => ring.length >= 3)
        .map((ring) => {
          const points = ring.map(svgToLngLat);
          return [[...points, points[0]!]];
        }),
    },
  }));
}

/**
 * The borders between provinces: the stretches of a province's outline that lie on another
 * province's outline. The two outlines of one border are separate paths whose relative steps
 * were rounded, so their points drift apart a little: a point counts as shared when the other
 * province has a point within 0.35 px (about 2 km). Each border is kept once.
 */
export function provinceBorders(): LineString[] {
  const all = canadianProvinces();
  const TOLERANCE = 0.35;
  const cellOf = (value: number) => Math.floor(value);
  const grid = new Map<string, { code: string; point: [number, number] }[]>();
  for (const province of all) {
    for (const ring of province.rings) {
      for (const point of ring) {
        const key = `${cellOf(point[0])},${cellOf(point[1])}`;
        const list = grid.get(key) ?? [];
        list.push({ code: province.code, point });
        grid.set(key, list);
      }
    }
  }
  const sharedWithLater = (point: [number, number], self: string) => {
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const other of grid.get(`${cellOf(point[0]) + dx},${cellOf(point[1]) + dy}`) ?? []) {
          // Keep the border once: from the province whose code sorts first.
          if (other.code <= self) continue;
          if (Math.hypot(other.point[0] - point[0], other.point[1] - point[1]) <= TOLERANCE) return true;
        }
      }
    }
    return false;
  };
  const lines: LineString[] = [];
  for (const province of all) {
    for (const ring of province.rings) {
      let run: Position[] = [];
      const flush = () => {
        if (run.length >= 2) lines.push({ type: 'LineString', coordinates: run });
        run = [];
      };
      for (const point of ring) {
        if (sharedWithLater(point, province.code)) run.push(svgToLngLat(point));
        else flush();
      }
      flush();
    }
  }
  return lines;
}
