import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VectorTile } from '@mapbox/vector-tile';
import { expect } from 'chai';
import { PbfReader as Pbf } from 'pbf';
import { Compression, TileType } from 'pmtiles';
import request from 'supertest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { MapArchiveError, openMapArchive, type MapArchive } from '../../server/modules/maps/map-archive';
import { loadAssetManifest } from '../../server/ssr/assets';
import { BASE_MAP_COLOURS } from '../../shared/maps/base-map';
import { createTestApp, type TestApp } from '../helpers/app';
import { demoArchiveTiles } from '../helpers/demo-archive';
import { serverEntryArgs } from '../../scripts/server-bundle';
import { onLand, tileOf } from '../helpers/map-tiles';
import { writePmtiles, type TileToWrite } from '../helpers/pmtiles-writer';

const ROOT = join(import.meta.dirname, '..', '..');
const NEW_YORK: [number, number] = [-73.9857, 40.7484];
const ZOOMS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

/** A plain file server with HTTP range requests, as an object store answers them. */
function rangeServer(file: Buffer): Promise<Server> {
  const server = createServer((req, res) => {
    const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    if (!range) return res.writeHead(200, { 'Content-Length': file.length }).end(file);
    const start = Number(range[1]);
    if (start >= file.length) return res.writeHead(416, { 'Content-Range': `bytes */${file.length}` }).end();
    const end = Math.min(Number(range[2]), file.length - 1);
    res
      .writeHead(206, { 'Content-Range': `bytes ${start}-${end}/${file.length}`, ETag: '"archive-1"' })
      .end(file.subarray(start, end + 1));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('MAP_PMTILES: an operator’s PMTiles archive as the base map', function () {
  this.timeout(120_000);
  let t: TestApp;
  let dir: string;
  let tiles: TileToWrite[];
  let archiveFile: string;
  let archive: MapArchive;
  before(async function () {
    this.timeout(180_000);
    t = await createTestApp();
    dir = mkdtempSync(join(tmpdir(), 'pmtiles-test-'));
    tiles = await demoArchiveTiles(...NEW_YORK, ZOOMS);
    archiveFile = join(dir, 'demo.pmtiles');
    // Leaves of 8 entries: the reads go root, leaf, tile as in a real planet archive.
    writeFileSync(
      archiveFile,
      writePmtiles(tiles, { leafSize: 8, metadata: { attribution: 'Harborline demo tiles' } }),
    );
    archive = await openMapArchive(archiveFile);
  });
  after(async () => {
    await archive?.close();
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const appWith = (mapArchive: MapArchive) =>
    createApp({ config: t.config, db: t.db, logger: t.logger, assets: loadAssetManifest(), mapArchive });

  it('serves the archive’s tiles through the site’s own URLs, gzip as stored or decompressed', async () => {
    const app = appWith(archive);
    for (const tile of tiles.filter((_, i) => i % 7 === 0)) {
      const path = `/maps/pmtiles/${archive.id}/tiles/${tile.z}/${tile.x}/${tile.y}.mvt`;
      const gz = await request(app).get(path).set('Accept-Encoding', 'gzip').buffer(true).parse(binary).expect(200);
      expect(gz.headers['content-encoding']).to.equal('gzip');
      expect(gz.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
      // The client unzips: what it read is the tile, and what came over the wire was smaller.
      expect(Buffer.compare(gz.body as Buffer, tile.data), path).to.equal(0);
      if (tile.data.length > 200) expect(Number(gz.headers['content-length'])).to.be.lessThan(tile.data.length);
      const plain = await request(app).get(path).set('Accept-Encoding', 'identity').buffer(true).parse(binary);
      expect(plain.status).to.equal(200);
      expect(plain.headers['content-encoding']).to.equal(undefined);
      expect(plain.headers['content-type']).to.equal('application/vnd.mapbox-vector-tile');
      expect(Buffer.compare(plain.body as Buffer, tile.data), path).to.equal(0);
    }
    // Decoded: New York is land and the Hudson water, in the Protomaps layers.
    const [x, y] = tileOf(...NEW_YORK, 10);
    const res = await request(app).get(`/maps/pmtiles/${archive.id}/tiles/10/${x}/${y}.mvt`).buffer(true).parse(binary);
    const decoded = new VectorTile(new Pbf(res.body as Buffer));
    expect(Object.keys(decoded.layers)).to.include.members(['earth', 'boundaries', 'places']);
    const renamed = { layers: { land: decoded.layers.earth, lakes: decoded.layers.water } } as unknown as VectorTile;
    expect(onLand(() => renamed, 10, ...NEW_YORK)).to.equal(true);
    expect(onLand(() => renamed, 10, -74.012, 40.76)).to.equal(false);
  });

  it('answers 204 for a tile the archive leaves out, 404 outside its zooms or for another archive id', async () => {
    const app = appWith(archive);
    await request(app).get(`/maps/pmtiles/${archive.id}/tiles/10/0/0.mvt`).expect(204);
    for (const path of [
      `/maps/pmtiles/${archive.id}/tiles/11/0/0.mvt`,
      `/maps/pmtiles/${archive.id}/tiles/2/4/0.mvt`,
      `/maps/pmtiles/${archive.id}/tiles/2/0/0.pbf`,
      `/maps/pmtiles/${archive.id}/tiles/a/0/0.mvt`,
      `/maps/pmtiles/0000000000000000/tiles/0/0/0.mvt`,
    ])
      await request(app).get(path).expect(404);
  });

  it('serves the site’s style for the archive and makes it the map page’s style', async () => {
    const app = appWith(archive);
    const res = await request(app).get(`/maps/pmtiles/${archive.id}/style.json`).expect(200);
    expect(res.headers['content-type']).to.match(/^application\/json/);
    const style = res.body as {
      sources: Record<string, { tiles: string[]; maxzoom: number; attribution: string }>;
      layers: { id: string; paint?: Record<string, unknown>; 'source-layer'?: string }[];
    };
    expect(style.sources.protomaps!.tiles).to.deep.equal([`/maps/pmtiles/${archive.id}/tiles/{z}/{x}/{y}.mvt`]);
    expect(style.sources.protomaps!.maxzoom).to.equal(10);
    expect(style.sources.protomaps!.attribution).to.equal('Harborline demo tiles');
    const layer = (id: string) => style.layers.find((l) => l.id === id);
    expect(layer('earth')?.paint?.['fill-color']).to.equal(BASE_MAP_COLOURS.land);
    expect(layer('water')?.paint?.['fill-color']).to.equal(BASE_MAP_COLOURS.water);
    expect(style.layers.some((l) => l['source-layer'] === 'pois' || l['source-layer'] === 'transit')).to.equal(false);
    const page = await request(app).get('/locations/map/').expect(200);
    expect(page.text).to.include(`"mapStyleUrl":"/maps/pmtiles/${archive.id}/style.json"`);
    // Without MAP_PMTILES there is no archive route.
    await request(t.app).get(`/maps/pmtiles/${archive.id}/style.json`).expect(404);
  });

  it('reads an archive at an http(s) URL with range requests', async () => {
    const server = await rangeServer(readFileSync(archiveFile));
    try {
      const remote = await openMapArchive(`http://127.0.0.1:${(server.address() as AddressInfo).port}/demo.pmtiles`);
      expect(remote.id).to.equal(archive.id);
      const tile = tiles[tiles.length - 1]!;
      const res = await request(appWith(remote))
        .get(`/maps/pmtiles/${remote.id}/tiles/${tile.z}/${tile.x}/${tile.y}.mvt`)
        .set('Accept-Encoding', 'identity')
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(Buffer.compare(res.body as Buffer, tile.data)).to.equal(0);
      await remote.close();
    } finally {
      server.close();
    }
  });

  it('refuses a missing file, a file that is not PMTiles v3, raster tiles and zstd, each with one line', async () => {
    const refusal = async (setting: string) => {
      const error = await openMapArchive(setting).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error, setting).to.be.instanceOf(MapArchiveError);
      const message = (error as Error).message;
      expect(message.split('\n'), message).to.have.length(1);
      return message;
    };
    const file = (name: string, bytes: Buffer) => {
      writeFileSync(join(dir, name), bytes);
      return join(dir, name);
    };
    const some = tiles.slice(0, 3);
    expect(await refusal(join(dir, 'nowhere.pmtiles'))).to.equal(
      `MAP_PMTILES: no file at ${join(dir, 'nowhere.pmtiles')}`,
    );
    expect(await refusal(file('text.pmtiles', Buffer.from('not a map at all, just some text')))).to.match(
      /is not a PMTiles archive/,
    );
    expect(await refusal(file('v2.pmtiles', writePmtiles(some, { specVersion: 2 })))).to.match(
      /is a PMTiles version 2 archive; only version 3 is served/,
    );
    expect(await refusal(file('png.pmtiles', writePmtiles(some, { tileType: TileType.Png })))).to.match(
      /holds PNG tiles; only vector tiles \(MVT\) are served$/,
    );
    expect(await refusal(file('zstd.pmtiles', writePmtiles(some, { tileCompression: Compression.Zstd })))).to.match(
      /compresses its tiles with zstd, which this server cannot read$/,
    );
    const notFound = await rangeServer(Buffer.alloc(0));
    notFound.removeAllListeners('request').on('request', (_req, res) => res.writeHead(404).end());
    const url = `http://127.0.0.1:${(notFound.address() as AddressInfo).port}/gone.pmtiles`;
    expect(await refusal(url)).to.equal(`MAP_PMTILES: ${url} cannot be read: ${url} answered 404`);
    notFound.close();
  });

  it('checks the setting’s form, and stops the server at start-up with the one line', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', MAP_PMTILES: 'ftp://example.org/a.pmtiles' })).to.throw(
      'Invalid environment variable MAP_PMTILES: must be a file path or an https:// URL (plain http only on localhost)',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', MAP_PMTILES: 'http://tiles.example.org/a.pmtiles' })).to.throw(
      /MAP_PMTILES: must be a file path or an https:\/\/ URL/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'test', MAP_PMTILES: 'a.pmtiles', MAP_STYLE_URL: 'https://tiles.example.org/s.json' }),
    ).to.throw(/not both/);
    expect(loadConfig({ NODE_ENV: 'test', MAP_PMTILES: 'maps/a.pmtiles' }).mapPmtiles).to.equal(
      join(process.cwd(), 'maps/a.pmtiles'),
    );
    const png = join(dir, 'png-start.pmtiles');
    writeFileSync(png, writePmtiles(tiles.slice(0, 2), { tileType: TileType.Png }));
    const result = spawnSync(process.execPath, serverEntryArgs(), {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'development', PORT: '0', DATA_DIR: dir, MAP_PMTILES: png },
      encoding: 'utf8',
    });
    expect(result.status).to.equal(1);
    expect(result.stderr.trim()).to.equal(`MAP_PMTILES: ${png} holds PNG tiles; only vector tiles (MVT) are served`);
  });
});
