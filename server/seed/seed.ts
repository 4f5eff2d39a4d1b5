// The seed builds pages of every type: the features must be registered first.
import '../composition';
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
import { sitePages } from './site-pages/site-pages';
import { seedSiteSnippets } from './site-snippets';
import { pressPage } from './site-pages/press';
import { seedPressFiles } from './press-files';
import { seedToolboxes } from './toolboxes';
import { seedSiteSettings } from './site-settings';
import { seedDefaultWorkflowAssignment, seedGroupPermissions, seedTranslatorsGroup } from './groups';
import { resolveDemoImages, seedDemoImages } from './demo-images';
import { seedDemoVideos } from './demo-videos';
import type { MediaStorage } from '../storage/media-storage';
import { lockSeeding } from './seed-repo';
import { siteOrigin } from '../http/host';

export type SeedOptions = {
  adminUsername: string;
  adminPassword: string;
  port: number;
  /** Where demo image files go; without it no demo images (nor the block gallery) are seeded. */
  media?: MediaStorage;
};

/**
 * Seeds the demo sites, pages and the staff superuser on an empty database. A database that
 * already has a site is never touched, so running it again (or on every start) is safe.
 */
export async function seedDemoContent(db: Db, logger: Logger, options: SeedOptions): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await lockSeeding(trx);
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
    await seedDefaultWorkflowAssignment(trx, root.id);

    // The pages each planted page's children became, so a translated subtree can pair up with it.
    const plantedChildren = new Map<number, Page[]>();
    const plant = async (
      parent: Page,
      demo: DemoPage,
      extra: { localeId?: number; translationKey?: string; translationOf?: Page } = {},
    ): Promise<Page> => {
      const { children, ...fields } = demo;
      const { translationOf, ...keys } = extra;
      const page = await createPage(trx, {
        ...fields,
        ...keys,
        ...(translationOf ? { translationKey: translationOf.translation_key } : {}),
        parentId: parent.id,
        userId: user.id,
        publish: true,
      });
      const originals = translationOf ? (plantedChildren.get(translationOf.id) ?? []) : [];
      const made: Page[] = [];
      for (const [index, child] of (children ?? []).entries())
        made.push(await plant(page, child, { localeId: extra.localeId, translationOf: originals[index] }));
      plantedChildren.set(page.id, made);
      return page;
    };

    const demoImageIds = options.media ? await seedDemoImages(trx, options.media) : undefined;
    const demoVideoIds =
      options.media && demoImageIds ? await seedDemoVideos(trx, options.media, demoImageIds) : undefined;
    // Block values name demo images and videos by catalogue number; with stored media they get the
    // real renditions, files and caption tracks (the page's language is the default track).
    const withImages = async <T>(value: T, language = 'en'): Promise<T> =>
      options.media && demoImageIds
        ? resolveDemoImages(value, trx, options.media, demoImageIds, demoVideoIds && { ids: demoVideoIds, language })
        : value;

    // Before the pages: the block gallery's Toolbox block includes the first toolbox.
    await seedToolboxes(trx);
    const us = await plant(root, await withImages(usHome()), { localeId: enUS.id });
    for (const simple of simpleDemoPages()) await plant(us, simple, { localeId: enUS.id });
    if (options.media) await plant(us, blockGalleryPage(await withImages(galleryBlocks())), { localeId: enUS.id });
    const ca = await plant(root, await withImages(canadaHomeEnglish()), { localeId: enCA.id });
    const caFr = await plant(root, await withImages(canadaHomeFrench(), 'fr'), {
      localeId: frCA.id,
      translationKey: ca.translation_key,
    });

    // The pages the header and footer name, on every site; the French ones translate the Canadian English ones.
    for (const page of sitePages({ lang: 'en', prefix: '', country: 'US' }))
      await plant(us, await withImages(page), { localeId: enUS.id });
    const caFrench = sitePages({ lang: 'fr', prefix: '/fr', country: 'CA' });
    for (const [index, page] of sitePages({ lang: 'en', prefix: '', country: 'CA' }).entries()) {
      const english = await plant(ca, await withImages(page), { localeId: enCA.id });
      await plant(caFr, await withImages(caFrench[index]!, 'fr'), {
        localeId: frCA.id,
        translationKey: english.translation_key,
      });
    }
    // The press section (/press/) on every site, its French translation paired page by page.
    const pressFiles = options.media ? await seedPressFiles(trx, options.media) : undefined;
    await plant(us, await withImages(pressPage({ lang: 'en', prefix: '', country: 'US' }, pressFiles)), {
      localeId: enUS.id,
    });
    const caPress = await plant(
      ca,
      await withImages(pressPage({ lang: 'en', prefix: '', country: 'CA' }, pressFiles)),
      { localeId: enCA.id },
    );
    await plant(caFr, await withImages(pressPage({ lang: 'fr', prefix: '/fr', country: 'CA' }, pressFiles), 'fr'), {
      localeId: frCA.id,
      translationOf: caPress,
    });
    const [, caLocations] = await seedLocationPages(trx, user.id, [
      { home: us, country: 'US', title: 'Locations', mapTitle: 'Find a Restaurant' },
      { home: ca, country: 'CA', title: 'Locations', mapTitle: 'Find a Restaurant' },
    ]);
    await seedLocationPages(trx, user.id, [
      {
        home: caFr,
        country: 'CA',
        title: 'Restaurants',
        mapTitle: 'Trouver un restaurant',
        translationOf: caLocations,
      },
    ]);

    await insertSite(trx, {
      hostname: 'localhost',
      port: options.port,
      site_name: 'Harborline Seafood',
      root_page_id: us.id,
      is_default_site: true,
    });
    const caSite = await insertSite(trx, {
      hostname: 'ca.localhost',
      port: options.port,
      site_name: 'Harborline Seafood Canada',
      root_page_id: ca.id,
      is_default_site: false,
    });
    await seedSiteSnippets(trx);
    await seedSiteSettings(trx);
    await seedGroupPermissions(trx, us.id);
    await seedTranslatorsGroup(trx, caFr.id);
    const locationCount = await seedDemoLocations(trx, { CA: siteOrigin(caSite) });
    logger.info({ locationCount }, 'seeded demo restaurant locations');
    logger.info('seeded demo content: US site on localhost, Canada site on ca.localhost (en-CA, fr-CA)');
    return true;
  });
}
