import { expect } from 'chai';
import http from 'node:http';
import net from 'node:net';
import { once } from 'node:events';
import { createLogger } from '../../server/logger';
import { gracefulDrain } from '../../server/shutdown';

const PORT = Number(process.env.DRAIN_TEST_PORT ?? 3201);

/** A server whose one route waits until the test lets it answer; the drain's release and exit are recorded. */
async function drainingServer(
  options: { abandonedMs?: number; graceMs?: number; hardExitAfterGraceMs?: number; releaseHangs?: boolean } = {},
) {
  const events: string[] = [];
  let answer = () => undefined as void;
  let arrive = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const server = http.createServer((req, res) => {
    events.push(`request ${req.url}`.trim().replace(' /slow', ''));
    answer = () => {
      events.push('answered');
      try {
        res.end('slow but fine');
      } catch (error) {
        events.push(`late: ${(error as Error).message}`);
      }
    };
    arrive();
  });
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const drain = gracefulDrain({
    server,
    logger: createLogger('silent'),
    graceMs: options.graceMs ?? 30_000,
    abandonedMs: options.abandonedMs,
    hardExitAfterGraceMs: options.hardExitAfterGraceMs,
    release: async () => {
      events.push('released');
      release();
      if (options.releaseHangs) await new Promise(() => undefined);
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

  it('answers a request still running at the end of the grace period 503 with Retry-After, then releases and exits 1', async () => {
    const s = await drainingServer({ graceMs: 300 });
    const response = getAnswer(`http://127.0.0.1:${PORT}/slow`, { accept: 'application/json' });
    await s.arrived;
    s.stop();
    const answer = await response;
    expect(answer.status).to.equal(503);
    expect(answer.headers['retry-after']).to.match(/^\d+$/);
    expect(answer.headers.connection).to.equal('close');
    expect(JSON.parse(answer.body).error.code).to.equal('service_unavailable');
    await s.released;
    await new Promise((r) => setImmediate(r));
    // The handler finishing afterwards changes nothing and throws nothing.
    s.answer();
    await new Promise((r) => setTimeout(r, 20));
    expect(s.events).to.deep.equal(['request', 'released', 'exit 1', 'answered']);
  });

  it('exits at the hard deadline when the release never ends (a pool whose clients never come back)', async () => {
    const s = await drainingServer({ graceMs: 100, hardExitAfterGraceMs: 200, releaseHangs: true });
    const startedAt = Date.now();
    s.stop();
    await s.released;
    await new Promise((r) => setTimeout(r, 400));
    expect(s.events).to.deep.equal(['released', 'exit 1']);
    expect(Date.now() - startedAt).to.be.lessThan(1000);
  });

  it('answers a request that arrives on an open connection during the drain 503 before the app sees it', async () => {
    const s = await drainingServer();
    // One request in flight keeps the drain going; a second connection sends its request after SIGTERM.
    const first = getAnswer(`http://127.0.0.1:${PORT}/slow`);
    await s.arrived;
    const socket = net.connect(PORT, '127.0.0.1');
    await once(socket, 'connect');
    s.stop();
    let raw = '';
    socket.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    socket.on('error', () => undefined);
    socket.write('GET /late HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\n\r\n');
    await once(socket, 'close');
    s.answer();
    expect((await first).status).to.equal(200);
    expect(s.events).not.to.include('request /late');
    expect(raw).to.match(/^HTTP\/1\.1 503 /);
    expect(raw).to.match(/\r\nRetry-After: \d+\r\n/i);
    expect(raw).to.include('right back');
    await s.released;
  });
});

function getAnswer(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}
