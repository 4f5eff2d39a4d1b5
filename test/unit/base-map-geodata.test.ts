import { expect } from 'chai';
import type { Position } from 'geojson';
import { provinceBorders, provinceLand, svgToLngLat } from '../../server/modules/maps/canada-provinces';

const inRing = ([x, y]: Position, ring: Position[]) => {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi! > y! !== yj! > y! && x! < ((xj! - xi!) * (y! - yi!)) / (yj! - yi!) + xi!) inside = !inside;
  }
  return inside;
};

describe('Canadian provinces from @svg-maps/canada', () => {
  const land = provinceLand();
  const provinceAt = (point: Position) =>
    land
      .filter((province) => province.geometry.coordinates.some((polygon) => inRing(point, polygon[0]!)))
      .map((p) => p.code);

  it('puts cities in their province after undoing the projection', () => {
    const cities: [string, Position][] = [
      ['AB', [-114.07, 51.05]], // Calgary
      ['BC', [-120.33, 50.67]], // Kamloops
      ['SK', [-104.62, 50.45]], // Regina
      ['MB', [-97.14, 49.9]], // Winnipeg
      ['ON', [-75.7, 45.42]], // Ottawa
      ['QC', [-71.89, 45.4]], // Sherbrooke
      ['NB', [-66.64, 45.96]], // Fredericton
      ['NS', [-63.28, 45.37]], // Truro
      ['NL', [-54.61, 48.95]], // Gander
    ];
    for (const [code, point] of cities) expect(provinceAt(point), `${code} ${point}`).to.deep.equal([code]);
  });

  it('leaves the Great Lakes out of Ontario (so the base map can draw them as water)', () => {
    expect(provinceAt([-77.8, 43.6])).to.deep.equal([]); // Lake Ontario
    expect(provinceAt([-82.0, 44.5])).to.deep.equal([]); // Lake Huron
  });

  it('lands the fitted borders where they are: the 110th meridian between Alberta and Saskatchewan', () => {
    const [longitude, latitude] = svgToLngLat([278.17, 938.02]);
    expect(longitude).to.be.closeTo(-110, 0.02);
    expect(latitude).to.be.closeTo(49, 0.1);
    const onMeridian = provinceBorders().filter((line) =>
      line.coordinates.some(([x, y]) => Math.abs(x! + 110) < 0.02 && y! > 52 && y! < 58),
    );
    expect(onMeridian.length).to.be.greaterThan(0);
  });
});
