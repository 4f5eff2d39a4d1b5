import { pino, type Logger, type LoggerOptions } from 'pino';

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

/**
 * Development output (pino-pretty in pino's transport thread): one line per entry, a request as
 * "request completed: GET /locations/ -> 200 in 12 ms" with its headers left out; other fields
 * stay on the same line. The options must be plain data, as they cross to the thread.
 */
const PRETTY_OPTIONS = {
  translateTime: 'SYS:HH:MM:ss.l',
  ignore: 'pid,hostname,req,res,responseTime',
  messageFormat: '{msg}{if req.method}: {req.method} {req.url} -> {res.statusCode} in {responseTime} ms{end}',
  singleLine: true,
};

/**
 * The process's logger. Production (and anything not asking for `pretty`) writes one JSON object
 * per line to stdout, for the platform's log drain; `pretty` is for a person reading a terminal
 * in development. Tests pass level 'silent'.
 */
export function createLogger(level: string, options: { pretty?: boolean } = {}): Logger {
  const base: LoggerOptions = { level, redact: { paths: REDACT, censor: '[redacted]' } };
  return options.pretty ? pino({ ...base, transport: { target: 'pino-pretty', options: PRETTY_OPTIONS } }) : pino(base);
}
