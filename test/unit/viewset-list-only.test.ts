import { expect } from 'chai';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ListView } from '../../shared/admin/viewset';
import { ADMIN_VIEWSETS, LOGGED_MODELS, MENU_ENTRIES, PERMISSION_MODELS } from '../../server/modules/admin/areas';
import { embedsViewSet } from '../../server/modules/admin/embeds/viewset';
import { a11yReportsViewSet } from '../../server/modules/admin/forms/a11y-reports';
import { lockedPagesReport } from '../../server/modules/admin/reports/locked';
import { REPORTS } from '../../server/modules/admin/reports/registry';
import { VIEWSET_ACTIONS } from '../../server/modules/admin/viewsets/definition';
import { isListOnly } from '../../server/modules/admin/viewsets/list-only';
import { grantableActions, mayDo, offers, permits } from '../../server/modules/admin/viewsets/permission-policy';
import { viewSetRouteTable } from '../../server/modules/admin/viewsets/route-table';
import { buildModelPermissions } from '../../server/modules/permissions/model-policy';
import { SITE_SETTINGS_MODEL } from '../../server/modules/site-settings/service';
import { ListScreen } from '../../views/admin/viewset/ListScreen';

/**
 * List-only viewsets (viewsets/list-only.ts): embeds and the reports are declared as viewsets with
 * a list and nothing else; the route table, the guard's model, the menu and the group screen read
 * their declarations, and the generic list screen draws their markup cells.
 */
const routes = (viewSet: (typeof ADMIN_VIEWSETS)[number]) =>
  viewSetRouteTable(viewSet).map(
    (r) => `${r.method.toUpperCase()} ${r.path}${r.query ? `?${r.query.name}` : ''} ${r.model} ${r.permission}`,
  );

describe('list-only viewsets', () => {
  const nobody = buildModelPermissions({ id: 2, is_superuser: false }, [], []);
  const settingsEditor = buildModelPermissions(
    { id: 3, is_superuser: false },
    [{ model: SITE_SETTINGS_MODEL, action: 'change' }],
    [],
  );
  // 'change' on the embed model itself opens nothing: the declaration names the site settings.
  const embedHolder = buildModelPermissions(
    { id: 4, is_superuser: false },
    [{ model: 'wagtailembeds.embed', action: 'change' }],
    [],
  );

  it('serves the embeds list alone, checked on the site-settings model', () => {
    expect(routes(embedsViewSet)).to.deep.equal([`GET /embeds/ ${SITE_SETTINGS_MODEL} change`]);
    expect(VIEWSET_ACTIONS.filter((action) => offers(embedsViewSet, action))).to.deep.equal(['list']);
  });

  it('serves each report as a list and its export, open to back-office access', () => {
    expect(routes(lockedPagesReport)).to.deep.equal([
      'GET /reports/locked/ reports.locked admin',
      'GET /reports/locked/?export reports.locked admin',
    ]);
    for (const report of REPORTS) {
      expect(isListOnly(report), report.base).to.equal(true);
      expect(
        VIEWSET_ACTIONS.filter((action) => offers(report, action)),
        report.base,
      ).to.deep.equal(['list', 'export']);
      expect(report.base).to.equal(`reports/${report.exportName}`);
    }
    expect(permits(nobody, 'reports.locked', 'admin')).to.equal(true);
  });

  it('serves the accessibility reports as a list of their own and its export, checked on the form submissions model', () => {
    expect(routes(a11yReportsViewSet)).to.deep.equal([
      'GET /forms/accessibility-reports/ wagtailforms.formsubmission change',
      'GET /forms/accessibility-reports/?export wagtailforms.formsubmission change',
    ]);
    expect(isListOnly(a11yReportsViewSet)).to.equal(true);
    expect(a11yReportsViewSet.customList).not.to.equal(undefined);
    const submissionReader = buildModelPermissions(
      { id: 5, is_superuser: false },
      [{ model: 'wagtailforms.formsubmission', action: 'change' }],
      [],
    );
    expect(mayDo(submissionReader, a11yReportsViewSet, 'export')).to.equal(true);
    expect(mayDo(settingsEditor, a11yReportsViewSet, 'list')).to.equal(false);
    // Reached from the forms index: no menu entry, nothing granted on its own model.
    expect(a11yReportsViewSet.menu).to.equal(undefined);
    expect(grantableActions(a11yReportsViewSet)).to.deep.equal([]);
    expect(ADMIN_VIEWSETS).to.include(a11yReportsViewSet);
  });

  it('opens embeds and their menu entry to whoever may change the site settings, and nobody else', () => {
    expect(mayDo(settingsEditor, embedsViewSet, 'list')).to.equal(true);
    expect(mayDo(embedHolder, embedsViewSet, 'list')).to.equal(false);
    expect(mayDo(nobody, embedsViewSet, 'list')).to.equal(false);
    const entry = MENU_ENTRIES.find((e) => e.href === '/wagtail/embeds/')!;
    expect(MENU_ENTRIES.filter((e) => e.href === '/wagtail/embeds/')).to.have.length(1);
    expect([entry.visible(settingsEditor), entry.visible(embedHolder), entry.visible(nobody)]).to.deep.equal([
      true,
      false,
      false,
    ]);
  });

  it('grants nothing on a list-only model and never names it in the audit log filter', () => {
    expect(grantableActions(embedsViewSet)).to.deep.equal([]);
    expect(PERMISSION_MODELS.map((m) => m.model)).not.to.include('wagtailembeds.embed');
    expect(LOGGED_MODELS.map((m) => m.model)).not.to.include('wagtailembeds.embed');
    expect(ADMIN_VIEWSETS).to.include(embedsViewSet);
  });

  it('draws markup cells, an intro with a link, its empty text and no Actions column when rows have none', () => {
    const view: ListView = {
      names: { name: 'embed', plural: 'embeds' },
      baseUrl: '/wagtail/embeds/',
      q: '',
      ordering: '',
      filters: [],
      columns: [
        { name: 'embed', label: 'Embed' },
        { name: 'embed_url', label: 'Iframe address' },
        { name: 'used_by', label: 'Used by' },
      ],
      rows: [
        {
          id: 1,
          title: 'Dock video',
          cells: [
            { text: 'x', markup: { kind: 'titled', title: 'Dock video', detail: 'https://v.example/1' } },
            { text: 'https://v.example/embed/1', markup: { kind: 'code' } },
            {
              text: 'Crab page',
              markup: {
                kind: 'links',
                items: [{ label: 'Crab page', href: '/wagtail/pages/7/edit/', note: 'Body' }, { label: 'Footer' }],
                more: 2,
              },
            },
          ],
        },
      ],
      pagination: { page: 1, pageCount: 1, total: 1, pageSize: 50 },
      actions: [],
      selfHref: '/wagtail/embeds/',
      searchable: false,
      actionsColumn: false,
      intro: ['Allowed hosts are set in ', { text: 'Settings', href: '/wagtail/settings/' }, '.'],
      emptyText: 'No content uses an embed.',
    };
    const html = renderToStaticMarkup(ListScreen({ view }));
    expect(html).to.include('Allowed hosts are set in <a href="/wagtail/settings/">Settings</a>.');
    expect(html).to.include(
      '<strong>Dock video</strong><span class="admin-table__children">https://v.example/1</span>',
    );
    expect(html).to.include('<code>https://v.example/embed/1</code>');
    expect(html).to.include('<a href="/wagtail/pages/7/edit/">Crab page</a><span class="admin-muted"> (Body)</span>');
    expect(html).to.include('<li>Footer</li>').and.to.include('<li>and 2 more</li>');
    expect(html).not.to.include('>Actions<').and.not.to.include('role="search"');
    const empty = renderToStaticMarkup(
      ListScreen({ view: { ...view, rows: [], pagination: { ...view.pagination, total: 0 } } }),
    );
    expect(empty).to.include('No content uses an embed.');
  });
});
