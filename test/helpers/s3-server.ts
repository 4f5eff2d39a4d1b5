import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from '@20minutes/s3rver';

export const S3_TEST_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

/**
 * A real S3-compatible server (s3rver) on a loopback port, files in a temporary directory.
 * s3rver computes the SigV4 canonical path of bucket-level requests (ListObjectsV2) without the
 * trailing slash the SDK and S3 sign, so it is told to accept well-formed signatures that differ;
 * everything else (XML protocol, keys, streaming bodies, 404s) is the real thing.
 */
export async function startS3Server(bucket = 'media') {
  const directory = mkdtempSync(join(tmpdir(), 'harborline-s3-'));
  let server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
    allowMismatchedSignatures: true,
  });
  let { port } = await server.run();
  return {
    endpoint: () => `http://127.0.0.1:${port}`,
    bucket,
    /** Stops it (an outage); `start()` brings it back on the same port with the same files. */
    async stop() {
      await server.close();
    },
    async start() {
      server = new S3rver({
        port,
        address: '127.0.0.1',
        silent: true,
        directory,
        configureBuckets: [{ name: bucket }],
        allowMismatchedSignatures: true,
      });
      ({ port } = await server.run());
    },
    async destroy() {
      await server.close().catch(() => undefined);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
