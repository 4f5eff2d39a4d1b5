import type { Db } from '../../server/db';
import { createPage } from '../../server/modules/pages/service';
import { findLivePage } from '../../server/modules/pages/repo';

/** Publishes an ExamplePage with these blocks under the US home page; returns its path. */
export async function publishBlocksPage(
  db: Db,
  slug: string,
  body: Array<{ type: string; value: unknown }>,
): Promise<string> {
  const home = await findLivePage(db, '/home/', '0001');
  if (!home) throw new Error('seeded US home page not found');
  await createPage(db, {
    pageType: 'ExamplePage',
    title: slug,
    slug,
    parentId: home.id,
    publish: true,
    content: { body: body.map((block, index) => ({ ...block, id: `${slug}-${index}` })), confirmation_content: [] },
  });
  return `/${slug}/`;
}
