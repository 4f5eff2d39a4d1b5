import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { cdnPurgeHandler } from '../../server/cache/cdn-purge';
import { loadConfig } from '../../server/config';
import type { Db } from '../../server/db';

/** The purge job against a real HTTP server: what it sends, and when it gives up. */
type Seen = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string };

async function purgeServer(
  statuses: number[],
  path = '/_edge/purge/',
): Promise<{ url: string; seen: Seen[]; close(): Promise<void> }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method!, path: req.url!, headers: req.headers, body });
      res.statusCode = statuses[Math.min(seen.length - 1, statuses.length - 1)]!;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
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

describe('CDN purge job: Fastly and Cloudflare request shapes', () => {
  const token = 'provider-api-token-0123456789';

  it('purges Fastly keys with one batch POST /service/<id>/purge, the token in Fastly-Key', async () => {
    const server = await purgeServer([200], '/service/SU1Z0isxPaozGVKXdv0eY/purge');
    try {
      await cdnPurgeHandler({ provider: 'fastly', url: server.url, secret: token })(db, {
        keys: ['t-pages', 'site-1'],
        all: false,
      });
      expect(server.seen).to.have.length(1);
      const [request] = server.seen;
      expect(request!.method).to.equal('POST');
      expect(request!.path).to.equal('/service/SU1Z0isxPaozGVKXdv0eY/purge');
      expect(request!.headers['fastly-key']).to.equal(token);
      expect(request!.headers['surrogate-key']).to.equal('t-pages site-1');
      expect(request!.headers).not.to.have.property('x-purge-secret');
      expect(request!.body).to.equal('');
    } finally {
      await server.close();
    }
  });

  it('purges everything on Fastly with POST /service/<id>/purge_all', async () => {
    const server = await purgeServer([200], '/service/abc/purge');
    try {
      await cdnPurgeHandler({ provider: 'fastly', url: server.url, secret: token })(db, { keys: [], all: true });
      expect(server.seen.map((request) => [request.method, request.path])).to.deep.equal([
        ['POST', '/service/abc/purge_all'],
      ]);
      expect(server.seen[0]!.headers['fastly-key']).to.equal(token);
      expect(server.seen[0]!.headers).not.to.have.property('surrogate-key');
    } finally {
      await server.close();
    }
  });

  it('purges Cloudflare tags with POST /zones/<zone>/purge_cache, a Bearer token and {"tags": [...]}', async () => {
    const server = await purgeServer([200], '/client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/purge_cache');
    try {
      await cdnPurgeHandler({ provider: 'cloudflare', url: server.url, secret: token })(db, {
        keys: ['t-pages', 't-snippets'],
        all: false,
      });
      expect(server.seen).to.have.length(1);
      const [request] = server.seen;
      expect(request!.method).to.equal('POST');
      expect(request!.path).to.equal('/client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/purge_cache');
      expect(request!.headers.authorization).to.equal(`Bearer ${token}`);
      expect(request!.headers['content-type']).to.equal('application/json');
      expect(JSON.parse(request!.body)).to.deep.equal({ tags: ['t-pages', 't-snippets'] });
    } finally {
      await server.close();
    }
  });

  it('sends Cloudflare at most 30 tags per call, and purge_everything for all', async () => {
    const server = await purgeServer([200], '/client/v4/zones/z/purge_cache');
    try {
      const keys = Array.from({ length: 45 }, (_, i) => `t-table${i}`);
      await cdnPurgeHandler({ provider: 'cloudflare', url: server.url, secret: token })(db, { keys, all: false });
      await cdnPurgeHandler({ provider: 'cloudflare', url: server.url, secret: token })(db, { keys: [], all: true });
      const bodies = server.seen.map((request) => JSON.parse(request.body) as Record<string, unknown>);
      expect(bodies).to.deep.equal([{ tags: keys.slice(0, 30) }, { tags: keys.slice(30) }, { purge_everything: true }]);
    } finally {
      await server.close();
    }
  });

  it('fails the attempt when the provider refuses the token, without asking again at once', async () => {
    const server = await purgeServer([403], '/client/v4/zones/z/purge_cache');
    try {
      const failure = await cdnPurgeHandler({
        provider: 'cloudflare',
        url: server.url,
        secret: 'a-revoked-token-0123',
      })(db, { keys: ['t-pages'], all: false }).catch((error: Error) => error);
      expect((failure as Error).message).to.equal('CDN purge answered 403');
      expect(server.seen).to.have.length(1);
    } finally {
      await server.close();
    }
  });
});

describe('CDN purge configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/harborline-config-check' };

  it('accepts each provider with its API URL and token', () => {
    expect(
      loadConfig({
        ...base,
        CDN_PURGE_PROVIDER: 'fastly',
        CDN_PURGE_URL: 'https://api.fastly.com/service/SU1Z0isxPaozGVKXdv0eY/purge',
        CDN_PURGE_SECRET: 'provider-api-token-0123',
      }).cdnPurgeProvider,
    ).to.equal('fastly');
    expect(loadConfig({ ...base }).cdnPurgeProvider).to.equal('varnish');
  });

  it('refuses a provider URL of the wrong shape, a missing token and an unknown provider, saying what to set', () => {
    expect(() =>
      loadConfig({
        ...base,
        CDN_PURGE_PROVIDER: 'cloudflare',
        CDN_PURGE_URL: 'https://api.cloudflare.com/client/v4/zones/z',
        CDN_PURGE_SECRET: 'provider-api-token-0123',
      }),
    ).to.throw(
      /CDN_PURGE_URL: with CDN_PURGE_PROVIDER=cloudflare, CDN_PURGE_URL must be https:\/\/api\.cloudflare\.com/,
    );
    expect(() =>
      loadConfig({ ...base, CDN_PURGE_PROVIDER: 'fastly', CDN_PURGE_URL: 'https://api.fastly.com/service/x/purge' }),
    ).to.throw(/Missing environment variable CDN_PURGE_SECRET: the Fastly API token/);
    expect(() => loadConfig({ ...base, CDN_PURGE_PROVIDER: 'akamai' })).to.throw(/CDN_PURGE_PROVIDER/);
  });
});
