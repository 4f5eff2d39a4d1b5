import { toolboxFormSchema, type ToolboxInput } from '../../../../shared/schemas/snippets';
import {
  createToolbox,
  deleteToolboxes,
  findToolbox,
  listToolboxes,
  snippetsChanged,
  updateToolbox,
} from '../../snippets/service';
import type { SnippetToolbox } from '../../snippets/table';
import { defineViewSet } from '../viewsets/definition';
import { snippetUsage } from './usage';
import { MODEL_PERMISSION_POLICY } from '../viewsets/permission-policy';
import { formatAdminTime } from '../../../../shared/admin/admin-clock';

/**
 * /wagtail/snippets/core/toolbox/: reusable content (a promo, a legal notice) that pages include
 * with the Toolbox block. Pages render the toolbox's current blocks, so a save shows everywhere.
 */
export const toolboxesViewSet = defineViewSet<SnippetToolbox, ToolboxInput>({
  app: 'core',
  model: 'toolbox',
  names: { name: 'toolbox', plural: 'toolboxes' },
  base: 'snippets/core/toolbox',
  permissions: MODEL_PERMISSION_POLICY,
  schema: toolboxFormSchema,
  fields: [
    { name: 'name', label: 'Name', required: true },
    {
      name: 'blocks',
      label: 'Blocks',
      widget: 'textarea',
      help: 'The blocks as JSON, as the page editor stores them: [{"type": "heading", "id": "a1", "value": {"text": "…", "size": "h2"}}]. A toolbox cannot include another toolbox.',
    },
  ],
  initialValues: { name: '', blocks: '[]' },
  formValues: (row) => ({ name: row.name, blocks: JSON.stringify(row.blocks, null, 2) }),
  title: (row) => row.name,
  columns: [
    { name: 'name', label: 'Name', sortable: true, linksToEdit: true, value: (row) => row.name },
    { name: 'blocks', label: 'Blocks', value: (row) => String(Array.isArray(row.blocks) ? row.blocks.length : 0) },
    {
      name: 'updated_at',
      label: 'Updated',
      sortable: true,
      value: (row) => formatAdminTime(row.updated_at),
    },
  ],
  search: { placeholder: 'Name' },
  defaultOrder: 'name',
  store: {
    list: listToolboxes,
    get: findToolbox,
    create: (db, input) => createToolbox(db, input),
    update: (db, row, input) => updateToolbox(db, row, input),
    remove: ({ db }, rows) => deleteToolboxes(db, rows),
  },
  usage: snippetUsage('snippets.core.toolbox'),
  afterChange: snippetsChanged,
});
