import { expect } from 'chai';
import { LOGGED_MODELS, MENU_ENTRIES, PERMISSION_MODELS } from '../../server/modules/admin/areas';
import { formSubmissionsViewSet } from '../../server/modules/admin/forms/submissions';
import { subscribersViewSet } from '../../server/modules/admin/forms/subscribers';
import { redirectsViewSet } from '../../server/modules/admin/redirects/viewset';
import { VIEWSET_ACTIONS, type AnyViewSet } from '../../server/modules/admin/viewsets/definition';
import { defineFormlessViewSet, hasForm } from '../../server/modules/admin/viewsets/formless';
import { isListOnly } from '../../server/modules/admin/viewsets/list-only';
import { grantableActions, mayDo, offers } from '../../server/modules/admin/viewsets/permission-policy';
import { viewSetRouteTable } from '../../server/modules/admin/viewsets/route-table';
import { buildModelPermissions } from '../../server/modules/permissions/model-policy';

/**
 * Viewsets without a form (viewsets/formless.ts) and rows of a parent (viewsets/parent-scope.ts):
 * form submissions are listed, exported, inspected and deleted under their form page, and their
 * declaration offers no add or edit screen at all (no refusing store, no empty form).
 */
const routes = (viewSet: AnyViewSet) =>
  viewSetRouteTable(viewSet).map(
    (r) =>
      `${r.method.toUpperCase()} ${r.path}${r.query ? `?${r.query.name}` : ''} ${r.action} ${r.model} ${r.permission}`,
  );

describe('viewsets without a form, rows of a parent', () => {
  it('serves form submissions as a list, its export, an inspect screen and the delete, under the form page', () => {
    expect(routes(formSubmissionsViewSet)).to.deep.equal([
      'GET /forms/submissions/:page_id/ list wagtailforms.formsubmission change',
      'GET /forms/submissions/:page_id/?export export wagtailforms.formsubmission change',
      'GET /forms/submissions/:page_id/:pk/ inspect wagtailforms.formsubmission change',
      'GET /forms/ index wagtailforms.formsubmission change',
      'POST /forms/submissions/:page_id/delete/ delete wagtailforms.formsubmission delete',
    ]);
    expect(VIEWSET_ACTIONS.filter((action) => offers(formSubmissionsViewSet, action))).to.deep.equal([
      'list',
      'export',
      'delete',
      'inspect',
    ]);
    expect(hasForm(formSubmissionsViewSet)).to.equal(false);
    expect(isListOnly(formSubmissionsViewSet)).to.equal(false);
    expect(hasForm(redirectsViewSet)).to.equal(true);
  });

  it('serves the subscribers as a list of their own and an inspect screen, nothing else', () => {
    expect(routes(subscribersViewSet)).to.deep.equal([
      'GET /forms/subscribers/ list forms.subscriber change',
      'GET /forms/subscribers/:pk/ inspect forms.subscriber change',
    ]);
    expect(hasForm(subscribersViewSet)).to.equal(false);
    // Its own list (search, pages) and its own inspect screen (the consent records).
    expect(subscribersViewSet.customList).not.to.equal(undefined);
    expect(subscribersViewSet.inspectView?.render).not.to.equal(undefined);
    expect(PERMISSION_MODELS.find((m) => m.model === 'forms.subscriber')).to.deep.equal({
      model: 'forms.subscriber',
      label: 'Subscribers',
      actions: ['change'],
    });
  });

  it('offers no form action even when the policy names one, and grants only what the offered actions need', () => {
    // A declaration read as data (e.g. a policy shared with a model that has a form): add and edit are not offered.
    const declared = {
      ...formSubmissionsViewSet,
      permissions: { list: 'any', export: 'any', add: 'add', edit: 'change' },
    } as const;
    expect(VIEWSET_ACTIONS.filter((action) => offers(declared, action))).to.deep.equal(['list', 'export']);
    expect(grantableActions(formSubmissionsViewSet)).to.deep.equal(['change', 'delete']);
    expect(PERMISSION_MODELS.find((m) => m.model === 'wagtailforms.formsubmission')?.actions).to.deep.equal([
      'change',
      'delete',
    ]);
    expect(LOGGED_MODELS.filter((m) => m.model === 'wagtailforms.formsubmission')).to.have.length(1);
  });

  it("shows the Forms menu entry to whoever may list submissions (the form page's right is checked per page)", () => {
    const reader = buildModelPermissions(
      { id: 5, is_superuser: false },
      [{ model: 'wagtailforms.formsubmission', action: 'change' }],
      [],
    );
    const deleter = buildModelPermissions(
      { id: 6, is_superuser: false },
      [{ model: 'wagtailforms.formsubmission', action: 'delete' }],
      [],
    );
    const forms = MENU_ENTRIES.find((entry) => entry.href === '/wagtail/forms/')!;
    expect([forms.visible(reader), forms.visible(deleter)]).to.deep.equal([true, false]);
    expect(mayDo(deleter, formSubmissionsViewSet, 'delete')).to.equal(true);
    expect(mayDo(reader, formSubmissionsViewSet, 'delete')).to.equal(false);
  });

  it('refuses at start-up a parent scope listed by the generic list, or offering another action', () => {
    const { customList: _custom, ...generic } = formSubmissionsViewSet;
    expect(() => viewSetRouteTable(generic)).to.throw(/rows of a parent are listed by a customList/);
    const withHistory = { ...formSubmissionsViewSet, permissions: { list: 'change', history: 'change' } } as const;
    expect(() => viewSetRouteTable(withHistory)).to.throw(
      /rows of a parent offer list, export, inspect, delete, not history/,
    );
  });

  it('keeps the row type of a declaration without a form and returns a viewset', () => {
    const viewSet = defineFormlessViewSet<{ id: number; name: string }>({
      app: 'test',
      model: 'note',
      names: { name: 'note', plural: 'notes' },
      base: 'notes',
      permissions: { list: 'any', inspect: 'any' },
      title: (row) => row.name,
      columns: [{ name: 'name', label: 'Name', value: (row) => row.name }],
      defaultOrder: 'name',
      inspectView: { fields: (row) => [['Name', row.name]] },
      store: {
        list: () => Promise.resolve({ rows: [{ id: 1, name: 'A' }], total: 1 }),
        get: (_db, id) => Promise.resolve({ id, name: 'A' }),
      },
    });
    expect(routes(viewSet)).to.deep.equal([
      'GET /notes/ list test.note any',
      'GET /notes/inspect/:pk/ inspect test.note any',
    ]);
  });
});
