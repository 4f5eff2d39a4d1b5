import { sql, type Kysely } from 'kysely';

/**
 * The nearby search's exact total without testing every candidate (issue 15): a count per grid
 * cell of a quarter degree of latitude by a quarter degree of longitude. A cell wholly inside the
 * search circle adds its count; only the cells the circle's edge crosses are tested row by row.
 * Statement-level triggers keep the counts right for every writer (seed, import, admin, hand-made
 * SQL) in the writer's own transaction, one grouped upsert per statement rather than one per row.
 * The index's latitude band becomes the cell's row (floor(latitude * 4)) so an edge cell is one
 * short range of it. Frozen once landed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table locations add column lat_cell smallint generated always as (floor(latitude * 4)) stored`.execute(
    db,
  );
  await sql`create index locations_cell_idx on locations (lat_cell, longitude) include (latitude, x, y, z, rlid)`.execute(
    db,
  );
  await db.schema.dropIndex('locations_nearby_idx').execute();
  await sql`alter table locations drop column lat_band`.execute(db);
  await sql`
    create table location_cells (
      lat_cell smallint not null,
      lng_cell smallint not null,
      n integer not null check (n >= 0),
      primary key (lat_cell, lng_cell)
    )`.execute(db);
  await sql`
    create function location_cells_count() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        update location_cells c set n = c.n - d.n
        from (select lat_cell, floor(longitude * 4)::smallint as lng_cell, count(*)::integer as n from old_rows group by 1, 2) d
        where c.lat_cell = d.lat_cell and c.lng_cell = d.lng_cell;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into location_cells as c (lat_cell, lng_cell, n)
        select lat_cell, floor(longitude * 4)::smallint, count(*)::integer from new_rows group by 1, 2 order by 1, 2
        on conflict (lat_cell, lng_cell) do update set n = c.n + excluded.n;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger location_cells_insert after insert on locations referencing new table as new_rows for each statement execute function location_cells_count()`.execute(
    db,
  );
  await sql`create trigger location_cells_update after update on locations referencing old table as old_rows new table as new_rows for each statement execute function location_cells_count()`.execute(
    db,
  );
  await sql`create trigger location_cells_delete after delete on locations referencing old table as old_rows for each statement execute function location_cells_count()`.execute(
    db,
  );
  await sql`
    create function location_cells_clear() returns trigger language plpgsql as $$
    begin
      delete from location_cells;
      return null;
    end $$`.execute(db);
  await sql`create trigger location_cells_truncate after truncate on locations for each statement execute function location_cells_clear()`.execute(
    db,
  );
  await sql`
    insert into location_cells (lat_cell, lng_cell, n)
    select lat_cell, floor(longitude * 4), count(*) from locations group by 1, 2`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table location_cells`.execute(db);
  await sql`drop trigger location_cells_insert on locations`.execute(db);
  await sql`drop trigger location_cells_update on locations`.execute(db);
  await sql`drop trigger location_cells_delete on locations`.execute(db);
  await sql`drop trigger location_cells_truncate on locations`.execute(db);
  await sql`drop function location_cells_count()`.execute(db);
  await sql`drop function location_cells_clear()`.execute(db);
  await sql`alter table locations add column lat_band smallint generated always as (floor(latitude)) stored`.execute(
    db,
  );
  await sql`create index locations_nearby_idx on locations (lat_band, longitude) include (latitude, x, y, z, rlid)`.execute(
    db,
  );
  await db.schema.dropIndex('locations_cell_idx').execute();
  await sql`alter table locations drop column lat_cell`.execute(db);
}
