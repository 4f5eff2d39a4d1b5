import type { Db } from '../../db';
import {
  PRESS_PAGE_SIZE,
  PRESS_SECTION_LATEST,
  type MediaDownloadTile,
  type PressArticle,
} from '../../../shared/schemas/press';
import { documentUrl, findDocuments } from '../documents/service';
import type { Page } from '../pages/table';
import type { Image } from '../../../shared/schemas/media';
import * as repo from './repo';

type PageUrl = (page: Pick<Page, 'url_path' | 'locale_id'>) => string;

const SECTION_TYPE = 'PressSectionPage';
const LIST_TYPE = 'PressReleaseListPage';

/** A release's date and image, read without trusting the stored JSON. */
export function pressReleasePage(page: Page): { date: string; feature_image: Image | null } | undefined {
  const content = page.content as { date?: unknown; feature_image?: unknown };
  if (typeof content.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(content.date)) return undefined;
  const image = content.feature_image as Image | undefined;
  return {
    date: content.date,
    feature_image: image && Array.isArray(image.renditions) && image.renditions.length > 0 ? image : null,
  };
}

const toArticle = (page: Page, pageUrl: PageUrl): PressArticle | undefined => {
  const release = pressReleasePage(page);
  return release
    ? { id: page.id, url: pageUrl(page), title: page.title, date: release.date, feature_image: release.feature_image }
    : undefined;
};

/** The section a release or list page belongs to, as the back link needs it. */
export async function releaseSection(db: Db, page: Page, pageUrl: PageUrl) {
  const section = await repo.findLiveAncestorOfType(db, page, SECTION_TYPE);
  return section ? { url: pageUrl(section), title: section.title } : null;
}

/**
 * One page of a list page's releases: those of its press section (a section keeps its releases
 * beside the list page), else those below the list page. Undefined past the last page.
 */
export async function releaseList(db: Db, page: Page, pageNumber: number, pageUrl: PageUrl) {
  const section = await repo.findLiveAncestorOfType(db, page, SECTION_TYPE);
  const scope = section?.path ?? page.path;
  const total = await repo.countLiveReleases(db, scope);
  const numPages = Math.max(1, Math.ceil(total / PRESS_PAGE_SIZE));
  if (pageNumber > numPages) return undefined;
  const rows = await repo.listLiveReleases(db, scope, PRESS_PAGE_SIZE, (pageNumber - 1) * PRESS_PAGE_SIZE);
  return {
    articles: rows.map((row) => toArticle(row, pageUrl)).filter((a): a is PressArticle => a !== undefined),
    current_page: pageNumber,
    num_pages: numPages,
    press_section: section ? { url: pageUrl(section), title: section.title } : null,
  };
}

/**
 * The press section page's data: its latest releases, the 'See All' link (its release list page)
 * and the media download tiles. A tile whose document was deleted is left out, never an error.
 */
export async function pressSectionData(
  db: Db,
  page: Page,
  tiles: Array<{ title: string; document_id: number; image?: Image }>,
  pageUrl: PageUrl,
) {
  const rows = await repo.listLiveReleases(db, page.path, PRESS_SECTION_LATEST, 0);
  const list = await repo.findLiveChildOfType(db, page, LIST_TYPE);
  const documents = new Map(
    (
      await findDocuments(
        db,
        tiles.map((tile) => tile.document_id),
      )
    ).map((doc) => [doc.id, doc]),
  );
  const media: MediaDownloadTile[] = [];
  for (const tile of tiles) {
    const document = documents.get(tile.document_id);
    if (!document) continue;
    media.push({
      title: tile.title,
      image: tile.image ?? null,
      file_extension: document.file_name.includes('.')
        ? document.file_name.slice(document.file_name.lastIndexOf('.') + 1).toLowerCase()
        : '',
      file_size: document.file_size,
      url: documentUrl(document),
    });
  }
  return {
    articles: rows.map((row) => toArticle(row, pageUrl)).filter((a): a is PressArticle => a !== undefined),
    see_all_link: list ? { id: list.id, url: pageUrl(list), title: list.title } : null,
    media_download_tiles: media,
  };
}
