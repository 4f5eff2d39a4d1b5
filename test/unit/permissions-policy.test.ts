import { expect } from 'chai';
import { buildPagePermissions, type PageRef } from '../../server/modules/permissions/policy';

// Tree: root 0001 > home 00010001 > section 000100010001 > leaf 0001000100010001; other home 00010002.
const page = (id: number, path: string, extra: Partial<PageRef> = {}): PageRef => ({
  id,
  path,
  owner_id: null,
  numchild: 0,
  ...extra,
});
const root = page(1, '0001', { numchild: 2 });
const home = page(2, '00010001', { numchild: 1 });
const section = page(3, '000100010001', { numchild: 1 });
const leaf = page(4, '0001000100010001');
const otherHome = page(5, '00010002');

const editor = buildPagePermissions({ id: 10, is_superuser: false }, [
  { permission_type: 'add', path: section.path },
  { permission_type: 'change', path: section.path },
]);
const moderator = buildPagePermissions({ id: 11, is_superuser: false }, [
  { permission_type: 'add', path: home.path },
  { permission_type: 'change', path: home.path },
  { permission_type: 'publish', path: home.path },
  { permission_type: 'bulk_delete', path: home.path },
  { permission_type: 'lock', path: home.path },
]);
const superuser = buildPagePermissions({ id: 1, is_superuser: true }, []);

describe('page permission policy', () => {
  it('applies a grant to the whole subtree and nowhere else', () => {
    expect(editor.can('change', section)).to.equal(true);
    expect(editor.can('change', leaf)).to.equal(true);
    expect(editor.can('change', home)).to.equal(false);
    expect(editor.can('change', otherHome)).to.equal(false);
  });

  it("lets 'add' edit your own pages only", () => {
    const adder = buildPagePermissions({ id: 12, is_superuser: false }, [{ permission_type: 'add', path: home.path }]);
    expect(adder.can('change', { ...leaf, owner_id: 12 })).to.equal(true);
    expect(adder.can('change', { ...leaf, owner_id: 99 })).to.equal(false);
  });

  it('needs publish for publish, unpublish and privacy', () => {
    for (const action of ['publish', 'unpublish', 'privacy'] as const) {
      expect(editor.can(action, leaf), `editor ${action}`).to.equal(false);
      expect(moderator.can(action, leaf), `moderator ${action}`).to.equal(true);
    }
  });

  it('needs bulk_delete to delete a page with children, and publish to delete a live one', () => {
    expect(editor.can('delete', section)).to.equal(false);
    expect(editor.can('delete', leaf)).to.equal(true);
    expect(editor.can('delete', { ...leaf, live: true })).to.equal(false);
    expect(moderator.can('delete', section)).to.equal(true);
  });

  it('moves with change on the page and add on the destination, never into its own subtree', () => {
    expect(editor.can('move', leaf, { destination: section })).to.equal(true);
    expect(editor.can('move', leaf, { destination: otherHome })).to.equal(false);
    expect(moderator.can('move', section, { destination: leaf })).to.equal(false);
    expect(superuser.can('move', section, { destination: otherHome })).to.equal(true);
    expect(editor.can('copy', leaf, { destination: section })).to.equal(true);
    expect(editor.can('copy', leaf, { destination: home })).to.equal(false);
  });

  it('lets the lock holder unlock, others only with unlock', () => {
    expect(moderator.can('lock', leaf)).to.equal(true);
    expect(moderator.can('unlock', { ...leaf, locked_by_id: 99 })).to.equal(false);
    expect(moderator.can('unlock', { ...leaf, locked_by_id: 11 })).to.equal(true);
    expect(editor.can('lock', leaf)).to.equal(false);
  });

  it('never edits the tree root, even for superusers, but superusers add under it', () => {
    expect(superuser.can('change', root)).to.equal(false);
    expect(superuser.can('delete', root)).to.equal(false);
    expect(superuser.can('add', root)).to.equal(true);
    expect(superuser.can('publish', otherHome)).to.equal(true);
  });

  it('shows granted pages and their ancestors in the explorer, and only those children', () => {
    expect(editor.can('view', root)).to.equal(true);
    expect(editor.can('view', home)).to.equal(true);
    expect(editor.can('view', leaf)).to.equal(true);
    expect(editor.can('view', otherHome)).to.equal(false);
    expect(editor.visibleChildPaths({ path: root.path, depth: 1 })).to.deep.equal([home.path]);
    expect(editor.visibleChildPaths({ path: home.path, depth: 2 })).to.deep.equal([section.path]);
    expect(editor.visibleChildPaths({ path: section.path, depth: 3 })).to.equal(undefined);
    expect(superuser.visibleChildPaths({ path: root.path, depth: 1 })).to.equal(undefined);
  });

  it('gives an inactive account nothing', () => {
    const inactive = buildPagePermissions({ id: 13, is_superuser: true, is_active: false }, [
      { permission_type: 'change', path: home.path },
    ]);
    expect(inactive.can('change', leaf)).to.equal(false);
    expect(inactive.can('view', root)).to.equal(false);
  });
});
