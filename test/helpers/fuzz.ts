import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Express } from 'express';
import fc from 'fast-check';

/**
 * Generators and route discovery for the fuzz tests (test/integration/fuzz.test.ts). Runs and
 * seed come from the environment: `npm test` runs a short fixed-seed pass, `npm run fuzz` a long one.
 */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 4);
/** Fixed unless FUZZ_SEED says otherwise ('random' for a new one each run; fast-check prints it on a failure). */
export const FUZZ_SEED =
  process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20261123);

/** Payloads whose unescaped echo in HTML would run script: the responses must never contain them as written. */
export const REFLECTION_MARKERS = ['<script>fuzz()</script>', '"><svg onload=fuzz()>', "'><img src=x onerror=fuzz()>"];

const TRICKY = [
  '',
  ' ',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  '\u202e\u0644\u0644\u0647',
  '\uFEFF',
  '😀🦞',
  'e\u0301',
  '../../etc/passwd',
  '//evil.example',
  '/\\evil.example',
  '/.//evil.example',
  'javascript:alert(1)',
  '\r\nSet-Cookie: x=1',
  '%00',
  '%',
  '%zz',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  '9007199254740993',
  '[]',
  '{}',
  'null',
  'true',
  'x'.repeat(5000),
  ...REFLECTION_MARKERS,
];

/** A hostile string: the known tricks, arbitrary UTF-16 (lone surrogates included), unicode, numbers. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TRICKY) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  // Numbers that name no row (ids of real pages would let a fuzzed delete remove the site's home).
  { weight: 1, arbitrary: fc.oneof(fc.integer({ min: 1_000_000 }), fc.integer({ max: -1 }), fc.double()).map(String) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...TRICKY), fc.string({ maxLength: 8 })).map(([a, b]) => a + b) },
);

/** The field names the site's forms use (read from the views), plus hostile ones. */
export function formFieldNames(root: string): string[] {
  const names = new Set<string>(['csrfmiddlewaretoken', 'next', 'return_url', 'position', 'overwrite']);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry))
        for (const match of readFileSync(path, 'utf8').matchAll(/name=(?:"|\{')([a-z][a-z0-9_-]*)/g))
          names.add(match[1]!);
    }
  };
  walk(join(root, 'views'));
  return [...names];
}

export const hostileKey = (known: readonly string[]) =>
  fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 2, arbitrary: hostileString });

/** Encodes any string for a URL, lone surrogates included (as the bytes a careless client would send). */
export function encodeLoose(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text].map((char) => (/[\ud800-\udfff]/.test(char) ? '%ED%A0%80' : encodeURIComponent(char))).join('');
  }
}

/** key=value pairs, keys repeated at will, some values left raw (unencoded '%', '%00'). */
export const queryString = (known: readonly string[]) =>
  fc
    .array(fc.tuple(hostileKey(known), hostileString, fc.boolean()), { maxLength: 4, size: 'xsmall' })
    .map((pairs) =>
      pairs
        .map(([key, value, raw]) => `${encodeLoose(key)}=${raw && /^[%\w]*$/.test(value) ? value : encodeLoose(value)}`)
        .join('&'),
    );

/** A JSON value of any shape, with hostile keys and strings. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

export type DiscoveredRoute = { method: string; path: string };

type Layer = {
  route?: { path: string | RegExp | Array<string | RegExp>; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  match(path: string): boolean;
};

/**
 * Every route registered on the app, read from Express's router stack, with the mount path of
 * the routers mounted under one (/wagtail, /_util, /api-nc). Regular-expression routes are
 * returned as their source, for the caller to give sample paths.
 */
export function routesOf(app: Express, mounts: readonly string[]): DiscoveredRoute[] {
  const out: DiscoveredRoute[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const one of [layer.route.path].flat()) {
          const path = typeof one === 'string' ? prefix + one : `regex:${one.source}`;
          for (const method of Object.keys(layer.route.methods)) out.push({ method: method.toUpperCase(), path });
        }
      } else if (layer.handle.stack) {
        const mount =
          prefix === ''
            ? (mounts.find(
                (candidate) => layer.match(`${candidate}/zz-probe/`) && !layer.match('/zz-elsewhere/zz-probe/'),
              ) ?? '')
            : prefix;
        walk(layer.handle.stack, mount);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  const seen = new Set<string>();
  return out.filter((route) => {
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
