import { expect } from 'chai';
import { collectionFormSchema, type CollectionInput } from '../../shared/schemas/collections';
import { defineViewSet } from '../../server/modules/admin/viewsets/definition';
import { createObject, latestDraft, revertToRevision, saveDraft } from '../../server/modules/admin/viewsets/service';
import * as collectionsRepo from '../../server/modules/collections/repo';
import { createCollection, rootCollectionId, updateCollection } from '../../server/modules/collections/service';
import { modelHistory } from '../../server/modules/audit/model-log';
import { createTestApp, type TestApp } from '../helpers/app';
import { MODEL_PERMISSION_POLICY } from '../../server/modules/admin/viewsets/permission-policy';

/**
 * The viewset's drafts (save draft, publish, revert; the header, footer and navigation snippets
 * will declare them). Exercised on a real table: a declaration over collections whose live name
 * changes only on publish.
 */
describe('admin viewset drafts and revisions', () => {
  let t: TestApp;
  let userId: number;
  let root: number;
  const draftable = defineViewSet<collectionsRepo.CollectionListing, CollectionInput>({
    app: 'test',
    model: 'draftablecollection',
    names: { name: 'collection', plural: 'collections' },
    base: 'draftable-collections',
    permissions: MODEL_PERMISSION_POLICY,
    schema: collectionFormSchema,
    fields: [{ name: 'name', label: 'Name' }],
    initialValues: { name: '', parent: '' },
    formValues: (row) => ({ name: row.name }),
    title: (row) => row.name,
    columns: [{ name: 'name', label: 'Name', sortable: true, value: (row) => row.name }],
    defaultOrder: 'name',
    store: {
      list: collectionsRepo.listCollections,
      get: (db, id, options) => collectionsRepo.findCollection(db, id, options),
      create: (db, input) => createCollection(db, input),
      update: (db, row, input) => updateCollection(db, row, input),
      remove: async () => undefined,
    },
    drafts: {
      toContent: (input) => input,
      fromContent: (content) => {
        const parsed = collectionFormSchema.safeParse({
          name: (content as { name?: unknown }).name,
          parent: (content as { parentId?: unknown }).parentId,
        });
        return parsed.success ? parsed.data : undefined;
      },
      formValues: (input) => ({ name: input.name }),
      publish: (db, row, input) => updateCollection(db, row, input),
      touch: async (db, row) => {
        await collectionsRepo.renameCollection(db, row.id, row.name);
        return (await collectionsRepo.findCollection(db, row.id))!;
      },
    },
  });

  before(async function () {
    this.timeout(180_000); // migrating and seeding the whole demo is slow on a busy machine
    t = await createTestApp();
    userId = (await t.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
    root = await rootCollectionId(t.db);
  });
  after(async () => t.close());

  it('saves drafts without touching the live object, publishes, reverts to an old revision, and refuses stale saves', async () => {
    const created = await createObject<collectionsRepo.CollectionListing>(
      t.db,
      draftable,
      { name: 'Live name', parentId: root },
      { userId },
    );
    expect(created.version).to.equal(1);

    const drafted = await saveDraft<collectionsRepo.CollectionListing>(
      t.db,
      draftable,
      created.id,
      1,
      { name: 'Draft name', parentId: root },
      { userId },
      { publish: false },
    );
    expect(drafted.name).to.equal('Live name');
    expect(drafted.version).to.equal(2);
    const draft = await latestDraft(t.db, draftable, drafted);
    expect(draft?.input).to.deep.equal({ name: 'Draft name', parentId: root });

    // A form opened on version 1 is stale now.
    let stale: unknown;
    await saveDraft(
      t.db,
      draftable,
      created.id,
      1,
      { name: 'Other', parentId: root },
      { userId },
      { publish: false },
    ).catch((error: unknown) => (stale = error));
    expect(stale).to.have.property('status', 409);

    const published = await saveDraft<collectionsRepo.CollectionListing>(
      t.db,
      draftable,
      created.id,
      2,
      { name: 'Published name', parentId: root },
      { userId },
      { publish: true },
    );
    expect(published.name).to.equal('Published name');

    const history = await modelHistory(t.db, 'test.draftablecollection', created.id, 10);
    expect(history.entries.map((e) => e.description)).to.deep.equal(['Published', 'Draft saved', 'Created']);
    const firstRevision = history.entries.at(-1)!.revisionId!;
    await revertToRevision(t.db, draftable, created.id, firstRevision, { userId });
    const afterRevert = (await collectionsRepo.findCollection(t.db, created.id))!;
    expect(afterRevert.name).to.equal('Published name');
    expect((await latestDraft(t.db, draftable, afterRevert))?.input).to.deep.equal({
      name: 'Live name',
      parentId: root,
    });
    expect((await modelHistory(t.db, 'test.draftablecollection', created.id, 1)).entries[0]!.description).to.match(
      /^Reverted to the revision of [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M UTC \(new draft\)$/,
    );

    let missing: unknown;
    await revertToRevision(t.db, draftable, created.id, 999999, { userId }).catch(
      (error: unknown) => (missing = error),
    );
    expect(missing).to.have.property('status', 404);
  });
});
