import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Express, Request } from 'express';
import type { Config } from '../config';
import type { Db } from '../db';
import { eventBusFor } from '../events';
import type { Logger } from '../logger';
import { requestHost } from '../http/host';
import { PUBLIC_ASSETS_DIR } from '../paths';
import {
  PAGE_CACHE_CHANNEL,
  pageCacheDependenciesFor,
  writtenTablesFromPayload,
  type WrittenTables,
} from './dependencies';
import { createFastPath, type PickerFill } from './fast-path';
import { PageCache } from './page-cache';
import { StaticAssets } from './static-assets';
import { enqueueCdnPurge } from './cdn-purge';
import { budgetTableMemo } from './table-memo';

export { PAGE_CACHE_CHANNEL };
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/**
 * The share of PAGE_CACHE_MB for the rows the public site's pages are rendered from (the read
 * memo); the rendered answers get the rest, so both stay within the one configured bound.
 */
const MEMO_SHARE = 1 / 8;
/** Writes to these tables change nothing a visitor sees: other dynos are not told about them. */
const QUIET_TABLES = new Set([
  'jobs',
  'sessions',
  'rate_limits',
  'editing_sessions',
  'page_log_entries',
  'model_log_entries',
  'password_reset_tokens',
  'kysely_migration',
  'kysely_migration_lock',
]);
/**
 * A write is announced before its transaction commits; an answer another request builds in that
 * gap would hold the old rows. So what a write invalidated is invalidated once more this much later
 * (config.pageCacheSettle, for tests).
 */
const settleAfterASecond = (again: () => void) => void setTimeout(again, 1000).unref();

/**
 * Puts the page cache in front of the Express app: `app.handle` (what node:http calls) first
 * runs the fast path, which answers hits and build assets itself and hands the rest to Express.
 * Invalidation: every write through `db` (the Kysely plugin, synchronously, this process), its
 * NOTIFY on PAGE_CACHE_CHANNEL (other processes, within milliseconds), the location flush and
 * site settings channels, and a full flush whenever the listener reconnects (it may have missed
 * messages).
 */
export type PageCacheDeps = {
  config: Config;
  db: Db;
  logger: Logger;
  /** Fills the header picker's holes of a cached page (the locations module); cleared when locations change. */
  picker: PickerFill & { clear(): void };
  /** Channels a module notifies when in-process copies of its tables must be dropped (location flush, site settings). */
  flushOn: ReadonlyArray<{ channel: string; tables: readonly string[] }>;
};

export function installPageCache(app: Express, deps: PageCacheDeps): PageCache {
  const { config, db, logger, picker } = deps;
  const bound = config.pageCacheMaxBytes ?? DEFAULT_MAX_BYTES;
  const settle = config.pageCacheSettle ?? settleAfterASecond;
  const memoBytes = Math.floor(bound * MEMO_SHARE);
  const cache = new PageCache({ maxBytes: bound - memoBytes });
  const memoSize = budgetTableMemo(db, memoBytes);
  const staticAssets = new StaticAssets(join(PUBLIC_ASSETS_DIR, 'assets'));

  const invalidate = (tables: WrittenTables) => {
    cache.invalidate(tables);
    if (tables === '*' || tables.has('locations')) picker.clear();
  };
  let settling: Set<string> | '*' | undefined;
  const settleLater = (tables: WrittenTables) => {
    if (settling === undefined) {
      settling = tables === '*' ? '*' : new Set(tables);
      settle(() => {
        const again = settling!;
        settling = undefined;
        invalidate(again);
      });
    } else if (settling !== '*') {
      if (tables === '*') settling = '*';
      else for (const table of tables) settling.add(table);
    }
  };

  // Other processes: one NOTIFY per tick with every table written in it.
  let announcing: Set<string> | '*' | undefined;
  const announce = (tables: WrittenTables) => {
    const loud = tables === '*' ? '*' : new Set([...tables].filter((table) => !QUIET_TABLES.has(table)));
    if (loud !== '*' && loud.size === 0) return;
    if (announcing === undefined) {
      announcing = loud;
      setImmediate(() => {
        const sent = announcing!;
        announcing = undefined;
        const payload = sent === '*' ? '*' : JSON.stringify([...sent]);
        eventBusFor(db)
          .publish(PAGE_CACHE_CHANNEL, payload.length > 7000 ? '*' : payload)
          .catch((error: unknown) => logger.error({ err: error }, 'page cache: announcing a change failed'));
        if (config.cdnPurgeUrl)
          enqueueCdnPurge(db, sent).catch((error: unknown) =>
            logger.error({ err: error }, 'page cache: queueing the CDN purge failed'),
          );
      });
    } else if (announcing !== '*') {
      if (loud === '*') announcing = '*';
      else for (const table of loud) announcing.add(table);
    }
  };

  const plugin = pageCacheDependenciesFor(db);
  if (!plugin) logger.warn('page cache: this database handle reports no writes; the cache is off');
  const cacheOn = plugin !== undefined && cache.maxBytes > 0;
  plugin?.onWrite((tables) => {
    invalidate(tables);
    settleLater(tables);
    announce(tables);
  });

  const heard = (payload: string) => {
    const tables = writtenTablesFromPayload(payload);
    invalidate(tables);
    settleLater(tables);
  };
  const flushAll = () => invalidate('*');
  const bus = eventBusFor(db);
  const subscribeOrLog = (channel: string, onMessage: (payload: string) => void) =>
    bus
      .subscribe(channel, onMessage, flushAll)
      .catch((error: unknown) => logger.error({ err: error, channel }, 'page cache cannot hear changes'));
  void subscribeOrLog(PAGE_CACHE_CHANNEL, heard);
  // The location flush (/api/location/flush/) and site settings reload in-process copies: their
  // modules' channels, given by the app.
  for (const { channel, tables } of deps.flushOn) void subscribeOrLog(channel, () => invalidate(new Set(tables)));

  const fastPath = createFastPath({
    cache: cacheOn ? cache : new PageCache({ maxBytes: 0 }),
    trustProxy: config.trustProxy,
    logger,
    reportEveryMs: (config.pageCacheReportSeconds ?? 60) * 1000,
    memoBytes: memoSize,
    staticAssets,
    pickerFill: picker,
    hostMatchesSite: (req: IncomingMessage, res: ServerResponse) => {
      const site = (res as unknown as { locals: { requestSite?: { site: { hostname: string; port: number } } } }).locals
        .requestSite?.site;
      if (!site) return false;
      try {
        const host = requestHost(req as Request);
        return host.hostname === site.hostname && host.port === site.port;
      } catch {
        return false;
      }
    },
  });
  type Handle = (req: IncomingMessage, res: ServerResponse, next?: unknown) => void;
  const withHandle = app as unknown as { handle: Handle };
  const expressHandle = withHandle.handle.bind(app);
  withHandle.handle = (req, res, next) => fastPath(req, res, () => expressHandle(req, res, next));
  return cache;
}
