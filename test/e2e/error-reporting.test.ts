import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect } from 'chai';
import { openTab } from '../helpers/browser';
import { useBrowserSuite, waitForHydration } from '../helpers/browser-suite';
import { DIST_DIR } from '../../server/paths';

/** A stand-in for the error-reporting service: records envelope POSTs, answers like Sentry. */
async function startCollector() {
  const received: Array<{ path: string; body: string }> = [];
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.method === 'POST') {
        received.push({ path: req.url ?? '', body });
        for (const wake of waiters.splice(0)) wake();
      }
      res.writeHead(200, { 'Access-Control-Allow-Origin': '*', 'Content-Type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  /** Resolves once `count` reports have arrived; fails after `ms`. */
  const waitForReports = async (count: number, ms = 5000) => {
    const deadline = Date.now() + ms;
    while (received.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${count} report(s), the collector has ${received.length}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  return { port, received, waitForReports, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('browser error reporting in Chromium', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  const options = { env: {} as Record<string, string> };
  // Runs before the suite's own hook, which reads `options` when it creates the app.
  before(async () => {
    collector = await startCollector();
    options.env.PUBLIC_SENTRY_DSN = `http://publickey@127.0.0.1:${collector.port}/42`;
  });
  after(() => collector?.close());
  const suite = useBrowserSuite(options);

  /** Opens the home page with Math.random pinned (to window.__random), which decides the 1% sampling. */
  async function openHome(randomValue: number) {
    const tab = await openTab(suite.chromium.browser);
    await tab.page.evaluateOnNewDocument((value: number) => {
      const pinned = window as unknown as { __random: number };
      pinned.__random = value;
      Math.random = () => pinned.__random;
    }, randomValue);
    const chunks: string[] = [];
    tab.page.on('request', (request) => chunks.push(request.url()));
    await tab.page.goto(`${suite.server.baseUrl}/`, { waitUntil: 'networkidle0' });
    await waitForHydration(tab.page);
    return { ...tab, chunks };
  }

  it('posts a sampled uncaught error to the envelope endpoint of the DSN', async () => {
    collector.received.length = 0;
    const tab = await openHome(0);
    expect(
      tab.chunks.some((url) => /\/chunks\/reporter-\w+\.js$/.test(url)),
      'reporter chunk loaded',
    ).to.equal(true);
    // Given as source text: a function compiled by tsx and sent through puppeteer throws
    // somewhere the page's 'error' listeners never hear of, unlike real page code.
    // The page's error reaches this process as an event of its own, which may come after the report.
    const thrown = new Promise<void>((resolve) =>
      tab.page.on('pageerror', (error) => (error as Error).message?.includes('Boom') && resolve()),
    );
    await tab.page.evaluate("setTimeout(() => { throw new TypeError('Boom from the reporting test'); }, 0);");
    await Promise.all([collector.waitForReports(1), thrown]);
    expect(collector.received).to.have.length(1);
    expect(collector.received[0]!.path).to.equal('/api/42/envelope/?sentry_key=publickey&sentry_version=7');
    const [header, item, event] = collector.received[0]!.body.split('\n').map(
      (line) => JSON.parse(line) as Record<string, any>,
    );
    expect(header!.dsn).to.equal(options.env.PUBLIC_SENTRY_DSN);
    expect(item).to.deep.equal({ type: 'event' });
    expect(event!.exception.values[0]).to.include({ type: 'TypeError', value: 'Boom from the reporting test' });
    expect(event!.release).to.equal('test-commit');
    expect(event!.request.url).to.equal(`${suite.server.baseUrl}/`);
    // The thrown error is the only problem on the page: the report itself caused none.
    expect(tab.problems).to.deep.equal(['page error: Boom from the reporting test']);
    await tab.page.close();
  });

  it('does not send errors outside the 1% sample', async () => {
    collector.received.length = 0;
    const tab = await openHome(0.5);
    const envelopes: string[] = [];
    tab.page.on(
      'request',
      (request) => void (request.url().includes('/envelope/') && envelopes.push(request.postData() ?? '')),
    );
    await tab.page.evaluate("setTimeout(() => { throw new Error('Not in the sample'); }, 0);");
    // A second error drawn inside the sample: once its report arrives, the first one, thrown
    // earlier, would have been sent before it if it were going to be.
    const secondThrown = new Promise<void>((resolve) =>
      tab.page.on('pageerror', (error) => (error as Error).message?.includes('In the sample') && resolve()),
    );
    await tab.page.evaluate("window.__random = 0; setTimeout(() => { throw new Error('In the sample'); }, 0);");
    await Promise.all([collector.waitForReports(1), secondThrown]);
    expect(tab.problems).to.deep.equal(['page error: Not in the sample', 'page error: In the sample']);
    expect(envelopes).to.have.length(1);
    expect(envelopes[0]).to.include('In the sample').and.not.include('Not in the sample');
    expect(collector.received).to.have.length(1);
    await tab.page.close();
  });

  it('keeps the reporter out of what pages without a DSN download', () => {
    // The reporter must live in a chunk that only the dynamic import reaches: not in the entry
    // and not in any module that the entry or a template preloads.
    const manifest = JSON.parse(readFileSync(join(DIST_DIR, 'manifest.json'), 'utf8')) as {
      hydrate: { file: string; preload: string[] };
      templates: Record<string, { file: string; preload: string[] }>;
    };
    const metafile = JSON.parse(readFileSync(join(DIST_DIR, 'client-metafile.json'), 'utf8')) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    const holders = Object.entries(metafile.outputs)
      .filter(([, output]) =>
        Object.keys(output.inputs).some((input) => input.endsWith('client/error-reporting/reporter.ts')),
      )
      .map(([path]) => `/static/assets/${path.split('public/assets/')[1]}`);
    expect(holders).to.have.length(1);
    expect(holders[0]).to.match(/\/chunks\/reporter-\w+\.js$/);
    const eager = [
      manifest.hydrate.file,
      ...manifest.hydrate.preload,
      ...Object.values(manifest.templates).flatMap((t) => [t.file, ...t.preload]),
    ];
    expect(eager).to.not.include(holders[0]);
  });
});
