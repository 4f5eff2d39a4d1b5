import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader as Pbf } from 'pbf';
import { expect } from 'chai';
import request from 'supertest';
import sharp from 'sharp';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { staticMapKey } from '../../server/modules/maps/static-map';
import { staticMapStorageKey } from '../../server/modules/maps/service';
import { loadAssetManifest } from '../../server/ssr/assets';
import type { MediaStorage } from '../../server/storage/media-storage';
import { openMediaStorage } from '../../server/storage/open-media-storage';
import { createTestApp, type TestApp } from '../helpers/app';
import { onLand, tileOf } from '../helpers/map-tiles';
import { S3_TEST_CREDENTIALS, startS3Server } from '../helpers/s3-server';

const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

/** A storage that counts writes, to prove a picture is drawn and stored once. */
function counting(storage: MediaStorage): MediaStorage & { puts: string[] } {
  const puts: string[] = [];
  return Object.assign(Object.create(storage) as MediaStorage, {
    puts,
    put: (key: string, body: Parameters<MediaStorage['put']>[1], options: Parameters<MediaStorage['put']>[2]) => {
      puts.push(key);
      return storage.put(key, body, options);
    },
  });
}

describe('offline base map and location map images', function () {
  this.timeout(120_000);
  let t: TestApp;
  before(async function () {
    this.timeout(180_000); // migrating and seeding the whole demo is slow on a busy machine
    t = await createTestApp();
  });
  after(async () => t?.close());

  it('serves vector tiles with land, lakes, borders and city names, cached for a year', async () => {
    const [x, y] = tileOf(-87.63, 41.88, 8); // Chicago and Lake Michigan
    const res = await request(t.app).get(`/maps/v1/tiles/8/${x}/${y}.pbf`).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).to.equal('application/x-protobuf');
    expect(res.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
    const tile = new VectorTile(new Pbf(res.body as Buffer));
    expect(Object.keys(tile.layers)).to.include.members(['land', 'lakes', 'state_borders', 'cities']);
    const names = Array.from(
      { length: tile.layers.cities!.length },
      (_, i) => tile.layers.cities!.feature(i).properties.name,
    );
    expect(names).to.include('Chicago');
    // Zoomed out, the whole world is there too (the overview level).
    const world = await request(t.app).get('/maps/v1/tiles/0/0/0.pbf').buffer(true).parse(binary).expect(200);
    expect(Object.keys(new VectorTile(new Pbf(world.body as Buffer)).layers)).to.include.members([
      'land',
      'country_borders',
    ]);
  });

  it('draws New York at city zoom: its boroughs on land, its rivers and bay as water (zooms 10 to 12)', async () => {
    const fetched = new Map<string, VectorTile>();
    for (const z of [10, 11, 12]) {
      const needed = [
        [-73.9857, 40.7484],
        [-73.969, 40.6602],
        [-73.7949, 40.7282],
        [-74.0431, 40.7178],
        [-74.012, 40.76],
        [-74.05, 40.67],
      ].map(([longitude, latitude]) => tileOf(longitude!, latitude!, z));
      for (const [x, y] of needed) {
        const key = `${z}/${x}/${y}`;
        if (fetched.has(key)) continue;
        const res = await request(t.app).get(`/maps/v1/tiles/${key}.pbf`).buffer(true).parse(binary).expect(200);
        fetched.set(key, new VectorTile(new Pbf(res.body as Buffer)));
      }
    }
    const tileAt = (z: number, x: number, y: number) => fetched.get(`${z}/${x}/${y}`)!;
    for (const z of [10, 11, 12]) {
      expect(onLand(tileAt, z, -73.9857, 40.7484), `Midtown Manhattan at zoom ${z}`).to.equal(true);
      expect(onLand(tileAt, z, -73.969, 40.6602), `Prospect Park, Brooklyn at zoom ${z}`).to.equal(true);
      expect(onLand(tileAt, z, -73.7949, 40.7282), `Queens at zoom ${z}`).to.equal(true);
      expect(onLand(tileAt, z, -74.0431, 40.7178), `Jersey City at zoom ${z}`).to.equal(true);
      expect(onLand(tileAt, z, -74.012, 40.76), `the Hudson at zoom ${z}`).to.equal(false);
      expect(onLand(tileAt, z, -74.05, 40.67), `Upper New York Bay at zoom ${z}`).to.equal(false);
    }
  });

  it('answers 404 for tiles that cannot exist, and serves the label font', async () => {
    for (const path of [
      '/maps/v1/tiles/13/0/0.pbf',
      '/maps/v1/tiles/2/4/0.pbf',
      '/maps/v1/tiles/2/0/4.pbf',
      '/maps/v1/tiles/-1/0/0.pbf',
      '/maps/v1/tiles/a/b/c.pbf',
      '/maps/v1/tiles/1/0/__proto__',
      '/maps/v1/tiles/1/0/0.png',
      '/maps/v1/tiles/1.5/0/0.pbf',
    ]) {
      await request(t.app).get(path).expect(404);
    }
    const font = await request(t.app)
      .get('/maps/v1/fonts/source-sans-3-latin-400.woff2')
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(font.headers['content-type']).to.equal('font/woff2');
    expect((font.body as Buffer).subarray(0, 4).toString('latin1')).to.equal('wOF2');
  });

  it('prints both map images with alt text on a location page', async () => {
    const row = await t.db
      .selectFrom('locations')
      .select(['rlid', 'address1', 'city', 'state', 'state_slug', 'city_slug', 'line1_slug'])
      .where('country', '=', 'US')
      .orderBy('rlid')
      .executeTakeFirstOrThrow();
    const page = await request(t.app)
      .get(`/locations/list/${row.state_slug}/${row.city_slug}/${row.line1_slug}/`)
      .expect(200);
    expect(page.text).to.include(`srcSet="/media/maps/locations/${row.rlid}/small.png"`);
    expect(page.text).to.include(`src="/media/maps/locations/${row.rlid}/large.png"`);
    expect(page.text).to.include(
      `alt="Map of the area around ${row.address1}, ${row.city}, ${row.state}, with the restaurant marked"`,
    );
  });

  it('draws a map image once, keeps it in media storage and serves it from there', async () => {
    const storage = counting(openMediaStorage(t.config.media));
    const app = createApp({
      config: t.config,
      db: t.db,
      logger: t.logger,
      assets: loadAssetManifest(),
      media: storage,
    });
    const row = await t.db
      .selectFrom('locations')
      .select(['rlid', 'latitude', 'longitude'])
      .where('rlid', '=', 1002)
      .executeTakeFirstOrThrow();
    const url = `/media/maps/locations/${row.rlid}/small.png`;
    const first = await Promise.all(
      Array.from({ length: 4 }, () => request(app).get(url).buffer(true).parse(binary).expect(200)),
    );
    const key = staticMapStorageKey(
      staticMapKey({ latitude: row.latitude, longitude: row.longitude, variant: 'small' }),
    );
    expect(storage.puts).to.deep.equal([key]); // four requests at once, one picture drawn
    for (const res of first) expect(Buffer.compare(res.body as Buffer, first[0]!.body as Buffer)).to.equal(0);
    const meta = await sharp(first[0]!.body as Buffer).metadata();
    expect(meta).to.include({ format: 'png', width: 780, height: 480 });
    const again = await request(app).get(url).buffer(true).parse(binary).expect(200);
    expect(again.headers['x-map-cache']).to.equal('hit');
    expect(Buffer.compare(again.body as Buffer, first[0]!.body as Buffer)).to.equal(0);
    await request(app).get(url).set('If-None-Match', String(again.headers.etag)).expect(304);

    // A restaurant that moves gets a new picture under a new key.
    await t.db
      .updateTable('locations')
      .set({ latitude: row.latitude + 0.05 })
      .where('rlid', '=', row.rlid)
      .execute();
    const moved = await request(app).get(url).expect(200);
    expect(moved.headers['x-map-cache']).to.equal('miss');
    expect(storage.puts).to.have.length(2);
    expect(moved.headers.etag).to.not.equal(again.headers.etag);
  });

  it('answers 404 for unknown restaurants and variants', async () => {
    for (const path of [
      '/media/maps/locations/999999/small.png',
      '/media/maps/locations/abc/small.png',
      '/media/maps/locations/1001/huge.png',
      '/media/maps/locations/1001/small.jpg',
      '/media/maps/locations/0/small.png',
    ]) {
      await request(t.app).get(path).expect(404);
    }
  });

  it('keeps map images in an S3-compatible store the same way', async () => {
    const s3 = await startS3Server();
    try {
      const env = {
        NODE_ENV: 'test',
        MEDIA_STORAGE_URL: `s3://${s3.bucket}/maps-test?endpoint=${encodeURIComponent(s3.endpoint())}&region=us-east-1`,
        ...S3_TEST_CREDENTIALS,
      };
      const storage = openMediaStorage(loadConfig(env).media);
      const app = createApp({
        config: t.config,
        db: t.db,
        logger: t.logger,
        assets: loadAssetManifest(),
        media: storage,
      });
      await request(app).get('/media/maps/locations/1003/large.png').expect(200).expect('X-Map-Cache', 'miss');
      const keys: string[] = [];
      for await (const entry of storage.list('maps/')) keys.push(entry.key);
      expect(keys).to.have.length(1);
      expect(keys[0]).to.match(/^maps\/static\/[0-9a-f]{20}\.png$/);
      await request(app).get('/media/maps/locations/1003/large.png').expect(200).expect('X-Map-Cache', 'hit');
    } finally {
      await s3.destroy();
    }
  });
});
