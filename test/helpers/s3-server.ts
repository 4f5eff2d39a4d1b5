import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const S3_TEST_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

type Reply = { port?: number; closed?: true; error?: string };

/** Sends one command to the child and waits for its answer. */
function ask(child: ChildProcess, command: object): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const onExit = () => reject(new Error('the S3 test server exited'));
    child.once('exit', onExit);
    child.once('message', (reply: Reply) => {
      child.off('exit', onExit);
      if (reply.error) reject(new Error(`S3 test server: ${reply.error}`));
      else resolve(reply);
    });
    child.send(command);
  });
}

/**
 * A real S3-compatible server (s3rver) on a loopback port, files in a temporary directory, in a
 * child process (test/helpers/s3-server-process.ts). s3rver computes the SigV4 canonical path of
 * bucket-level requests (ListObjectsV2) without the trailing slash the SDK and S3 sign, so it is
 * told to accept well-formed signatures that differ; everything else (XML protocol, keys, streaming
 * bodies, 404s) is the real thing.
 */
export async function startS3Server(bucket = 'media') {
  const directory = mkdtempSync(join(tmpdir(), 'harborline-s3-'));
  const child = fork(join(import.meta.dirname, 's3-server-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let { port } = await ask(child, { run: { port: 0, directory, bucket } });
  return {
    endpoint: () => `http://127.0.0.1:${port}`,
    bucket,
    /** Stops it (an outage); `start()` brings it back on the same port with the same files. */
    async stop() {
      await ask(child, { close: true });
    },
    async start() {
      ({ port } = await ask(child, { run: { port, directory, bucket } }));
    },
    async destroy() {
      if (child.connected) await ask(child, { close: true }).catch(() => undefined);
      child.kill();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
