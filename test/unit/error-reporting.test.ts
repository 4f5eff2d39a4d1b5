import { expect } from 'chai';
import { parseDsn } from '../../client/error-reporting/dsn';
import { isNoise } from '../../client/error-reporting/filters';
import { installErrorReporter, type ReporterOptions } from '../../client/error-reporting/reporter';
import { parseStack } from '../../client/error-reporting/stack';

/** A stand-in for `window` that lets a test dispatch error events. */
function fakeWindow() {
  const target = new EventTarget();
  return Object.assign(target, {
    location: { origin: 'https://www.example.test', href: 'https://www.example.test/menu/' },
    navigator: { userAgent: 'TestAgent/1.0' },
  }) as unknown as NonNullable<ReporterOptions['target']> & EventTarget;
}

function errorEvent(error: unknown, message = ''): Event {
  return Object.assign(new Event('error'), { error, message });
}

describe('browser error reporter', () => {
  it('derives the envelope endpoint from a DSN', () => {
    expect(parseDsn('https://abc123@o1.ingest.example.test/42')?.envelopeUrl).to.equal(
      'https://o1.ingest.example.test/api/42/envelope/?sentry_key=abc123&sentry_version=7',
    );
    expect(parseDsn('http://key@127.0.0.1:9000/sub/7')?.envelopeUrl).to.equal(
      'http://127.0.0.1:9000/sub/api/7/envelope/?sentry_key=key&sentry_version=7',
    );
    expect(parseDsn('https://o1.ingest.example.test/42')).to.equal(null);
    expect(parseDsn('not a dsn')).to.equal(null);
    expect(parseDsn('https://key@host/not-a-number')).to.equal(null);
  });

  it('parses V8 and Gecko stacks, oldest frame first', () => {
    const v8 =
      'TypeError: x is undefined\n    at render (https://www.example.test/static/a.js:10:5)\n    at https://www.example.test/static/b.js:3:1';
    expect(parseStack(v8, 'https://www.example.test')).to.deep.equal([
      { filename: 'https://www.example.test/static/b.js', function: '?', lineno: 3, colno: 1, in_app: true },
      { filename: 'https://www.example.test/static/a.js', function: 'render', lineno: 10, colno: 5, in_app: true },
    ]);
    const gecko = 'handler@moz-extension://abc/content.js:1:2';
    expect(parseStack(gecko, 'https://www.example.test')).to.deep.equal([
      { filename: 'moz-extension://abc/content.js', function: 'handler', lineno: 1, colno: 2, in_app: false },
    ]);
  });

  it('treats extension URLs and known third-party messages as noise', () => {
    expect(isNoise('Error: Script error.', [])).to.equal(true);
    expect(isNoise('Error: ResizeObserver loop completed with undelivered notifications', [])).to.equal(true);
    expect(isNoise('TypeError: boom', ['chrome-extension://abcdef/inject.js'])).to.equal(true);
    expect(isNoise('TypeError: boom', ['https://www.googletagmanager.com/gtm.js'])).to.equal(true);
    expect(isNoise('TypeError: boom', ['https://www.example.test/static/a.js'])).to.equal(false);
  });

  it('sends a sampled error as a Sentry envelope and skips the rest of the sample', () => {
    const sent: Array<{ url: string; body: string }> = [];
    const target = fakeWindow();
    let draw = 0.005;
    const uninstall = installErrorReporter({
      dsn: 'https://abc@errors.example.test/42',
      release: 'commit-1',
      environment: 'main',
      random: () => draw,
      send: async (url, body) => sent.push({ url, body }),
      target,
    });
    target.dispatchEvent(errorEvent(new TypeError('menu is undefined')));
    draw = 0.5; // above the 1% default: not reported
    target.dispatchEvent(errorEvent(new RangeError('not sampled')));
    uninstall();
    target.dispatchEvent(errorEvent(new Error('after uninstall')));

    expect(sent).to.have.length(1);
    expect(sent[0]!.url).to.equal('https://errors.example.test/api/42/envelope/?sentry_key=abc&sentry_version=7');
    const [header, item, event] = sent[0]!.body.split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(header).to.include({ dsn: 'https://abc@errors.example.test/42' });
    expect(item).to.deep.equal({ type: 'event' });
    expect(event).to.include({ platform: 'javascript', level: 'error', release: 'commit-1', environment: 'main' });
    expect(event!.event_id).to.match(/^[0-9a-f]{32}$/);
    expect(event!.exception).to.have.nested.property('values[0].type', 'TypeError');
    expect(event!.exception).to.have.nested.property('values[0].value', 'menu is undefined');
    expect(event!.request).to.deep.equal({
      url: 'https://www.example.test/menu/',
      headers: { 'User-Agent': 'TestAgent/1.0' },
    });
  });

  it('reports unhandled rejections, drops noise and repeats, and never throws when sending fails', async () => {
    const sent: string[] = [];
    const target = fakeWindow();
    installErrorReporter({
      dsn: 'https://abc@errors.example.test/42',
      release: 'r',
      environment: 'e',
      sampleRate: 1,
      send: async (_url, body) => {
        sent.push(body);
        throw new Error('offline');
      },
      target,
    });
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('order failed') }));
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('order failed') }));
    target.dispatchEvent(errorEvent(null, 'Script error.'));
    target.dispatchEvent(errorEvent(new Error('ResizeObserver loop limit exceeded')));
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).to.have.length(1);
    expect(sent[0]).to.include('order failed').and.include('onunhandledrejection');
  });
});
