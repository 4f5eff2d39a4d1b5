import { expect } from 'chai';
import { ADMIN_VIEWSETS, PERMISSION_MODELS } from '../../server/modules/admin/areas';
import { modelKey } from '../../server/modules/admin/viewsets/definition';
import {
  grantableActions,
  mayBulk,
  mayDo,
  MODEL_PERMISSION_POLICY,
  offeredBulkActions,
  offers,
  superuserPolicy,
} from '../../server/modules/admin/viewsets/permission-policy';
import { viewSetRouteTable } from '../../server/modules/admin/viewsets/route-table';
import { buildModelPermissions } from '../../server/modules/permissions/model-policy';

const byModel = (model: string) => ADMIN_VIEWSETS.find((viewSet) => modelKey(viewSet) === model)!;
const routes = (model: string) =>
  viewSetRouteTable(byModel(model)).map(
    (r) => `${r.method.toUpperCase()} ${r.path}${r.query ? `?${r.query.name}` : ''} ${r.permission}`,
  );

describe('viewset permissions as data', () => {
  const editor = buildModelPermissions(
    { id: 2, is_superuser: false },
    [
      { model: 'wagtailredirects.redirect', action: 'add' },
      { model: 'wagtailredirects.redirect', action: 'change' },
    ],
    [],
  );
  const superuser = buildModelPermissions({ id: 1, is_superuser: true }, [], []);
  const inactiveSuperuser = buildModelPermissions({ id: 3, is_superuser: true, is_active: false }, [], []);

  it("serves exactly the routes a model's declaration offers, each with the permission it names", () => {
    expect(routes('wagtailredirects.redirect')).to.deep.equal([
      'GET /redirects/ any',
      'GET /redirects/?export any',
      'GET /redirects/add/ add',
      'POST /redirects/add/ add',
      'GET /redirects/:pk/ change',
      'POST /redirects/:pk/ change',
      'GET /redirects/delete/:pk/ delete',
      'POST /redirects/delete/:pk/ delete',
      'GET /redirects/history/:pk/ any',
      'GET /bulk/wagtailredirects/redirect/delete/ delete',
      'POST /bulk/wagtailredirects/redirect/delete/ delete',
    ]);
    // Users: superusers only, no delete (accounts are deactivated), no export, no bulk action.
    expect(routes('auth.user')).to.deep.equal([
      'GET /users/ superuser',
      'GET /users/add/ superuser',
      'POST /users/add/ superuser',
      'GET /users/:pk/ superuser',
      'POST /users/:pk/ superuser',
      'GET /users/history/:pk/ superuser',
      'POST /users/:pk/deactivate/ superuser',
    ]);
    // A model with drafts and a preview also publishes, reverts and previews.
    expect(routes('core.footer')).to.include.members([
      'POST /snippets/core/footer/revisions/:pk/:revision_id/revert/ change',
      'POST /snippets/core/footer/preview/:pk/ change',
    ]);
  });

  it('offers an action only when declared and when the model has what it works on', () => {
    const redirects = byModel('wagtailredirects.redirect');
    expect(offers(redirects, 'publish'), 'no drafts: nothing to publish').to.equal(false);
    expect(offers(redirects, 'usage'), 'no usage list').to.equal(false);
    expect(offers(byModel('auth.user'), 'delete'), 'users are never deleted').to.equal(false);
    expect(offers(byModel('auth.group'), 'export')).to.equal(false);
    expect(offers(byModel('wagtailcore.site'), 'delete'), 'sites are never deleted here').to.equal(false);
  });

  it('answers the buttons and menus from the declaration: the editor adds and edits redirects but never deletes', () => {
    const redirects = byModel('wagtailredirects.redirect');
    expect(['list', 'export', 'add', 'edit', 'history'].every((a) => mayDo(editor, redirects, a as 'list'))).to.equal(
      true,
    );
    expect(mayDo(editor, redirects, 'delete')).to.equal(false);
    expect(mayDo(editor, byModel('auth.user'), 'list'), 'model permissions never open superuser areas').to.equal(false);
    expect(mayDo(superuser, byModel('auth.user'), 'list')).to.equal(true);
    expect(mayDo(inactiveSuperuser, byModel('auth.user'), 'list'), 'an inactive account holds nothing').to.equal(false);
  });

  it('lets groups be granted what some offered action needs, and nothing on superuser-only models', () => {
    expect(grantableActions(byModel('wagtailredirects.redirect'))).to.deep.equal(['add', 'change', 'delete']);
    expect(grantableActions(byModel('core.footer'))).to.deep.equal(['add', 'change', 'delete', 'publish']);
    expect(grantableActions(byModel('auth.user'))).to.deep.equal([]);
    const offered = PERMISSION_MODELS.map((m) => m.model);
    expect(offered).to.include('wagtailredirects.redirect').and.not.include('auth.user').and.not.include('auth.group');
  });

  it('builds the policies Wagtail has: model permissions, or superusers only', () => {
    expect(MODEL_PERMISSION_POLICY.edit).to.equal('change');
    expect(MODEL_PERMISSION_POLICY.list).to.equal('any');
    expect(superuserPolicy(['list', 'edit'])).to.deep.equal({ list: 'superuser', edit: 'superuser' });
  });

  it('offers the media bulk actions where the form has their field, guarded by the permission they declare', () => {
    const names = (model: string) => offeredBulkActions(byModel(model)).map((action) => action.name);
    expect(names('wagtailimages.image')).to.deep.equal(['add_to_collection', 'add_tags']);
    expect(names('wagtaildocs.document')).to.deep.equal(['add_to_collection', 'add_tags']);
    expect(names('wagtailmedia.media'), 'videos have no tags').to.deep.equal(['add_to_collection']);
    expect(names('wagtailredirects.redirect')).to.deep.equal([]);
    expect(routes('wagtailmedia.media')).to.include.members([
      'GET /bulk/wagtailmedia/media/add_to_collection/ change',
      'POST /bulk/wagtailmedia/media/add_to_collection/ change',
    ]);
    const images = byModel('wagtailimages.image');
    const [toCollection] = offeredBulkActions(images);
    const adder = buildModelPermissions(
      { id: 4, is_superuser: false },
      [{ model: 'wagtailimages.image', action: 'add' }],
      [],
    );
    const changer = buildModelPermissions(
      { id: 5, is_superuser: false },
      [{ model: 'wagtailimages.image', action: 'change' }],
      [],
    );
    expect(mayBulk(adder, images, toCollection!)).to.equal(false);
    expect(mayBulk(changer, images, toCollection!)).to.equal(true);
  });

  it('narrows by collection only the kinds of collection permission a user is granted somewhere', () => {
    const press = '00010002';
    const grants = [{ permission: 'change', path: press }];
    const scoped = buildModelPermissions({ id: 6, is_superuser: false }, [], grants);
    expect(scoped.collectionAllows('change', `${press}0001`), 'a descendant').to.equal(true);
    expect(scoped.collectionAllows('change', '00010001'), 'another collection').to.equal(false);
    expect(scoped.collectionAllows('add', '00010001'), 'no add grant anywhere: not narrowed').to.equal(true);
    const unscoped = buildModelPermissions({ id: 7, is_superuser: false }, [], []);
    expect(unscoped.collectionAllows('change', '00010001')).to.equal(true);
    const inactive = buildModelPermissions({ id: 8, is_superuser: false, is_active: false }, [], grants);
    expect(inactive.canInCollection('change', press)).to.equal(false);
  });
});
