import { pino, type Logger } from 'pino';

export type { Logger };

/** Paths pino must never print: credentials, tokens and message bodies. */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrftoken"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.csrfmiddlewaretoken',
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' } });
}
