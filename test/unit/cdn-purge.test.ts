import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { cdnPurgeHandler } from '../../server/cache/cdn-purge';
import type { Db } from '../../server/db';

/** The purge job against a real HTTP server: what it sends, and when it gives up. */
type Seen = { method: string; headers: http.IncomingHttpHeaders; body: string };

async function purgeServer(statuses: number[]): Promise<{ url: string; seen: Seen[]; close(): Promise<void> }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method!, headers: req.headers, body });
      res.statusCode = statuses[Math.min(seen.length - 1, statuses.length - 1)]!;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/_edge/purge/`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const db = {} as Db;

describe('CDN purge job', () => {
  it('sends the keys as Surrogate-Key and JSON, with the secret', async () => {
    const server = await purgeServer([200]);
    try {
      await cdnPurgeHandler({ url: server.url, secret: 'a-shared-secret-0123' })(db, {
        keys: ['t-pages', 't-snippets'],
        all: false,
      });
      expect(server.seen).to.have.length(1);
      const [request] = server.seen;
      expect(request!.method).to.equal('POST');
      expect(request!.headers['surrogate-key']).to.equal('t-pages t-snippets');
      expect(request!.headers['x-purge-secret']).to.equal('a-shared-secret-0123');
      expect(JSON.parse(request!.body)).to.deep.equal({ keys: ['t-pages', 't-snippets'], all: false });
    } finally {
      await server.close();
    }
  });

  it('purges everything with the key `all`', async () => {
    const server = await purgeServer([200]);
    try {
      await cdnPurgeHandler({ url: server.url })(db, { keys: [], all: true });
      expect(server.seen[0]!.headers['surrogate-key']).to.equal('all');
      expect(server.seen[0]!.headers['x-purge-secret']).to.equal(undefined);
    } finally {
      await server.close();
    }
  });

  it('tries again quickly when the CDN answers 5xx, and succeeds', async () => {
    const server = await purgeServer([503, 200]);
    try {
      await cdnPurgeHandler({ url: server.url })(db, { keys: ['t-pages'], all: false });
      expect(server.seen).to.have.length(2);
    } finally {
      await server.close();
    }
  });

  it('fails the attempt (recorded and retried by the runner) after the quick tries', async () => {
    const server = await purgeServer([502]);
    try {
      const failure = await cdnPurgeHandler({ url: server.url })(db, { keys: ['t-pages'], all: false }).then(
        () => null,
        (error: Error) => error,
      );
      expect(failure?.message).to.equal('CDN purge answered 502');
      expect(server.seen).to.have.length(3);
    } finally {
      await server.close();
    }
  });

  it('does not ask again at once when refused (a wrong secret)', async () => {
    const server = await purgeServer([403]);
    try {
      const failure = await cdnPurgeHandler({ url: server.url, secret: 'wrong-secret-0123456' })(db, {
        keys: ['t-pages'],
        all: false,
      }).catch((error: Error) => error);
      expect((failure as Error).message).to.equal('CDN purge answered 403');
      expect(server.seen).to.have.length(1);
    } finally {
      await server.close();
    }
  });

  it('fails the attempt when nothing listens', async () => {
    const server = await purgeServer([200]);
    await server.close();
    const failure = await cdnPurgeHandler({ url: server.url })(db, { keys: ['t-pages'], all: false }).catch(
      (error: Error) => error,
    );
    expect((failure as Error).message).to.match(/^CDN purge failed: /);
  });
});
