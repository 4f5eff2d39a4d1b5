import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../server/config';

describe('media storage configuration', () => {
  const made: string[] = [];
  const dataDir = () => {
    made.push(mkdtempSync(join(tmpdir(), 'harborline-config-')));
    return made.at(-1)!;
  };
  after(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const base = () => ({
    DATA_DIR: dataDir(),
    COMMIT_ID: 'abc',
    BRANCH: 'main',
  });

  it('keeps media in DATA_DIR/media unless an object store is configured', () => {
    const env = base();
    expect(loadConfig(env).media).to.deep.equal({ driver: 'local', root: join(env.DATA_DIR, 'media') });
  });

  it('reads MEDIA_STORAGE_URL: bucket, key prefix, endpoint, region and path style', () => {
    const media = loadConfig({
      ...base(),
      MEDIA_STORAGE_URL:
        's3://harborline-media/prod/site?endpoint=https%3A%2F%2Fminio.internal%3A9000&region=eu-west-3',
      AWS_ACCESS_KEY_ID: 'id',
      AWS_SECRET_ACCESS_KEY: 'secret',
    }).media;
    expect(media).to.deep.equal({
      driver: 's3',
      bucket: 'harborline-media',
      prefix: 'prod/site/',
      region: 'eu-west-3',
      endpoint: 'https://minio.internal:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
    });
    const aws = loadConfig({ ...base(), MEDIA_STORAGE_URL: 's3://harborline-media', AWS_REGION: 'us-west-2' }).media;
    expect(aws).to.include({
      driver: 's3',
      prefix: '',
      region: 'us-west-2',
      forcePathStyle: false,
      endpoint: undefined,
      credentials: undefined,
    });
  });

  it('reads the usual S3 variables when there is no URL', () => {
    const media = loadConfig({
      ...base(),
      S3_BUCKET: 'media-bucket',
      S3_PREFIX: 'uploads/',
      AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'false',
    }).media;
    expect(media).to.include({
      driver: 's3',
      bucket: 'media-bucket',
      prefix: 'uploads/',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: false,
      region: 'us-east-1',
    });
  });

  it('names the variable and the problem for bad values', () => {
    const bad: Array<[Record<string, string>, RegExp]> = [
      [
        { MEDIA_STORAGE_URL: 'https://bucket.example/x' },
        /^Invalid environment variable MEDIA_STORAGE_URL: must be an s3:\/\/bucket\/prefix URL/,
      ],
      [{ MEDIA_STORAGE_URL: 'not a url' }, /MEDIA_STORAGE_URL: must be an s3:/],
      [{ MEDIA_STORAGE_URL: 's3://Bad_Bucket/x' }, /MEDIA_STORAGE_URL: 'Bad_Bucket' is not a valid bucket name/],
      [{ MEDIA_STORAGE_URL: 's3://key:secret@bucket/x' }, /put credentials in AWS_ACCESS_KEY_ID/],
      [{ MEDIA_STORAGE_URL: 's3://bucket/x?endpoint=ftp://host' }, /the endpoint must be an http/],
      [{ MEDIA_STORAGE_URL: 's3://bucket/x?regoin=us-east-1' }, /unknown parameter regoin/],
      [{ MEDIA_STORAGE_URL: 's3://bucket/x?forcePathStyle=yes' }, /forcePathStyle must be true or false/],
      [{ MEDIA_STORAGE_URL: 's3://bucket/a%20b/x' }, /key prefix/],
      [{ S3_BUCKET: 'bucket', S3_PREFIX: 'a b' }, /^Invalid environment variable S3_PREFIX/],
      [{ S3_BUCKET: 'bucket', S3_FORCE_PATH_STYLE: 'maybe' }, /^Invalid environment variable S3_FORCE_PATH_STYLE/],
      [
        { S3_BUCKET: 'bucket', AWS_ACCESS_KEY_ID: 'only-the-id' },
        /^Missing environment variable AWS_SECRET_ACCESS_KEY/,
      ],
    ];
    for (const [env, message] of bad)
      expect(() => loadConfig({ ...base(), ...env }), JSON.stringify(env)).to.throw(ConfigError, message);
  });
});
