import type { StackFrame } from './stack';

/** The subset of Sentry's event payload this site sends. */
export type ErrorEvent = {
  event_id: string;
  timestamp: number;
  platform: 'javascript';
  level: 'error';
  release: string;
  environment: string;
  exception: {
    values: Array<{
      type: string;
      value: string;
      stacktrace?: { frames: StackFrame[] };
      mechanism: { type: string; handled: false };
    }>;
  };
  request: { url: string; headers: { 'User-Agent': string } };
  tags: Record<string, string>;
  sdk: { name: string; version: string };
};

export const SDK = { name: 'harborline.browser', version: '1.0.0' };

/**
 * Sentry's envelope: a JSON header line, an item header line and the item payload, separated by
 * newlines (https://develop.sentry.dev/sdk/data-model/envelopes/).
 */
export function toEnvelope(event: ErrorEvent, dsn: string): string {
  const header = { event_id: event.event_id, sent_at: new Date(event.timestamp * 1000).toISOString(), dsn, sdk: SDK };
  return [JSON.stringify(header), JSON.stringify({ type: 'event' }), JSON.stringify(event)].join('\n');
}

/** 32 lowercase hex digits, the event id format Sentry requires. */
export function newEventId(random: () => number = Math.random): string {
  let id = '';
  for (let i = 0; i < 32; i++) id += Math.floor(random() * 16).toString(16);
  return id;
}
