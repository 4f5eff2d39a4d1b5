import { sql } from 'kysely';
import { inTransaction, type Db } from '../db';
import type { Logger } from '../logger';
import { createPage } from '../modules/pages/service';
import * as pagesRepo from '../modules/pages/repo';
import type { Page } from '../modules/pages/table';
import { countSites, ensureLocale, insertSite } from '../modules/sites/repo';
import { ensureSuperuser } from '../modules/users/service';
import { seedDemoLocations, seedLocationPages } from './locations';
import { canadaHomeEnglish, canadaHomeFrench, usHome, type DemoPage } from './demo-pages';
import { blockGalleryPage, galleryBlocks } from './block-gallery';
import { simpleDemoPages } from './simple-pages';
import { seedSiteSnippets } from './site-snippets';
import { seedGroupPermissions } from './groups';
import { resolveDemoImages, seedDemoImages } from './demo-images';
import { mediaStorage } from '../modules/images/storage';

const SEED_LOCK_KEY = 74_101; // any constant: serialises seeding across dynos starting together

export type SeedOptions = {
  adminUsername: string;
  adminPassword: string;
  port: number;
  /** Where demo image files go; without it no demo images (nor the block gallery) are seeded. */
  dataDir?: string;
};

/**
 * Seeds the demo sites, pages and the staff superuser on an empty database. A database that
 * already has a site is never touched, so running it again (or on every start) is safe.
 */
export async function seedDemoContent(db: Db, logger: Logger, options: SeedOptions): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    if ((await countSites(trx)) > 0) return false;

    const { user } = await ensureSuperuser(trx, options.adminUsername, options.adminPassword);
    const enUS = await ensureLocale(trx, 'en-US');
    const enCA = await ensureLocale(trx, 'en-CA');
    const frCA = await ensureLocale(trx, 'fr-CA');

    const root =
      (await pagesRepo.findRootPage(trx)) ??
      (await pagesRepo.insertPage(trx, {
        path: '0001',
        depth: 1,
        page_type: 'Root',
        locale_id: enUS.id,
        translation_key: '00000000-0000-4000-8000-000000000000',
        title: 'Root',
        slug: 'root',
        url_path: '/',
        content: {},
        live: true,
        has_unpublished_changes: false,
      }));

    const plant = async (parent: Page, demo: DemoPage, extra: { localeId?: number; translationKey?: string } = {}) => {
      const { children, ...fields } = demo;
      const page = await createPage(trx, { ...fields, ...extra, parentId: parent.id, userId: user.id, publish: true });
      for (const child of children ?? []) await plant(page, child, { localeId: extra.localeId });
      return page;
    };

    const us = await plant(root, usHome(), { localeId: enUS.id });
    for (const simple of simpleDemoPages()) await plant(us, simple, { localeId: enUS.id });
    if (options.dataDir) {
      const storage = mediaStorage(options.dataDir);
      const demoImageIds = await seedDemoImages(trx, storage);
      const gallery = await resolveDemoImages(galleryBlocks(), trx, storage, demoImageIds);
      await plant(us, blockGalleryPage(gallery), { localeId: enUS.id });
    }
    const ca = await plant(root, canadaHomeEnglish(), { localeId: enCA.id });
    const caFr = await plant(root, canadaHomeFrench(), { localeId: frCA.id, translationKey: ca.translation_key });
    const [, caLocations] = await seedLocationPages(trx, user.id, [
      { home: us, country: 'US', title: 'Locations', mapTitle: 'Find a Restaurant' },
      { home: ca, country: 'CA', title: 'Locations', mapTitle: 'Find a Restaurant' },
    ]);
    await seedLocationPages(trx, user.id, [{ home: caFr, country: 'CA', title: 'Restaurants', mapTitle: 'Trouver un restaurant', translationOf: caLocations }]);

    await insertSite(trx, { hostname: 'localhost', port: options.port, site_name: 'Harborline Seafood', root_page_id: us.id, is_default_site: true });
    await insertSite(trx, { hostname: 'ca.localhost', port: options.port, site_name: 'Harborline Seafood Canada', root_page_id: ca.id, is_default_site: false });
    await seedSiteSnippets(trx, options.port);
    await seedGroupPermissions(trx, us.id);
    const locationCount = await seedDemoLocations(trx);
    logger.info({ locationCount }, 'seeded demo restaurant locations');
    logger.info('seeded demo content: US site on localhost, Canada site on ca.localhost (en-CA, fr-CA)');
    return true;
  });
}
