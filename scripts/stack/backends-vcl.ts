/**
 * The backends.vcl that deploy/varnish/default.vcl includes: one backend per dyno on this machine,
 * probed on /api/ht/ every second, all in the round-robin director `dynos`.
 */
export function backendsVcl(ports: number[]): string {
  const backends = ports.map(
    (port, index) =>
      `backend dyno${index + 1} { .host = "127.0.0.1"; .port = "${port}"; .probe = dyno_health; ` +
      `.connect_timeout = 1s; .first_byte_timeout = 30s; }`,
  );
  return [
    '# Written by `npm run stack`: the dynos it started.',
    'probe dyno_health {',
    '    .url = "/api/ht/";',
    '    .interval = 1s;',
    '    .timeout = 2s;',
    '    .window = 3;',
    '    .threshold = 2;',
    '    .initial = 2;',
    '}',
    ...backends,
    'sub vcl_init {',
    '    new dynos = directors.round_robin();',
    ...ports.map((_, index) => `    dynos.add_backend(dyno${index + 1});`),
    '}',
    '',
  ].join('\n');
}
