import type { Db } from '../../db';
import { HttpError, notFound } from '../../errors';
import { apiActionBodySchemas, type ApiActionName } from '../../../shared/schemas/admin-api';
import { assertNotLockedForUser, deletePage, revertToRevision, unpublishPage } from '../pages/lifecycle-service';
import { copyPage, movePage } from '../pages/move-copy-service';
import * as pagesRepo from '../pages/repo';
import { publishOrSchedule } from '../pages/schedule-service';
import type { Page } from '../pages/table';
import { forbidden, type UserPagePermissions } from '../permissions/policy';

export type ActionResult = { status: 200 | 201 | 204; pageId?: number };
type Input<K extends ApiActionName> = ReturnType<(typeof apiActionBodySchemas)[K]['parse']>;

async function destinationPage(db: Db, id: number): Promise<Page> {
  const page = await pagesRepo.findPageById(db, id);
  if (!page)
    throw new HttpError(400, 'bad_request', 'The destination page does not exist.', {
      destination_page_id: ['The page does not exist.'],
    });
  return page;
}

/**
 * The admin API's page actions (Wagtail's /action/{name}/ endpoints), each checking the same
 * permission as its screen and then calling the same page service the screens call.
 */
export const apiActions: {
  [K in ApiActionName]: (db: Db, perms: UserPagePermissions, page: Page, input: Input<K>) => Promise<ActionResult>;
} = {
  // Publishes the latest revision now, keeping the page's expiry if it is still ahead.
  async publish(db, perms, page) {
    if (!perms.can('publish', page)) throw forbidden('You do not have permission to publish this page.');
    await assertNotLockedForUser(db, page, perms.userId);
    if (!page.latest_revision_id) throw new HttpError(409, 'no_revision', 'The page has no revision to publish.');
    const expireAt = page.expire_at && new Date(page.expire_at) > new Date() ? new Date(page.expire_at) : null;
    await publishOrSchedule(db, page.id, page.latest_revision_id, perms.userId, { goLiveAt: null, expireAt });
    return { status: 200, pageId: page.id };
  },

  async unpublish(db, perms, page, input) {
    if (!perms.can('unpublish', page)) throw forbidden('You do not have permission to unpublish this page.');
    await unpublishPage(db, page.id, perms.userId, { includeDescendants: input.recursive });
    return { status: 200, pageId: page.id };
  },

  async delete(db, perms, page) {
    if (!perms.can('delete', page)) throw forbidden('You do not have permission to delete this page.');
    await deletePage(db, page.id, perms.userId);
    return { status: 204 };
  },

  async move(db, perms, page, input) {
    const destination = await destinationPage(db, input.destination_page_id);
    if (destination.path.startsWith(page.path)) {
      throw new HttpError(400, 'bad_request', 'A page cannot be moved into itself or one of its subpages.', {
        destination_page_id: ['Choose a page outside the one you are moving.'],
      });
    }
    if (!perms.can('move', page, { destination }))
      throw forbidden('You do not have permission to move this page there.');
    await movePage(db, page.id, destination.id, perms.userId);
    return { status: 200, pageId: page.id };
  },

  // Copies next to the original unless a destination is given; a new slug is needed there.
  async copy(db, perms, page, input) {
    const parent = await pagesRepo.findPageByPath(db, page.path.slice(0, -4));
    const destination = input.destination_page_id ? await destinationPage(db, input.destination_page_id) : parent;
    if (!destination) throw notFound('The page does not exist.');
    if (!perms.can('copy', page, { destination }))
      throw forbidden('You do not have permission to copy this page there.');
    if (input.keep_live && !perms.can('publish', destination))
      throw forbidden('You do not have permission to publish pages there.');
    const copy = await copyPage(
      db,
      page.id,
      {
        destinationId: destination.id,
        title: input.update_attrs.title ?? page.title,
        slug: input.update_attrs.slug ?? page.slug,
        copySubpages: input.recursive,
        publishCopies: input.keep_live,
      },
      perms.userId,
    );
    return { status: 201, pageId: copy.id };
  },

  // Loads an old revision into a new draft; never publishes (Wagtail's revert needs edit rights).
  async revert_to_page_revision(db, perms, page, input) {
    if (!perms.can('change', page)) throw forbidden('You do not have permission to edit this page.');
    await revertToRevision(db, page.id, input.revision_id, perms.userId);
    return { status: 200, pageId: page.id };
  },
};
