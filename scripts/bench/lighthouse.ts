import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { databaseTarget, migrateToLatest, openDatabase } from '../../server/db';
import { createLogger } from '../../server/logger';
import { seedDemoContent } from '../../server/seed/seed';
import { openMediaStorage } from '../../server/storage/open-media-storage';
import { buildClient, buildServer, ROOT } from '../build-assets';
import { printTable } from './http';
import { freePort, waitUntilUp } from './server-process';

/** Debian's Chromium; LIGHTHOUSE_CHROME_PATH (or CHROME_PATH) picks another. */
const CHROMIUM = process.env.LIGHTHOUSE_CHROME_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --no-default-browser-check';
export const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

type Lhr = {
  requestedUrl: string;
  finalDisplayedUrl?: string;
  runtimeError?: { message: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; score?: number | null; title?: string }>;
};

export type LighthouseFigure = {
  page: string;
  runs: number;
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  'LCP ms': number;
  'TBT ms': number;
  CLS: number;
  'JS KB': number;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The median of each figure over a page's runs (scores 0-100, as Lighthouse shows them). */
export function summarise(page: string, reports: Lhr[]): LighthouseFigure {
  const score = (category: string) =>
    median(reports.map((r) => Math.round(100 * (r.categories[category]?.score ?? 0))));
  const audit = (id: string) => median(reports.map((r) => r.audits[id]?.numericValue ?? Number.NaN));
  const scriptBytes = (r: Lhr) => {
    const items =
      (
        r.audits['resource-summary'] as
          { details?: { items?: Array<{ resourceType: string; transferSize: number }> } } | undefined
      )?.details?.items ?? [];
    return items.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
  };
  return {
    page,
    runs: reports.length,
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    'LCP ms': Math.round(audit('largest-contentful-paint')),
    'TBT ms': Math.round(audit('total-blocking-time')),
    CLS: Number(audit('cumulative-layout-shift').toFixed(3)),
    'JS KB': Math.round(median(reports.map(scriptBytes)) / 1024),
  };
}

/** Runs `lhci collect` (Lighthouse 12, mobile preset with simulated throttling) on each URL. */
export async function runLighthouse(
  base: string,
  pages: Array<{ page: string; path: string }>,
  runs = LIGHTHOUSE_RUNS,
): Promise<{ figures: LighthouseFigure[]; findings: Map<string, Set<string>> }> {
  const workDir = mkdtempSync(join(tmpdir(), 'harborline-lhci-'));
  try {
    const args = [
      join(ROOT, 'node_modules/@lhci/cli/src/cli.js'),
      'collect',
      `--numberOfRuns=${runs}`,
      `--chromePath=${CHROMIUM}`,
      `--settings.chromeFlags=${CHROME_FLAGS}`,
      // Lighthouse's default (mobile, Moto G Power emulation, simulated slow 4G) stated explicitly.
      '--settings.formFactor=mobile',
      '--settings.throttlingMethod=simulate',
      ...pages.map(({ path }) => `--url=${base}${path}`),
    ];
    const child = spawn(process.execPath, args, {
      cwd: workDir,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, CHROME_PATH: CHROMIUM },
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    // It exits non-zero when a run failed; the runs that worked are still reported below.
    if (code !== 0) console.warn(`lhci collect exited with ${code}`);
    const dir = join(workDir, '.lighthouseci');
    const reports = readdirSync(dir)
      .filter((name) => /^lhr-\d+\.json$/.test(name))
      .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as Lhr);
    // LIGHTHOUSE_REPORTS_DIR keeps the full reports (JSON and HTML) for a closer look.
    if (process.env.LIGHTHOUSE_REPORTS_DIR) cpSync(dir, process.env.LIGHTHOUSE_REPORTS_DIR, { recursive: true });
    const figures: LighthouseFigure[] = [];
    const findings = new Map<string, Set<string>>();
    for (const { page, path } of pages) {
      const own = reports.filter((r) => r.requestedUrl === `${base}${path}`);
      const failed = own.filter((r) => r.runtimeError);
      if (failed.length) console.warn(`${page}: ${failed.length} run(s) failed: ${failed[0]!.runtimeError!.message}`);
      const good = own.filter((r) => !r.runtimeError);
      if (!good.length) continue;
      figures.push(summarise(page, good));
      // Audits that failed in any run, outside performance metrics (those are in the table).
      const failing = new Set<string>();
      for (const report of good) {
        for (const [id, result] of Object.entries(report.audits)) {
          if (
            typeof result.score === 'number' &&
            result.score < 0.9 &&
            !/^(first-contentful-paint|largest-contentful-paint|speed-index|total-blocking-time|interactive|max-potential-fid|cumulative-layout-shift)$/.test(
              id,
            )
          )
            failing.add(`${id} (${result.title ?? ''})`);
        }
      }
      findings.set(page, failing);
    }
    return { figures, findings };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * `npm run bench:lighthouse`: builds for production, seeds a temporary PGlite database with the
 * demo content, starts the production server (one process) and runs Lighthouse on the home page,
 * a location page, the map page, the block gallery and the press list. Prints the medians.
 */
export async function benchLighthouse(): Promise<LighthouseFigure[]> {
  console.log('Building for production...');
  await buildClient(true);
  await buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'harborline-lighthouse-'));
  const port = process.env.LIGHTHOUSE_PORT ? Number(process.env.LIGHTHOUSE_PORT) : await freePort();
  const handle = openDatabase(databaseTarget(undefined, dataDir));
  await migrateToLatest(handle.db);
  // With media, as a real site has them (and the block gallery is seeded only with its images).
  await seedDemoContent(handle.db, createLogger('silent'), {
    adminUsername: 'admin',
    adminPassword: 'bench-password',
    port,
    media: openMediaStorage({ driver: 'local', root: join(dataDir, 'media') }),
  });
  const location = await handle.db
    .selectFrom('locations')
    .select(['state_slug', 'city_slug', 'line1_slug'])
    .where('city', '=', 'Orlando')
    .orderBy('rlid')
    .executeTakeFirstOrThrow();
  await handle.close();
  const allPages = [
    { page: 'home `/`', path: '/' },
    {
      page: 'location page',
      path: `/locations/list/${location.state_slug}/${location.city_slug}/${location.line1_slug}/`,
    },
    { page: 'map `/locations/map/`', path: '/locations/map/' },
    { page: 'block gallery `/block-gallery/`', path: '/block-gallery/' },
    { page: 'press list `/press/releases/`', path: '/press/releases/' },
  ];
  const pages = pagesMatching(allPages, process.env.LIGHTHOUSE_PAGES);
  const server = spawn(process.execPath, [join(ROOT, 'dist/server/main.js')], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      SESSION_SECRET: 'l'.repeat(48),
      ADMIN_PASSWORD: 'bench-password',
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    const base = `http://localhost:${port}`;
    await waitUntilUp(base);
    // Each page's runs right after two requests for it, so they measure a cache hit with its
    // brotli answer (made after the first hit), not the first render: an entry lives 40 s, less
    // when the page shows today's hours, so warming every page first left the last page a miss.
    const figures: LighthouseFigure[] = [];
    const findings = new Map<string, Set<string>>();
    for (const page of pages) {
      for (let i = 0; i < 2; i++) await (await fetch(`${base}${page.path}`)).arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const one = await runLighthouse(base, [page]);
      figures.push(...one.figures);
      for (const [name, failing] of one.findings) findings.set(name, failing);
    }
    console.log(
      `\nLighthouse ${lighthouseVersion()} (lhci collect, mobile preset, simulated throttling, median of ${LIGHTHOUSE_RUNS}; production server, PGlite, one process; ${new Date().toISOString().slice(0, 10)}; ${cpus().length} cores ${cpus()[0]?.model ?? ''}, ${Math.round(totalmem() / 2 ** 30)} GiB)`,
    );
    printTable(figures);
    for (const [page, failing] of findings)
      if (failing.size) console.log(`${page}: audits below 0.9 in some run: ${[...failing].join('; ')}`);
    return figures;
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * LIGHTHOUSE_PAGES (comma-separated substrings of the paths, e.g. `block-gallery,press`) keeps only
 * those pages, for a quicker look at one of them; unset keeps all. A part equal to a page's whole
 * path keeps that page only (`/,block-gallery` is the home page and the gallery, although every
 * path contains `/`).
 */
export function pagesMatching<T extends { path: string }>(pages: T[], filter: string | undefined): T[] {
  const wanted = (filter ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (!wanted.length) return pages;
  const paths = new Set(pages.map(({ path }) => path));
  const kept = pages.filter(({ path }) =>
    wanted.some((part) => (paths.has(part) ? path === part : path.includes(part))),
  );
  if (!kept.length)
    throw new Error(`LIGHTHOUSE_PAGES=${filter} matches none of ${pages.map(({ path }) => path).join(', ')}`);
  return kept;
}

function lighthouseVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string })
      .version;
  } catch {
    return '';
  }
}
