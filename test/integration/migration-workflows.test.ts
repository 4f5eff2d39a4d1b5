import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { Migrator, type Kysely } from 'kysely';
import * as workflowsTasks from '../../migrations/2026_11_26_200000_workflows_tasks';
import { migrations } from '../../migrations/index';
import { openDatabase, type DatabaseHandle } from '../../server/db';

/**
 * The workflows migration on a database with submissions of the built-in moderation: the built-in
 * workflow becomes a stored one (Moderators task, root assignment), and each submission keeps its
 * place (in progress continues at that task; finished ones get the task state they ended with).
 */
describe('migration 2026_11_26_200000_workflows_tasks on existing submissions', () => {
  let handle: DatabaseHandle;
  let db: Kysely<any>;

  before(async function () {
    this.timeout(180_000); // every earlier migration on a fresh database: slow on a busy machine
    handle = openDatabase({ kind: 'pglite-memory' });
    db = handle.db as unknown as Kysely<any>;
    const earlier = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '2026_11_26_200000'));
    const { error } = await new Migrator({
      db,
      provider: { getMigrations: async () => earlier },
      allowUnorderedMigrations: true,
    }).migrateToLatest();
    if (error) throw error;
  });
  after(async () => handle.close());

  it('carries in-flight and finished moderation over to the seeded workflow', async () => {
    const [locale] = await db
      .insertInto('locales')
      .values([{ language_code: 'en-US' }])
      .returning('id')
      .execute();
    const page = (values: Record<string, unknown>) =>
      db
        .insertInto('pages')
        .values({
          page_type: 'ExamplePage',
          translation_key: randomUUID(),
          live: true,
          locale_id: locale!.id,
          ...values,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const root = await page({ path: '0001', depth: 1, title: 'Root', slug: 'root', url_path: '/' });
    const waiting = await page({
      path: '00010001',
      depth: 2,
      title: 'Waiting',
      slug: 'waiting',
      url_path: '/waiting/',
    });
    const sentBack = await page({
      path: '00010002',
      depth: 2,
      title: 'Sent back',
      slug: 'sent-back',
      url_path: '/sent-back/',
    });
    const user = await db
      .insertInto('users')
      .values({ username: 'mover', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const revision = (pageId: number) =>
      db
        .insertInto('page_revisions')
        .values({ page_id: pageId, object_str: 'r', content: JSON.stringify({}) })
        .returning('id')
        .executeTakeFirstOrThrow();
    const r1 = await revision(waiting.id);
    const r2 = await revision(sentBack.id);
    const inFlight = await db
      .insertInto('workflow_states')
      .values({ page_id: waiting.id, revision_id: r1.id, requested_by_id: user.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const finished = await db
      .insertInto('workflow_states')
      .values({
        page_id: sentBack.id,
        revision_id: r2.id,
        requested_by_id: user.id,
        status: 'needs_changes',
        finished_by_id: user.id,
        finished_at: new Date(),
        comment: 'Fix the price',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    await workflowsTasks.up(db);

    const workflow = await db.selectFrom('workflows').selectAll().executeTakeFirstOrThrow();
    expect(workflow).to.include({ name: 'Moderators approval', active: true });
    const task = await db.selectFrom('workflow_tasks').selectAll().executeTakeFirstOrThrow();
    expect(task).to.include({
      name: 'Moderators approval',
      type: 'group_approval',
      active: true,
      restart_on_new_revision: false,
    });
    const groups = await db
      .selectFrom('workflow_task_groups')
      .innerJoin('groups', 'groups.id', 'workflow_task_groups.group_id')
      .select('groups.name')
      .execute();
    expect(groups).to.deep.equal([{ name: 'Moderators' }]);
    expect(await db.selectFrom('workflow_pages').selectAll().execute()).to.deep.equal([
      { page_id: root.id, workflow_id: workflow.id },
    ]);

    const states = await db
      .selectFrom('workflow_states')
      .select(['id', 'workflow_id', 'current_task_state_id', 'status'])
      .orderBy('id')
      .execute();
    const taskStates = await db.selectFrom('workflow_task_states').selectAll().orderBy('workflow_state_id').execute();
    expect(
      taskStates.map((ts) => [ts.workflow_state_id, ts.task_id, ts.status, ts.revision_id, ts.comment]),
    ).to.deep.equal([
      [inFlight.id, task.id, 'in_progress', r1.id, ''],
      [finished.id, task.id, 'rejected', r2.id, 'Fix the price'],
    ]);
    expect(states).to.deep.equal([
      { id: inFlight.id, workflow_id: workflow.id, current_task_state_id: taskStates[0]!.id, status: 'in_progress' },
      { id: finished.id, workflow_id: workflow.id, current_task_state_id: null, status: 'needs_changes' },
    ]);

    // And back down, leaving the submissions as they were.
    await workflowsTasks.down(db);
    expect(await db.selectFrom('workflow_states').select(['id', 'status']).orderBy('id').execute()).to.deep.equal([
      { id: inFlight.id, status: 'in_progress' },
      { id: finished.id, status: 'needs_changes' },
    ]);
  });
});
