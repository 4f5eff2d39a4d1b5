import express, { type Router } from 'express';
import type { Db } from '../../../db';
import { HttpError } from '../../../errors';
import { modelPermissionsFor } from '../../permissions/model-policy';
import { chooseToolboxes, countSnippets } from '../../snippets/service';
import { parseOr400 } from '../../../http/validate';
import { SNIPPET_CHOOSER_PAGE_SIZE, snippetChooserQuerySchema } from '../../../../shared/schemas/snippets';
import { ListingTable } from '../../../../views/admin/ListingTable';
import { listUrlOf, modelKey } from '../viewsets/definition';
import { adminScreen } from '../screen';
import { SNIPPET_VIEWSETS } from './registry';

type SnippetModelView = { label: string; href: string; count: number };

function SnippetsIndex({ models }: { models: SnippetModelView[] }) {
  return (
    <>
      <div className="admin-heading">
        <h1>Snippets</h1>
      </div>
      <ListingTable
        caption="Snippet types"
        rows={models}
        rowKey={(model) => model.href}
        empty="You may not edit any snippets."
        columns={[
          { header: 'Name', cell: (model) => <a href={model.href}>{model.label}</a> },
          { header: 'Instances', cell: (model) => String(model.count) },
        ]}
      />
    </>
  );
}

/** /wagtail/snippets/ (Wagtail's snippets index): the snippet types the user may open, with their counts. */
export function snippetsIndexRoutes({ db }: { db: Db }): Router {
  const router = express.Router();
  // Permission: any permission on any snippet model.
  router.get('/snippets/', async (req, res) => {
    const permissions = await modelPermissionsFor(db, req);
    const visible = SNIPPET_VIEWSETS.filter((viewSet) => permissions.canAny(modelKey(viewSet)));
    if (visible.length === 0) throw new HttpError(403, 'forbidden', 'You do not have permission to do this.');
    const counts = await countSnippets(db);
    const models = visible.map((viewSet) => ({
      label: viewSet.names.plural.charAt(0).toUpperCase() + viewSet.names.plural.slice(1),
      href: listUrlOf(viewSet),
      count: counts[modelKey(viewSet)] ?? 0,
    }));
    adminScreen(req, res, { section: 'snippets', title: 'Snippets', element: <SnippetsIndex models={models} /> });
  });
  // Permission: admin access (any signed-in staff may choose a toolbox for a page they edit;
  // the list holds names only). The block editor's snippet chooser reads it.
  router.get('/api/main/snippets/core/toolbox/', async (req, res) => {
    const query = parseOr400(snippetChooserQuerySchema, req.query, 'query');
    const { rows, total } = await chooseToolboxes(db, query.search, query.offset, SNIPPET_CHOOSER_PAGE_SIZE);
    res.setHeader('Cache-Control', 'no-store, private');
    res.json({
      meta: { total_count: total },
      items: rows.map((row) => ({
        id: row.id,
        title: row.name,
        meta: {
          blocks: Array.isArray(row.blocks) ? row.blocks.length : 0,
          edit_url: `/wagtail/snippets/core/toolbox/edit/${row.id}/`,
        },
      })),
    });
  });
  return router;
}
