import { EARTH_RADIUS_MILES, type LatLng } from '../../../shared/locations/geo';

/**
 * The location_cells grid (migration 2026_11_28_200000_location_cells): a cell is a quarter degree
 * of latitude (the table's generated lat_cell = floor(latitude * 4)) by a quarter degree of
 * longitude (floor(longitude * 4)). Both products are exact in floating point, so "cell >= j" is
 * "longitude >= j / 4" and the database's cell of a row and these bounds never disagree.
 */
export const CELLS_PER_DEGREE = 4;
const LAST_CELL = 180 * CELLS_PER_DEGREE;
const WORLD_CELLS = 2 * LAST_CELL;

/**
 * The cells the search circle covers, row by row. `whole`: runs of cells wholly inside the circle,
 * whose stored counts add up; `edge`: longitude ranges the circle's edge crosses (or may cross),
 * whose rows the query tests one by one. Together they hold every point within the radius.
 */
export type CellCover = {
  whole: { row: number[]; from: number[]; to: number[] };
  edge: { row: number[]; fromLng: number[]; toLng: number[] };
};

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const toDegrees = (radians: number) => (radians * 180) / Math.PI;

/**
 * Above this radius the reasoning below (a cell's farthest point is one of its corners) would need
 * the antipode kept out of every cell; the search's radius is at most 500 miles, so a radius this
 * large is only ever tested row by row.
 */
const WHOLE_CELLS_MAX_MILES = 3000;

/**
 * Half the longitude span (degrees) of the circle of `angle` radians round the centre on the parallel
 * `latitude`: 180 when the whole parallel is inside, -1 when the parallel misses the circle.
 */
function halfWidth(centreLat: number, angle: number, latitude: number): number {
  const phi0 = toRadians(centreLat);
  const phi = toRadians(latitude);
  const denominator = Math.cos(phi) * Math.cos(phi0);
  const numerator = Math.cos(angle) - Math.sin(phi) * Math.sin(phi0);
  if (denominator <= 1e-12) return numerator <= 0 ? 180 : -1;
  const cosine = numerator / denominator;
  if (cosine <= -1) return 180;
  if (cosine > 1) return -1;
  return toDegrees(Math.acos(cosine));
}

/**
 * Per row of cells: the longitudes any point of the circle can have in it (the widest parallel
 * of the row, on a radius grown by a hair so rounding can only widen it) and the longitudes where
 * the row's whole meridian segment is inside (its narrower end, on a radius shrunk by a hair so
 * rounding can only narrow it). Along a parallel the distance grows with the longitude
 * difference and along a meridian it has one minimum, so a cell is wholly inside when both its
 * sides lie within the second range. A row's runs (edge, whole, edge) are computed on unwrapped
 * longitudes and split where they pass 180, so no cell is listed twice.
 */
export function cellCover(centre: LatLng, radiusMiles: number): CellCover {
  const angle = Math.min(Math.PI, Math.max(0, radiusMiles) / EARTH_RADIUS_MILES);
  const outerAngle = Math.min(Math.PI, angle * (1 + 1e-9) + 1e-10);
  const innerAngle = angle * (1 - 1e-9) - 1e-10;
  const wholeCells = radiusMiles <= WHOLE_CELLS_MAX_MILES && innerAngle > 0;
  const reachDegrees = toDegrees(outerAngle);
  const minLat = Math.max(-90, centre.latitude - reachDegrees);
  const maxLat = Math.min(90, centre.latitude + reachDegrees);
  // The parallel where the circle is widest: its longitude span grows towards it from either side.
  const widest = toDegrees(
    Math.asin(Math.max(-1, Math.min(1, Math.sin(toRadians(centre.latitude)) / Math.cos(outerAngle)))),
  );
  const cover: CellCover = { whole: { row: [], from: [], to: [] }, edge: { row: [], fromLng: [], toLng: [] } };
  const firstRow = Math.floor(minLat * CELLS_PER_DEGREE);
  const lastRow = Math.floor(maxLat * CELLS_PER_DEGREE);
  for (let row = firstRow; row <= lastRow; row++) {
    const south = Math.max(minLat, row / CELLS_PER_DEGREE);
    const north = Math.min(maxLat, (row + 1) / CELLS_PER_DEGREE);
    const outer =
      radiusMiles > WHOLE_CELLS_MAX_MILES
        ? 180
        : halfWidth(centre.latitude, outerAngle, Math.min(north, Math.max(south, widest)));
    if (outer < 0) continue;
    const inner = wholeCells
      ? Math.min(
          halfWidth(centre.latitude, innerAngle, row / CELLS_PER_DEGREE),
          halfWidth(centre.latitude, innerAngle, Math.min(90, (row + 1) / CELLS_PER_DEGREE)),
        )
      : -1;
    const addRun = (kind: 'whole' | 'edge', from: number, to: number) => {
      if (from > to) return;
      // Unwrapped indices: the run starts in -720..719 and, when it passes 180, goes on from -180.
      const start = ((((from + LAST_CELL) % WORLD_CELLS) + WORLD_CELLS) % WORLD_CELLS) - LAST_CELL;
      const end = start + (to - from);
      const pieces: Array<[number, number]> =
        end < LAST_CELL
          ? [[start, end]]
          : [
              [start, LAST_CELL - 1],
              [-LAST_CELL, end - WORLD_CELLS],
            ];
      for (const [a, b] of pieces) {
        if (b < a) continue;
        if (kind === 'whole') {
          cover.whole.row.push(row);
          cover.whole.from.push(a);
          cover.whole.to.push(b);
        } else {
          cover.edge.row.push(row);
          cover.edge.fromLng.push(a / CELLS_PER_DEGREE);
          cover.edge.toLng.push((b + 1) / CELLS_PER_DEGREE);
        }
        // The points at exactly 180 (cell 720) lie on the meridian of -180: tested one by one.
        if (a === -LAST_CELL) {
          cover.edge.row.push(row);
          cover.edge.fromLng.push(180);
          cover.edge.toLng.push(180 + 1 / CELLS_PER_DEGREE);
        }
      }
    };
    const innerFrom = Math.ceil((centre.longitude - inner) * CELLS_PER_DEGREE);
    const innerTo = Math.floor((centre.longitude + inner) * CELLS_PER_DEGREE) - 1;
    if (inner >= 180) {
      addRun('whole', -LAST_CELL, LAST_CELL - 1);
    } else if (outer >= 179) {
      // The whole row may hold points of the circle: the cells not wholly inside, round the far side.
      if (innerFrom <= innerTo) {
        addRun('whole', innerFrom, innerTo);
        addRun('edge', innerTo + 1, innerFrom + WORLD_CELLS - 1);
      } else addRun('edge', -LAST_CELL, LAST_CELL - 1);
    } else {
      const outerFrom = Math.floor((centre.longitude - outer) * CELLS_PER_DEGREE);
      const outerTo = Math.floor((centre.longitude + outer) * CELLS_PER_DEGREE);
      if (innerFrom <= innerTo) {
        addRun('edge', outerFrom, innerFrom - 1);
        addRun('whole', innerFrom, innerTo);
        addRun('edge', innerTo + 1, outerTo);
      } else addRun('edge', outerFrom, outerTo);
    }
  }
  return cover;
}
