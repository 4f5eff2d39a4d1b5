import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { openDatabase } from '../../server/db';
import { eventBusFor } from '../../server/events';
import { LOCATIONS_CHANGED_CHANNEL } from '../../server/modules/locations/flush';
import { importLocations, LocationImportFileError } from '../../server/modules/locations/import-service';
import { countLocations } from '../../server/modules/locations/repo';
import type { TestApp } from '../helpers/app';
import { useTestApp } from '../helpers/app-suite';
import { pgliteTemplate } from '../helpers/database-templates';
import { PGlite } from '@electric-sql/pglite';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

const HEADER =
  'restaurantNumber,address1,city,state,country,zip,latitude,longitude,phone,hasDelivery,hasCurbside,hours';
const PORTLAND =
  '90001,12 Dock Street,Portland,ME,US,04101,43.6591,-70.2568,(207) 555-0100,yes,0,Mon-Thu 11:00-22:00; Fri-Sat 11:00-23:30; Sun closed';
const TORONTO = '90002,5 Bay Road,Toronto,ON,ca,m5v 2t6,43.64,-79.39,416-555-0101,true,1,';

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the import to be rejected');
}

describe('locations import (CSV and JSON)', function () {
  this.timeout(60_000);
  let t: TestApp;
  useTestApp({}, (suite) => ({ t } = suite));

  const byNumber = (number: string) =>
    t.db.selectFrom('locations').selectAll().where('restaurant_number', '=', number).executeTakeFirst();

  it('saves every row of a good CSV file, deriving the time zone from the coordinates', async () => {
    const before = await countLocations(t.db);
    const report = await importLocations(t.db, `${HEADER}\n${PORTLAND}\n${TORONTO}\n`);
    expect(report).to.include({ format: 'csv', rowCount: 2, created: 2, updated: 0 });
    expect(report.bad).to.deep.equal([]);
    expect(report.saved.map((row) => [row.row, row.timeZone, row.timeZoneDerived])).to.deep.equal([
      [2, 'America/New_York', true],
      [3, 'America/Toronto', true],
    ]);
    expect(await countLocations(t.db)).to.equal(before + 2);

    const portland = await byNumber('90001');
    expect(portland).to.include({
      state_name: 'Maine',
      state_slug: 'maine',
      city_slug: 'portland',
      line1_slug: '12-dock-street',
      time_zone: 'America/New_York',
    });
    expect(portland).to.include({ has_delivery: true, has_curbside: false, has_take_out: false });
    expect(portland?.local_page_url).to.equal(`portland-me-${portland?.rlid}`);
    // Sunday closed: six days, Monday (1) to Saturday (6).
    expect((portland?.hours as unknown as Array<{ dayOfWeek: number }>).map((day) => day.dayOfWeek)).to.deep.equal([
      1, 2, 3, 4, 5, 6,
    ]);
    const toronto = await byNumber('90002');
    expect(toronto).to.include({ country: 'CA', zip: 'M5V 2T6', state_name: 'Ontario', has_curbside: true });
    expect(toronto?.hours).to.deep.equal([]);
    // New restaurants take rlids after every one in use (the demo data's included).
    expect(report.saved[0]?.rlid).to.be.greaterThan(1001);
  });

  it('saves a good JSON file, keeping a given rlid and time zone', async () => {
    const rows = [
      {
        rlid: 95001,
        restaurantNumber: 'J-1',
        address1: '1 Ocean Avenue',
        city: 'Miami',
        state: 'FL',
        country: 'US',
        zip: '33139',
        latitude: 25.79,
        longitude: -80.13,
        phone: '305-555-0110',
        hasOnlineOrdering: true,
        isTemporarilyClosed: false,
        timeZone: 'America/New_York',
        hours: [{ dayOfWeek: 0, open: '11:00', close: '01:00' }],
        specialHours: [{ date: '2026-12-25', label: 'Christmas Day', closed: true }],
        localPageURL: 'miami-ocean-avenue',
        waitListMaxPartySize: 8,
        waitListReady: true,
        address2: null,
      },
      {
        restaurantNumber: 4242,
        address1: '9 Pier Street',
        city: 'Denver',
        state: 'co',
        country: 'US',
        zip: '80202',
        latitude: '39.75',
        longitude: '-104.99',
        phone: '303 555 0111',
      },
    ];
    const report = await importLocations(t.db, JSON.stringify(rows));
    expect(report).to.include({ format: 'json', rowCount: 2, created: 2 });
    expect(report.bad).to.deep.equal([]);
    expect(report.saved.map((row) => [row.rlid, row.timeZone, row.timeZoneDerived])).to.deep.include.members([
      [95001, 'America/New_York', false],
    ]);
    expect(report.saved[1]).to.include({ restaurantNumber: '4242', timeZone: 'America/Denver', timeZoneDerived: true });
    const miami = await byNumber('J-1');
    expect(miami).to.include({
      rlid: 95001,
      local_page_url: 'miami-ocean-avenue',
      wait_list_max_party_size: 8,
      wait_list_ready: true,
      has_online_ordering: true,
      address2: null,
    });
    expect(miami?.special_hours).to.deep.equal([{ date: '2026-12-25', label: 'Christmas Day', closed: true }]);
    expect(await byNumber('4242')).to.include({ state: 'CO', state_name: 'Colorado', latitude: 39.75 });
  });

  it('saves the good rows and reports each bad one with its row number and reasons', async () => {
    const before = await countLocations(t.db);
    const csv = [
      HEADER,
      '91001,1 Main Street,Austin,TX,US,78701,30.27,-97.74,512-555-0120,no,no,',
      '91002,2 Main Street,Austin,TX,US,78701,130.27,-97.74,512-555-0121,no,no,',
      '',
      '91003,3 Main Street,Austin,TX,US,78701,30.27,-97.74,512-555-0122,sometimes,no,Mon-Fri 9-5',
      '91004,4 Main Street,Austin,ZZ,US,78701,30.27,-97.74,512-555-0123,no,no,',
      '91001,5 Main Street,Austin,TX,US,78701,30.27,-97.74,512-555-0124,no,no,',
      '91005,6 Main Street,Austin',
      '91006,1 Main Street,Austin,TX,US,78701,30.27,-97.74,512-555-0125,no,no,',
    ].join('\n');
    const report = await importLocations(t.db, csv);
    expect(report).to.include({ rowCount: 7, created: 1 });
    expect(report.saved.map((row) => row.restaurantNumber)).to.deep.equal(['91001']);
    const bad = Object.fromEntries(report.bad.map((row) => [row.row, row.errors.join(' | ')]));
    expect(Object.keys(bad).map(Number)).to.deep.equal([3, 5, 6, 7, 8, 9]);
    expect(bad[3]).to.equal('latitude: must be a number between -90 and 90');
    expect(bad[5])
      .to.contain('hasDelivery: must be true/false, yes/no or 1/0')
      .and.to.contain('hours: "Mon-Fri 9-5" is not like "Mon-Fri 11:00-22:00"');
    expect(bad[6]).to.equal('state: ZZ is not a US state code');
    expect(bad[7]).to.equal('restaurantNumber: 91001 is already on row 2');
    expect(bad[8]).to.equal('has 3 cells but the header has 12');
    expect(bad[9]).to.equal('address1: same address, city and state as row 2');
    expect(report.bad.find((row) => row.row === 3)?.restaurantNumber).to.equal('91002');
    expect(await countLocations(t.db)).to.equal(before + 1);
    for (const number of ['91002', '91003', '91004', '91005', '91006'])
      expect(await byNumber(number)).to.equal(undefined);
  });

  it('updates an existing restaurant by restaurantNumber, keeping its rlid, and refuses clashes with other restaurants', async () => {
    const demo = await byNumber('01001');
    expect(demo, 'seeded demo restaurant').to.not.equal(undefined);
    const other = await byNumber('01002');
    const before = await countLocations(t.db);
    const rows = [
      {
        restaurantNumber: '01001',
        address1: '77 Harbor Way',
        city: 'Seattle',
        state: 'WA',
        country: 'US',
        zip: '98101',
        latitude: 47.61,
        longitude: -122.33,
        phone: '206-555-0130',
        isTemporarilyClosed: 'yes',
      },
      // A new restaurant asking for an rlid and a local page URL that 01002 already has.
      {
        restaurantNumber: '93001',
        rlid: other?.rlid,
        localPageURL: other?.local_page_url,
        address1: '1 New Street',
        city: 'Seattle',
        state: 'WA',
        country: 'US',
        zip: '98101',
        latitude: 47.6,
        longitude: -122.3,
        phone: '206-555-0131',
      },
    ];
    const report = await importLocations(t.db, JSON.stringify(rows));
    expect(report).to.include({ created: 0, updated: 1 });
    expect(report.saved[0]).to.include({
      restaurantNumber: '01001',
      rlid: demo?.rlid,
      action: 'updated',
      timeZone: 'America/Los_Angeles',
    });
    expect(report.bad).to.have.length(1);
    expect(report.bad[0]?.row).to.equal(2);
    expect(report.bad[0]?.errors).to.deep.equal([
      `rlid: ${other?.rlid} belongs to restaurant 01002`,
      `localPageURL: ${other?.local_page_url} belongs to restaurant 01002`,
    ]);
    expect(await countLocations(t.db)).to.equal(before);
    const updated = await byNumber('01001');
    expect(updated).to.include({
      rlid: demo?.rlid,
      address1: '77 Harbor Way',
      city: 'Seattle',
      is_temporarily_closed: true,
      time_zone: 'America/Los_Angeles',
    });
    expect(updated?.updated_at.getTime()).to.be.greaterThan(demo?.updated_at.getTime() ?? Infinity);
  });

  it('reports unknown columns once and ignores them', async () => {
    const report = await importLocations(
      t.db,
      `${HEADER},Color,notes\n${PORTLAND.replace('90001', '94001').replace('12 Dock', '14 Dock')},blue,x\n${PORTLAND.replace('90001', '94002').replace('12 Dock', '16 Dock')},red,y\n`,
    );
    expect(report.unknownColumns).to.deep.equal(['Color', 'notes']);
    expect(report).to.include({ created: 2 });
    expect(report.bad).to.deep.equal([]);
  });

  it('accepts snake_case or spaced header names', async () => {
    const report = await importLocations(
      t.db,
      `restaurant_number,Address 1,city,state,country,zip,latitude,longitude,phone\n94501,8 Lake Road,Chicago,IL,US,60601,41.88,-87.63,312-555-0140\n`,
    );
    expect(report.unknownColumns).to.deep.equal([]);
    expect(report.saved[0]).to.include({ restaurantNumber: '94501', timeZone: 'America/Chicago' });
  });

  it('rejects an empty file, a file without rows and malformed files with a clear message, writing nothing', async () => {
    const before = await countLocations(t.db);
    const cases: Array<[string, RegExp]> = [
      ['', /^The file is empty/],
      ['  \n\n', /^The file is empty/],
      [`${HEADER}\n`, /no location rows/],
      ['[]', /no location rows/],
      ['{"restaurantNumber": "1"', /^The file is not valid JSON/],
      ['{"restaurantNumber": "1"}', /must be an array of location objects/],
      ['[{"restaurantNumber": "1"}, 5]', /item 2 is not an object/],
      ['hello world\nthis is not, a locations file\n', /neither a JSON array nor CSV with a header row/],
      [`${HEADER}\n"90001,12 Dock Street,Portland\n`, /neither a JSON array nor valid CSV/],
      [
        'restaurantNumber,city\n1,Austin\n',
        /lacks required columns: address1, state, country, zip, latitude, longitude, phone/,
      ],
    ];
    for (const [content, message] of cases) {
      const error = await rejection(importLocations(t.db, content));
      expect(error, JSON.stringify(content)).to.be.instanceOf(LocationImportFileError);
      expect(error.message, JSON.stringify(content)).to.match(message);
    }
    expect(await countLocations(t.db)).to.equal(before);
  });

  it('has the database refuse a second restaurant with the same number, whoever writes it', async () => {
    const [first, second] = await t.db
      .selectFrom('locations')
      .select(['rlid', 'restaurant_number'])
      .orderBy('rlid')
      .limit(2)
      .execute();
    const error = await rejection(
      t.db
        .updateTable('locations')
        .set({ restaurant_number: first!.restaurant_number })
        .where('rlid', '=', second!.rlid)
        .execute(),
    );
    expect(error.message).to.match(/locations_restaurant_number_key|duplicate key/);
  });

  it('announces the change so every app drops its cached location data', async () => {
    const heard: string[] = [];
    const unsubscribe = await eventBusFor(t.db).subscribe(
      LOCATIONS_CHANGED_CHANNEL,
      (payload) => heard.push(payload),
      () => undefined,
    );
    try {
      await importLocations(t.db, `${HEADER}\n${PORTLAND.replace('90001', '96001').replace('12 Dock', '18 Dock')}\n`);
      for (let i = 0; i < 50 && heard.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard).to.have.length(1);
    } finally {
      unsubscribe();
    }
  });
});

describe('npm run import:locations (the CLI)', function () {
  this.timeout(120_000);
  let dir: string;
  before(async function () {
    // The script runs on the embedded database under DATA_DIR.
    if (process.env.TEST_DB === 'postgres') this.skip();
    dir = mkdtempSync(join(tmpdir(), 'harborline-import-'));
    // Already migrated (the test process's template written to disk): the script's own run then
    // checks the migrations instead of running all of them, which the seed and process suites test.
    mkdirSync(join(dir, 'data'), { recursive: true });
    const pglite = new PGlite(join(dir, 'data', 'pglite'), { loadDataDir: (await pgliteTemplate('migrated')).dump });
    await pglite.waitReady;
    await pglite.close();
  });
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const run = (file: string) =>
    spawnSync(process.execPath, [TSX, 'scripts/import-locations.ts', file], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'development', DATA_DIR: join(dir, 'data'), DATABASE_URL: '' },
      encoding: 'utf8',
    });

  it('imports a file into the DATA_DIR database, prints the report and exits 1 when a row was bad', async () => {
    const good = join(dir, 'good.csv');
    writeFileSync(good, `${HEADER},color\n${PORTLAND},blue\n${TORONTO},red\n`);
    const first = run(good);
    expect(first.stderr).to.equal('');
    expect(first.stdout).to.contain('Read 2 CSV row(s): 2 created, 0 updated, 0 rejected.');
    expect(first.stdout).to.contain('Ignored unknown column(s): color.');
    expect(first.status).to.equal(0);

    const mixed = join(dir, 'mixed.json');
    writeFileSync(
      mixed,
      JSON.stringify([
        {
          ...Object.fromEntries(HEADER.split(',').map((key, i) => [key, PORTLAND.split(',')[i]])),
          phone: '207-555-0199',
        },
        { restaurantNumber: '90009', latitude: 'north' },
      ]),
    );
    const second = run(mixed);
    expect(second.status).to.equal(1);
    expect(second.stdout).to.contain('Read 2 JSON row(s): 0 created, 1 updated, 1 rejected.');
    expect(second.stdout).to.match(
      /^Row 2 \(restaurant 90009\): address1: is required; .*latitude: must be a number between -90 and 90/m,
    );

    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '');
    const third = run(broken);
    expect(third.status).to.equal(1);
    expect(third.stderr).to.contain('The file is empty');

    const handle = openDatabase({ kind: 'pglite', dataDir: join(dir, 'data', 'pglite') });
    try {
      const rows = await handle.db
        .selectFrom('locations')
        .select(['restaurant_number', 'phone', 'time_zone'])
        .orderBy('restaurant_number')
        .execute();
      expect(rows).to.deep.equal([
        { restaurant_number: '90001', phone: '207-555-0199', time_zone: 'America/New_York' },
        { restaurant_number: '90002', phone: '416-555-0101', time_zone: 'America/Toronto' },
      ]);
    } finally {
      await handle.close();
    }
  });
});
