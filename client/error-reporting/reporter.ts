import { parseDsn } from './dsn';
import { newEventId, SDK, toEnvelope, type ErrorEvent } from './envelope';
import { isNoise } from './filters';
import { parseStack } from './stack';

/** Spec section 9: one error in a hundred is reported. */
export const DEFAULT_SAMPLE_RATE = 0.01;
/** A page stuck in an error loop must not flood the service (nor the visitor's network). */
const MAX_EVENTS_PER_PAGE = 10;

export type ReporterOptions = {
  dsn: string;
  release: string;
  environment: string;
  sampleRate?: number;
  /** Injected by tests; the sampling draw is made once per error, like Sentry's `sampleRate`. */
  random?: () => number;
  send?: (url: string, body: string) => Promise<unknown>;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener' | 'location' | 'navigator'>;
};

type Captured = { type: string; value: string; stack?: string; mechanism: string };

/**
 * Reports uncaught errors and unhandled promise rejections to the DSN's envelope endpoint.
 * Loaded lazily by client/hydrate.tsx only when the page carries a DSN. Returns a function
 * that removes the listeners.
 */
export function installErrorReporter(options: ReporterOptions): () => void {
  const parsed = parseDsn(options.dsn);
  const target = options.target ?? window;
  if (!parsed) return () => {};
  const sampleRate = options.sampleRate ?? DEFAULT_SAMPLE_RATE;
  const random = options.random ?? Math.random;
  const send = options.send ?? sendWithFetch;
  const seen = new Set<string>();
  let sent = 0;

  const report = (captured: Captured) => {
    const frames = parseStack(captured.stack, target.location.origin);
    if (
      isNoise(
        `${captured.type}: ${captured.value}`,
        frames.map((frame) => frame.filename),
      )
    )
      return;
    if (random() >= sampleRate) return;
    const fingerprint = `${captured.type}:${captured.value}`;
    if (seen.has(fingerprint) || sent >= MAX_EVENTS_PER_PAGE) return;
    seen.add(fingerprint);
    sent++;
    const event: ErrorEvent = {
      event_id: newEventId(),
      timestamp: Date.now() / 1000,
      platform: 'javascript',
      level: 'error',
      release: options.release,
      environment: options.environment,
      exception: {
        values: [
          {
            type: captured.type,
            value: captured.value,
            ...(frames.length ? { stacktrace: { frames } } : {}),
            mechanism: { type: captured.mechanism, handled: false },
          },
        ],
      },
      request: { url: target.location.href, headers: { 'User-Agent': target.navigator.userAgent } },
      tags: { mechanism: captured.mechanism },
      sdk: SDK,
    };
    // A failed report is dropped silently: logging it would only feed the error loop.
    send(parsed.envelopeUrl, toEnvelope(event, parsed.dsn)).catch(() => {});
  };

  const onError = (event: Event) => {
    const { error, message } = event as globalThis.ErrorEvent;
    report({ ...describe(error, message), mechanism: 'onerror' });
  };
  const onRejection = (event: Event) => {
    report({ ...describe((event as PromiseRejectionEvent).reason), mechanism: 'onunhandledrejection' });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

function describe(error: unknown, fallbackMessage = ''): Omit<Captured, 'mechanism'> {
  if (error instanceof Error) return { type: error.name || 'Error', value: error.message, stack: error.stack };
  if (typeof error === 'string') return { type: 'Error', value: error };
  if (error === undefined || error === null) return { type: 'Error', value: fallbackMessage || 'Unknown error' };
  // Rejections with plain values: Sentry's wording, so the ignore list above treats them alike.
  return { type: 'UnhandledRejection', value: `Non-Error promise rejection captured with value: ${safeString(error)}` };
}

function safeString(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 200) ?? String(value);
  } catch {
    return String(value);
  }
}

/** text/plain keeps it a simple CORS request; keepalive lets it finish while the page unloads. */
function sendWithFetch(url: string, body: string): Promise<unknown> {
  return fetch(url, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'text/plain;charset=UTF-8' } });
}
