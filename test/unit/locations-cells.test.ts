import { expect } from 'chai';
import { CELLS_PER_DEGREE, cellCover, type CellCover } from '../../server/modules/locations/cells';
import { haversineMiles, type LatLng } from '../../shared/locations/geo';

function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const cellOf = (point: LatLng) => ({
  row: Math.floor(point.latitude * CELLS_PER_DEGREE),
  column: Math.floor(point.longitude * CELLS_PER_DEGREE),
});

/** How the cover holds a point: 'whole' (its cell is counted whole), 'edge' (tested), or missing. */
function coverOf(cover: CellCover, point: LatLng): Array<'whole' | 'edge'> {
  const { row, column } = cellOf(point);
  const found: Array<'whole' | 'edge'> = [];
  cover.whole.row.forEach((r, i) => {
    if (r === row && column >= cover.whole.from[i]! && column <= cover.whole.to[i]!) found.push('whole');
  });
  cover.edge.row.forEach((r, i) => {
    if (r === row && point.longitude >= cover.edge.fromLng[i]! && point.longitude < cover.edge.toLng[i]!)
      found.push('edge');
  });
  return found;
}

/** A random point within `miles` of the centre (uniform enough for a property test), clipped to the map. */
function pointNear(centre: LatLng, miles: number, random: () => number): LatLng {
  const latitude = Math.max(-90, Math.min(90, centre.latitude + (random() - 0.5) * 2 * (miles / 69) * 1.1));
  let longitude =
    centre.longitude +
    (random() - 0.5) * 2 * Math.min(360, (miles / 69 / Math.max(0.01, Math.cos((latitude * Math.PI) / 180))) * 1.1);
  longitude = ((((longitude + 180) % 360) + 360) % 360) - 180;
  if (random() < 0.02) longitude = 180;
  return { latitude, longitude };
}

describe('the nearby grid cover (cellCover)', () => {
  const centres: LatLng[] = [
    { latitude: 38.5, longitude: -98 },
    { latitude: 51.2, longitude: 179.9 },
    { latitude: -51.2, longitude: -179.95 },
    { latitude: 89.9, longitude: -45 },
    { latitude: -89.99, longitude: 10 },
    { latitude: 0, longitude: 180 },
    { latitude: 12.3, longitude: -180 },
    { latitude: 70, longitude: 0.1 },
  ];
  const radii = [0, 0.5, 13, 25, 200, 500, 2500];

  it('holds every point within the radius exactly once, and a whole cell only where the cell is inside', () => {
    const random = sequence(11);
    for (const centre of centres) {
      for (const radius of radii) {
        const cover = cellCover(centre, radius);
        for (let i = 0; i < 1500; i++) {
          const point = pointNear(centre, Math.max(radius, 1), random);
          const held = coverOf(cover, point);
          // 84,000 points: chai is called only for a point that fails, to say which one.
          const where = () =>
            `centre ${centre.latitude},${centre.longitude} radius ${radius} point ${point.latitude},${point.longitude}`;
          if (held.length > 1) expect(held.length, where()).to.be.at.most(1);
          if (held.length !== 1 && haversineMiles(centre, point) <= radius) expect(held, where()).to.have.length(1);
          if (held[0] === 'whole') {
            // Every corner of a whole cell is inside (its farthest point is a corner).
            const { row, column } = cellOf(point);
            for (const [dr, dc] of [
              [0, 0],
              [0, 1],
              [1, 0],
              [1, 1],
            ] as const) {
              const corner = {
                latitude: Math.min(90, (row + dr) / CELLS_PER_DEGREE),
                longitude: (column + dc) / CELLS_PER_DEGREE,
              };
              const distance = haversineMiles(centre, corner);
              if (distance > radius) expect(distance, `${where()} corner`).to.be.at.most(radius);
            }
          }
        }
      }
    }
  });

  it('counts nothing whole for a zero radius and lists each cell once across the antimeridian', () => {
    expect(cellCover({ latitude: 10, longitude: 20 }, 0).whole.row).to.deep.equal([]);
    const cover = cellCover({ latitude: 51.2, longitude: 179.9 }, 200);
    const seen = new Set<string>();
    cover.whole.row.forEach((row, i) => {
      for (let column = cover.whole.from[i]!; column <= cover.whole.to[i]!; column++) {
        expect(seen.has(`${row}:${column}`), `${row}:${column}`).to.equal(false);
        seen.add(`${row}:${column}`);
      }
    });
    expect([...seen].some((key) => key.endsWith(':-720') || key.endsWith(':719'))).to.equal(true);
  });
});
