import { expect } from 'chai';
import http from 'node:http';
import { once } from 'node:events';
import { createLogger } from '../../server/logger';
import { gracefulDrain } from '../../server/shutdown';

const PORT = Number(process.env.DRAIN_TEST_PORT ?? 3201);

/** A server whose one route waits until the test lets it answer; the drain's release and exit are recorded. */
async function drainingServer(options: { abandonedMs?: number } = {}) {
  const events: string[] = [];
  let answer = () => undefined as void;
  let arrive = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const server = http.createServer((_req, res) => {
    events.push('request');
    answer = () => {
      events.push('answered');
      res.end('slow but fine');
    };
    arrive();
  });
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const drain = gracefulDrain({
    server,
    logger: createLogger('silent'),
    graceMs: 30_000,
    abandonedMs: options.abandonedMs,
    release: async () => {
      events.push('released');
      release();
    },
    exit: (code) => events.push(`exit ${code}`),
  });
  server.listen(PORT, '127.0.0.1');
  await once(server, 'listening');
  return { server, events, arrived, released, stop: () => drain.stop('SIGTERM'), answer: () => answer() };
}

describe('graceful drain', () => {
  it('releases the database only after a request in flight at SIGTERM has its 200', async () => {
    const s = await drainingServer();
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${PORT}/slow`, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        })
        .on('error', reject);
    });
    await s.arrived;
    s.stop();
    await new Promise((r) => setImmediate(r));
    expect(s.events).to.deep.equal(['request']);
    s.answer();
    expect(await response).to.deep.equal({ status: 200, body: 'slow but fine' });
    await s.released;
    await new Promise((r) => setImmediate(r));
    expect(s.events).to.deep.equal(['request', 'answered', 'released', 'exit 0']);
  });

  it('waits for a handler whose client left: the connection closes before the app is done with the database', async () => {
    const s = await drainingServer();
    const request = http.get(`http://127.0.0.1:${PORT}/slow`);
    request.on('error', () => undefined);
    await s.arrived;
    const serverClosed = once(s.server, 'close');
    request.destroy();
    s.stop();
    // The server's close callback runs once the connection is gone: the handler is still busy.
    await serverClosed;
    await new Promise((r) => setImmediate(r));
    expect(s.events).to.deep.equal(['request']);
    s.answer();
    await s.released;
    expect(s.events.slice(0, 3)).to.deep.equal(['request', 'answered', 'released']);
  });

  it('stops waiting for an abandoned response the app never ends', async () => {
    const s = await drainingServer({ abandonedMs: 20 });
    const request = http.get(`http://127.0.0.1:${PORT}/slow`);
    request.on('error', () => undefined);
    await s.arrived;
    request.destroy();
    s.stop();
    await s.released;
    expect(s.events).to.deep.equal(['request', 'released']);
  });
});
