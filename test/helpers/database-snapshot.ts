/**
 * Puts a copied test database back to the state it was copied in, so the next suite of the same
 * test process can use it instead of a fresh copy (test/helpers/database-pool.ts).
 *
 * `install` keeps a copy of every table's rows in the `test_snapshot` schema, the value of every
 * sequence, and a statement trigger on every table that counts writes on a sequence of its own
 * (sequences never wait for a lock and are not rolled back: concurrent writers do not queue behind
 * the bookkeeping, and a write in a rolled-back transaction still counts). `reset` empties the
 * tables written to since, plus every table that references them, refills them from the copy and
 * sets every sequence back. A schema changed since the install (a test that migrates down, adds a
 * column, or drops the snapshot) makes `reset` answer false: the database is thrown away.
 */
export type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

export type Snapshot = {
  /** Restores the rows and sequences; false when the database cannot be reused. */
  reset(query: Query): Promise<boolean>;
};

const SCHEMA = 'test_snapshot';

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Changes when a table, column, constraint, index, trigger, function, type or enum value changes. */
const FINGERPRINT = `
  SELECT md5(concat_ws('|',
    (SELECT string_agg(a.attrelid::regclass::text || '.' || a.attname || ':' || format_type(a.atttypid, a.atttypmod)
        || ':' || a.attnotnull || ':' || a.atthasdef || ':' || a.attgenerated::text, ',' ORDER BY a.attrelid, a.attnum)
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      WHERE c.relnamespace IN ('public'::regnamespace, '${SCHEMA}'::regnamespace) AND a.attnum > 0 AND NOT a.attisdropped),
    (SELECT count(*) FROM pg_class WHERE relnamespace IN ('public'::regnamespace, '${SCHEMA}'::regnamespace)),
    (SELECT count(*) FROM pg_constraint WHERE connamespace = 'public'::regnamespace),
    (SELECT count(*) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = 'public'::regnamespace),
    (SELECT count(*) FROM pg_proc WHERE pronamespace IN ('public'::regnamespace, '${SCHEMA}'::regnamespace)),
    (SELECT count(*) FROM pg_type WHERE typnamespace = 'public'::regnamespace),
    (SELECT count(*) FROM pg_enum),
    (SELECT count(*) FROM pg_namespace)
  )) AS fingerprint`;

export async function installSnapshot(query: Query): Promise<Snapshot> {
  const tables = (
    await query(`SELECT c.oid::int AS oid, c.relname AS name FROM pg_class c
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') ORDER BY c.relname`)
  ).map((row) => ({ oid: Number(row.oid), name: String(row.name) }));
  const byOid = new Map(tables.map((table) => [table.oid, table]));
  const columns = new Map<number, string[]>();
  for (const row of await query(`SELECT a.attrelid::int AS oid, a.attname AS name FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid
      WHERE c.relnamespace = 'public'::regnamespace AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY a.attrelid, a.attnum`)) {
    const oid = Number(row.oid);
    if (!columns.has(oid)) columns.set(oid, []);
    columns.get(oid)!.push(ident(String(row.name)));
  }
  // Emptying a table means emptying every table that references it (TRUNCATE refuses otherwise).
  const referencedBy = new Map<number, number[]>();
  for (const row of await query(`SELECT conrelid::int AS child, confrelid::int AS parent FROM pg_constraint
      WHERE contype = 'f' AND connamespace = 'public'::regnamespace`)) {
    const parent = Number(row.parent);
    referencedBy.set(parent, [...(referencedBy.get(parent) ?? []), Number(row.child)]);
  }
  const sequences = await query(`SELECT format('%I.%I', schemaname, sequencename) AS name, last_value, start_value
      FROM pg_sequences WHERE schemaname = 'public'`);
  const setSequences = sequences.length
    ? `SELECT ${sequences
        .map((row) =>
          row.last_value === null
            ? `setval(${literal(String(row.name))}, ${String(row.start_value)}, false)`
            : `setval(${literal(String(row.name))}, ${String(row.last_value)}, true)`,
        )
        .join(', ')}`
    : undefined;

  await query(`CREATE SCHEMA ${SCHEMA}`);
  await query(`CREATE FUNCTION ${SCHEMA}.touch() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM nextval(('${SCHEMA}.touched_' || TG_RELID)::regclass); RETURN NULL; END $$`);
  for (const table of tables) {
    await query(`CREATE TABLE ${SCHEMA}.${ident(table.name)} AS SELECT * FROM public.${ident(table.name)}`);
    await query(`CREATE SEQUENCE ${SCHEMA}.touched_${table.oid}`);
    await query(`CREATE TRIGGER test_snapshot_touch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
      ON public.${ident(table.name)} FOR EACH STATEMENT EXECUTE FUNCTION ${SCHEMA}.touch()`);
  }
  const fingerprint = String((await query(FINGERPRINT))[0]!.fingerprint);

  return {
    async reset(run) {
      if (String((await run(FINGERPRINT))[0]?.fingerprint) !== fingerprint) return false;
      const touched = (
        await run(`SELECT substr(sequencename, 9)::int AS oid FROM pg_sequences
          WHERE schemaname = '${SCHEMA}' AND sequencename LIKE 'touched\\_%' AND last_value IS NOT NULL`)
      ).map((row) => Number(row.oid));
      const emptied = new Set<number>();
      const visit = (oid: number) => {
        if (emptied.has(oid) || !byOid.has(oid)) return;
        emptied.add(oid);
        for (const child of referencedBy.get(oid) ?? []) visit(child);
      };
      touched.forEach(visit);
      const statements: string[] = [];
      if (emptied.size) {
        const names = [...emptied].map((oid) => `public.${ident(byOid.get(oid)!.name)}`);
        statements.push(`TRUNCATE ${names.join(', ')}`);
        for (const oid of emptied) {
          const { name } = byOid.get(oid)!;
          const list = columns.get(oid)!.join(', ');
          statements.push(
            `INSERT INTO public.${ident(name)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM ${SCHEMA}.${ident(name)}`,
          );
        }
        statements.push(`SELECT ${touched.map((oid) => `setval('${SCHEMA}.touched_${oid}', 1, false)`).join(', ')}`);
      }
      if (setSequences) statements.push(setSequences);
      // Replica mode: no foreign-key checks while tables refill in any order, and no touch triggers.
      await run('BEGIN');
      try {
        await run('SET LOCAL session_replication_role = replica');
        for (const statement of statements) await run(statement);
        await run('COMMIT');
      } catch (error) {
        await run('ROLLBACK').catch(() => undefined);
        throw error;
      }
      return true;
    },
  };
}
