import type { Db } from '../../../db';
import { listAllSites } from '../../site-management/service';
import { languageCodes } from '../../snippets/service';

export const siteChoices = async (db: Db) =>
  (await listAllSites(db)).map((site) => ({ value: String(site.id), label: site.site_name || site.hostname }));

/** Languages are the locales pages exist in (en-US, fr-CA...). */
export const languageChoices = async (db: Db) =>
  (await languageCodes(db)).map((code) => ({ value: code, label: code }));

export const withAny =
  (label: string, load: (db: Db) => Promise<Array<{ value: string; label: string }>>) => async (db: Db) => [
    { value: '', label },
    ...(await load(db)),
  ];
