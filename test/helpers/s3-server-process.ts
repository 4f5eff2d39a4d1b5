import type { Server } from 'node:http';
import S3rver from '@20minutes/s3rver';

/**
 * The child process behind test/helpers/s3-server.ts: s3rver on a loopback port, driven by
 * messages. A process of its own, so that the test process's own work (PGlite runs on its main
 * thread) cannot stall the object store's answers into "socket hang up".
 */
type Command = { run: { port: number; directory: string; bucket: string } } | { close: true };

let server: S3rver | undefined;

process.on('message', (command: Command) => {
  void (async () => {
    try {
      if ('run' in command) {
        const { port, directory, bucket } = command.run;
        server = new S3rver({
          port,
          address: '127.0.0.1',
          silent: true,
          directory,
          configureBuckets: [{ name: bucket }],
          // s3rver signs bucket-level requests without the trailing slash the SDK signs.
          allowMismatchedSignatures: true,
        });
        const address = await server.run();
        // Node closes a keep-alive connection after 5 idle seconds; the SDK may send its next
        // request on that socket just as it closes ("socket hang up", which a streamed upload
        // cannot retry). On a loaded machine a suite easily idles 5 s between two requests, so the
        // store keeps idle connections for two minutes, as object stores do (S3 about 20 s and up).
        const { httpServer } = server as unknown as { httpServer: Server };
        httpServer.keepAliveTimeout = 120_000;
        httpServer.headersTimeout = 121_000;
        process.send!({ port: address.port });
      } else {
        await server?.close();
        server = undefined;
        process.send!({ closed: true });
      }
    } catch (error) {
      process.send!({ error: String(error) });
    }
  })();
});
process.on('disconnect', () => process.exit(0));
