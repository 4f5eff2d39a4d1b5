import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { negotiateEncoding, type Encoding } from './encoding';
import { etagMatches } from './etag';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

type Asset = { type: string; etag: string; variants: Partial<Record<Encoding, Buffer>> };

/**
 * The build's content-hashed files (/static/assets/...) answered straight from memory, before
 * Express: each is immutable, so it is read once, with the `.br` and `.gz` files the build wrote
 * beside it, and the variant the request accepts is sent (`Vary: Accept-Encoding`). Only names
 * found in the directory at start-up are answered: a request cannot name any other file.
 */
export class StaticAssets {
  private readonly names: Set<string>;
  private readonly loaded = new Map<string, Asset>();

  constructor(
    private readonly dir: string,
    private readonly urlPrefix = '/static/assets/',
  ) {
    this.names = new Set(existsSync(dir) ? listFiles(dir).filter((name) => !/\.(br|gz)$/.test(name)) : []);
  }

  /** True when the request was answered. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? '';
    if (!url.startsWith(this.urlPrefix) || (req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range)
      return false;
    const query = url.indexOf('?');
    const name = url.slice(this.urlPrefix.length, query < 0 ? undefined : query);
    if (!this.names.has(name)) return false;
    const asset = this.load(name);
    const accepted = negotiateEncoding(req.headers['accept-encoding']);
    const encoding: Encoding = asset.variants[accepted] ? accepted : 'identity';
    const body = asset.variants[encoding]!;
    const etag =
      encoding === 'identity' ? asset.etag : `${asset.etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"`;
    const headers: Record<string, string | number> = {
      'Content-Type': asset.type,
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Resource-Policy': 'same-origin',
    };
    if (asset.variants.br || asset.variants.gzip) headers.Vary = 'Accept-Encoding';
    if (etagMatches(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  private load(name: string): Asset {
    const known = this.loaded.get(name);
    if (known) return known;
    const file = join(this.dir, ...name.split('/'));
    const identity = readFileSync(file);
    const variants: Asset['variants'] = { identity };
    if (existsSync(`${file}.br`)) variants.br = readFileSync(`${file}.br`);
    if (existsSync(`${file}.gz`)) variants.gzip = readFileSync(`${file}.gz`);
    const asset: Asset = {
      type: TYPES[extname(name)] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(identity).digest('base64url').slice(0, 22)}"`,
      variants,
    };
    this.loaded.set(name, asset);
    return asset;
  }
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}
