import { tableMemoFor } from '../../cache/table-memo';
import type { Db } from '../../db';
import * as repo from './repo';

/**
 * The public site's page lookups, answered from the process's memo of the pages table (dropped on
 * every write to it, on every dyno: server/cache/table-memo.ts). Callers must not change what
 * they get: the same objects answer the next request.
 */
export function liveReads(db: Db) {
  const memo = tableMemoFor(db);
  return {
    findLivePage: (urlPath: string, rootPath: string) =>
      memo.read(`live ${rootPath} ${urlPath}`, ['pages'], () => repo.findLivePage(db, urlPath, rootPath)),
    findLivePageOfType: (pageType: string, rootPath: string) =>
      memo.read(`live-type ${rootPath} ${pageType}`, ['pages'], () => repo.findLivePageOfType(db, pageType, rootPath)),
    findTranslations: (translationKey: string) =>
      memo.read(`translations ${translationKey}`, ['pages', 'locales'], () =>
        repo.findTranslations(db, translationKey),
      ),
  };
}
