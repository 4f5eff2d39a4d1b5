import { request } from 'node:http';

/**
 * A small same-site crawler for the "no dead ends" test: from start URLs it follows every
 * internal link and asset (href, src, srcset, poster, and url() in stylesheets) and records
 * each URL's status. "Internal" means one of the given site origins; every request is sent to
 * one loopback server with the site's Host header, so the seeded hostnames need no DNS.
 */

export type CrawlResult = {
  url: string;
  status: number;
  contentType: string;
  /** The first page that linked to this URL (for the failure message). */
  from: string;
};

export type CrawlOptions = {
  /** The loopback port the app listens on. */
  port: number;
  /** Origins treated as internal, e.g. http://localhost:3000 and http://ca.localhost:3000. */
  origins: string[];
  start: string[];
  /** Stop after this many URLs (the test fails if the cap is reached: the crawl was cut short). */
  cap: number;
  /**
   * URLs of one shape fetched only up to a count: e.g. the restaurants' map images, each drawn on
   * its first request, where a sample proves the route and all of them would take minutes.
   * The rest are counted in `sampledOut`.
   */
  samples?: { pattern: RegExp; limit: number }[];
  /**
   * Which internal URLs to fetch (all of them unless given): a crawl of one language's pages
   * leaves the others, and the assets, unfetched.
   */
  follow?: (url: URL) => boolean;
  /** Called for every HTML page fetched, e.g. to check its headers. */
  onPage?: (url: string, headers: Record<string, string | string[] | undefined>, body: string) => void;
};

type Fetched = {
  status: number;
  contentType: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};

function fetchVia(port: number, url: URL): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'GET',
        path: `${url.pathname}${url.search}`,
        headers: { Host: url.host, Accept: 'text/html,*/*' },
      },
      (res) => {
        const contentType = String(res.headers['content-type'] ?? '');
        const keep = /text\/html|text\/css/.test(contentType);
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => {
          if (keep) chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const decodeEntities = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&#x2F;/gi, '/')
    .replace(/&#47;/g, '/')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

/** Every URL an HTML page points at that a browser would fetch or a visitor could follow. */
export function linksInHtml(html: string): string[] {
  // Page data and JSON-LD are scripts, not links: leave them out.
  const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '');
  const found: string[] = [];
  for (const match of markup.matchAll(/\s(?:href|src|poster)="([^"]*)"/gi)) found.push(decodeEntities(match[1]!));
  for (const match of markup.matchAll(/\s(?:srcset|srcSet)="([^"]*)"/gi)) {
    for (const candidate of decodeEntities(match[1]!).split(',')) {
      const url = candidate.trim().split(/\s+/)[0];
      if (url) found.push(url);
    }
  }
  for (const match of html.matchAll(/<script\b[^>]*\ssrc="([^"]*)"/gi)) found.push(decodeEntities(match[1]!));
  return found;
}

export function linksInCss(css: string): string[] {
  return [...css.matchAll(/url\(\s*['"]?([^'")]+)['"]?\s*\)/g)]
    .map((match) => match[1]!)
    .filter((url) => !url.startsWith('data:'));
}

export async function crawl(
  options: CrawlOptions,
): Promise<{ results: CrawlResult[]; capped: boolean; sampledOut: number }> {
  const origins = new Set(options.origins.map((origin) => new URL(origin).origin));
  const seen = new Map<string, string>(); // url -> first referrer
  const queue: string[] = [];
  const sampled = new Map<RegExp, number>();
  let sampledOut = 0;
  const enqueue = (raw: string, base: string) => {
    if (/^(mailto:|tel:|javascript:|data:|#)/i.test(raw.trim())) return;
    let url: URL;
    try {
      url = new URL(raw, base);
    } catch {
      // An unparsable URL is itself a dead end: report it against the page.
      url = new URL(`/__unparsable__/${encodeURIComponent(raw)}`, base);
    }
    if (!origins.has(url.origin)) return;
    if (options.follow && !options.follow(url)) return;
    url.hash = '';
    const key = url.href;
    if (seen.has(key)) return;
    seen.set(key, base);
    const sample = options.samples?.find((candidate) => candidate.pattern.test(url.pathname));
    if (sample) {
      const taken = sampled.get(sample.pattern) ?? 0;
      if (taken >= sample.limit) {
        sampledOut += 1;
        return;
      }
      sampled.set(sample.pattern, taken + 1);
    }
    queue.push(key);
  };
  for (const start of options.start) enqueue(start, start);

  const results: CrawlResult[] = [];
  let capped = false;
  // A few requests at once: fast enough, and gentle on a 2-core machine running other tests.
  const worker = async () => {
    while (queue.length > 0) {
      if (results.length >= options.cap) {
        capped = true;
        return;
      }
      const url = queue.shift()!;
      const fetched = await fetchVia(options.port, new URL(url));
      results.push({ url, status: fetched.status, contentType: fetched.contentType, from: seen.get(url)! });
      if (fetched.status >= 300 && fetched.status < 400) {
        const location = fetched.headers.location;
        if (typeof location === 'string') enqueue(location, url);
        continue;
      }
      if (fetched.contentType.includes('text/html')) {
        options.onPage?.(url, fetched.headers, fetched.body);
        for (const link of linksInHtml(fetched.body)) enqueue(link, url);
      } else if (fetched.contentType.includes('text/css')) {
        for (const link of linksInCss(fetched.body)) enqueue(link, url);
      }
    }
  };
  // Workers stop when the queue is momentarily empty; loop until nothing is left in flight.
  while (queue.length > 0 && !capped) await Promise.all([worker(), worker(), worker(), worker()]);
  return { results, capped, sampledOut };
}
