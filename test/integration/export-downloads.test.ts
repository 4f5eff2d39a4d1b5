import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'chai';
import ExcelJS from 'exceljs';
import type request from 'supertest';
import { ADMIN_VIEWSETS } from '../../server/modules/admin/areas';
import { REPORTS } from '../../server/modules/admin/reports/registry';
import { listUrlOf, modelKey } from '../../server/modules/admin/viewsets/definition';
import { offers } from '../../server/modules/admin/viewsets/permission-policy';
import { createCollection } from '../../server/modules/collections/service';
import { lockPage } from '../../server/modules/pages/lifecycle-service';
import { createPage } from '../../server/modules/pages/service';
import type { Page } from '../../server/modules/pages/table';
import type { TestApp } from '../helpers/app';
import { useTestApp, type SignedInAgent } from '../helpers/app-suite';
import { INJECTIONS, parseCsv } from '../helpers/csv';

/** The viewsets whose declaration offers an export (users and groups do not). */
// Rows of a parent export at the parent's URL: the form submissions are walked by their page below.
const EXPORTING_VIEWSETS = ADMIN_VIEWSETS.filter((viewSet) => offers(viewSet, 'export') && !viewSet.parent);

/**
 * Every CSV and XLSX download of the product (docs/security.md, "Spreadsheet exports"): each
 * admin list (every viewset), each report, and the form submissions. For each one, text that a
 * spreadsheet would run as a formula is planted in the rows it exports, and the download must
 * carry the export headers, quote every CSV field, and hold no cell a spreadsheet would run, in
 * CSV (read with ',' or split on ';') and XLSX.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Code that writes a spreadsheet, or answers with a spreadsheet's type. */
const SPREADSHEET_ANSWER =
  /xlsx\.write|csv\.write|(?:\.type\(|Content-Type['"]?\s*[:,])\s*['"`](?:text\/csv|application\/vnd\.openxmlformats-officedocument\.spreadsheetml)/i;

/** What each planted text must read as in the file. */
const EXPECTED: Record<(typeof INJECTIONS)[number], { csv: string; xlsx: string }> = {
  "x;=cmd|' /C calc'!A0": { csv: "x;'=cmd|' /C calc'!A0", xlsx: "x;=cmd|' /C calc'!A0" },
  '=1+1': { csv: "'=1+1", xlsx: "'=1+1" },
  '+1': { csv: "'+1", xlsx: "'+1" },
  '-1': { csv: "'-1", xlsx: "'-1" },
  '@SUM(A1)': { csv: "'@SUM(A1)", xlsx: "'@SUM(A1)" },
  '\t=1': { csv: "'\t'=1", xlsx: "'\t=1" },
  // XML reads a carriage return in text as a line feed.
  '\r=1': { csv: "'\r=1", xlsx: "'\n=1" },
};

const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

/** Source files under a folder. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

type ExportRoute = {
  url: string;
  /** The file name's stem. */
  name: RegExp;
  /** The texts planted in its rows (none for a list of fixed names only). */
  planted: readonly string[];
};

describe('spreadsheet exports: every CSV and XLSX download', function () {
  this.timeout(120_000);
  let t: TestApp;
  let agent: SignedInAgent;
  let home: Page;
  useTestApp({ signIn: true }, (suite) => ({ t, agent, home } = suite));

  const routes: ExportRoute[] = [];
  /** Plants text in each viewset's rows, keyed by model; a new viewset must be added here. */
  const plantInViewSet: Record<string, () => Promise<readonly string[]>> = {
    'wagtailredirects.redirect': async () => {
      // Straight into the table: the link rules would refuse these targets (the list shows what is stored).
      for (const [i, text] of INJECTIONS.entries())
        await t.db
          .insertInto('redirects')
          .values({
            old_path: `/export-planted-${i}/`,
            site_id: null,
            redirect_link: text,
            is_permanent: true,
          } as never)
          .execute();
      return INJECTIONS;
    },
    'wagtailcore.collection': async () => {
      const root = await t.db.selectFrom('collections').select('id').where('depth', '=', 1).executeTakeFirstOrThrow();
      for (const text of INJECTIONS) await createCollection(t.db, { name: text, parentId: root.id });
      return INJECTIONS;
    },
    'wagtailimages.image': () => retitle('images'),
    'wagtaildocs.document': () => retitle('documents'),
    'wagtailmedia.media': () => retitle('videos'),
    'core.country': async () => {
      for (const [i, text] of INJECTIONS.entries())
        await t.db
          .insertInto('snippet_countries')
          .values({
            iso_code: `Q${'ABCDEFG'[i]!}`,
            language_code: 'en-US',
            printable_name: text,
            site_id: null,
            root_page_id: null,
          })
          .execute();
      return INJECTIONS;
    },
    'core.toolbox': async () => {
      for (const text of INJECTIONS)
        await t.db.insertInto('snippet_toolboxes').values({ name: text, blocks: '[]' }).execute();
      return INJECTIONS;
    },
    // Workflows and tasks are listed by name (inserted directly: the form refuses a task without groups).
    'wagtailcore.workflow': async () => {
      for (const text of INJECTIONS) await t.db.insertInto('workflows').values({ name: text }).execute();
      return INJECTIONS;
    },
    'wagtailcore.task': async () => {
      for (const text of INJECTIONS) await t.db.insertInto('workflow_tasks').values({ name: text }).execute();
      return INJECTIONS;
    },
    // Header menus and footers list sites by name: one site per planted text.
    'core.tierednavigation': () => renameSites(),
    'core.footer': () => renameSites(),
    // What guests typed in the footer's accessibility report.
    'forms.accessibilityreport': async () => {
      const site = await t.db.selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow();
      for (const text of INJECTIONS)
        await t.db
          .insertInto('accessibility_reports')
          .values({
            site_id: site.id,
            language_code: 'en-US',
            description: text,
            email: 'guest@example.com',
            page_url: 'https://www.example.com/',
            screen_width: null,
            screen_height: null,
            user_agent: text,
          })
          .execute();
      return INJECTIONS;
    },
  };

  /** Gives the first rows of a media table the planted titles (as many as it has rows). */
  async function retitle(table: 'images' | 'documents' | 'videos'): Promise<readonly string[]> {
    const rows = await t.db.selectFrom(table).select('id').orderBy('id').limit(INJECTIONS.length).execute();
    expect(rows.length, `${table} seeded`).to.be.greaterThan(0);
    for (const [i, row] of rows.entries())
      await t.db.updateTable(table).set({ title: INJECTIONS[i]! }).where('id', '=', row.id).execute();
    return INJECTIONS.slice(0, rows.length);
  }

  let sitesRenamed: readonly string[] | undefined;
  async function renameSites(): Promise<readonly string[]> {
    if (sitesRenamed) return sitesRenamed;
    const sites = await t.db.selectFrom('sites').select('id').orderBy('id').execute();
    for (const [i, site] of sites.slice(0, INJECTIONS.length).entries())
      await t.db.updateTable('sites').set({ site_name: INJECTIONS[i]! }).where('id', '=', site.id).execute();
    sitesRenamed = INJECTIONS.slice(0, Math.min(sites.length, INJECTIONS.length));
    return sitesRenamed;
  }

  before(async function () {
    this.timeout(180_000);
    for (const viewSet of EXPORTING_VIEWSETS) {
      const plant = plantInViewSet[modelKey(viewSet)];
      if (!plant) throw new Error(`no planted rows for the ${modelKey(viewSet)} export: add them to this test`);
      routes.push({
        url: listUrlOf(viewSet),
        name: new RegExp(`^${viewSet.names.plural.replace(/[^a-z0-9-]+/gi, '-')}$`),
        planted: await plant(),
      });
    }

    // Reports list pages by title: pages titled with the planted texts, locked, in a workflow, edited.
    const adminId = (
      await t.db.selectFrom('users').select('id').where('is_superuser', '=', true).executeTakeFirstOrThrow()
    ).id;
    const workflow = await t.db.selectFrom('workflows').select('id').orderBy('id').executeTakeFirstOrThrow();
    const task = await t.db.selectFrom('workflow_tasks').select('id').orderBy('id').executeTakeFirstOrThrow();
    for (const [i, title] of INJECTIONS.entries()) {
      const page = await createPage(t.db, {
        parentId: home.id,
        pageType: 'ExamplePage',
        title,
        slug: `export-planted-${i}`,
        content: { body: [] },
        publish: true,
      });
      await lockPage(t.db, page.id, adminId);
      const state = await t.db
        .insertInto('workflow_states')
        .values({
          workflow_id: workflow.id,
          page_id: page.id,
          revision_id: page.latest_revision_id!,
          requested_by_id: adminId,
          status: 'in_progress',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const taskState = await t.db
        .insertInto('workflow_task_states')
        .values({
          workflow_state_id: state.id,
          task_id: task.id,
          revision_id: page.latest_revision_id!,
          status: 'in_progress',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .updateTable('workflow_states')
        .set({ current_task_state_id: taskState.id })
        .where('id', '=', state.id)
        .execute();
    }
    for (const report of REPORTS) {
      routes.push({
        url: listUrlOf(report),
        name: new RegExp(`^${report.exportName!.replace(/[^a-z0-9-]+/gi, '-')}$`),
        // Page types usage lists page type names and counts only; translations lists a page only once
        // it has been submitted for translation (its own rows go through the same cell writer, which
        // every other report here proves); page titles are trimmed when saved.
        planted: ['page-types-usage', 'translations'].includes(report.exportName!)
          ? []
          : INJECTIONS.filter((text) => text === text.trim()),
      });
    }

    // Form submissions: what guests typed (names, e-mails, phones, addresses).
    const formPage = await t.db
      .selectFrom('pages')
      .select('id')
      .where('page_type', '=', 'ContactUsPage')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const site = await t.db.selectFrom('sites').select('id').orderBy('id').executeTakeFirstOrThrow();
    for (const text of INJECTIONS)
      await t.db
        .insertInto('form_submissions')
        .values({
          page_id: formPage.id,
          form: 'contact',
          site_id: site.id,
          language_code: 'en-US',
          data: JSON.stringify({ first_name: text, phone: '+1 555 0100', email: 'guest@example.com' }),
        } as never)
        .execute();
    routes.push({
      url: `/wagtail/forms/submissions/${formPage.id}/`,
      name: new RegExp(`^submissions-${formPage.id}$`),
      planted: INJECTIONS,
    });
  });

  it('sends every CSV and XLSX download through the one export helper', () => {
    const root = join(__dirname, '..', '..');
    const helper = join('server', 'http', 'spreadsheet-download.ts');
    const senders: string[] = [];
    for (const file of sourceFiles(join(root, 'server'))) {
      const path = relative(root, file);
      const text = readFileSync(file, 'utf8');
      if (path === helper) continue;
      // Writing a spreadsheet, or answering with a spreadsheet's type, happens in the helper only.
      expect(text, path).not.to.match(SPREADSHEET_ANSWER);
      if (text.includes('sendSpreadsheet(')) senders.push(path);
    }
    // Each of these serves routes listed in this test; a new one must add its routes above.
    expect(senders.sort()).to.deep.equal([
      join('server', 'modules', 'admin', 'viewsets', 'routes.tsx'),
      join('server', 'modules', 'admin', 'viewsets', 'scoped-routes.tsx'),
    ]);
  });

  it('every CSV export: the export headers, every field quoted, no cell a spreadsheet would run', async () => {
    expect(routes.length).to.equal(EXPORTING_VIEWSETS.length + REPORTS.length + 1);
    for (const route of routes) {
      const res = await agent.get(`${route.url}?export=csv`);
      expect(res.status, route.url).to.equal(200);
      expect(res.headers['content-type'], route.url).to.equal('text/csv; charset=utf-8');
      expect(res.headers['cache-control'], route.url).to.equal('no-store, private');
      expect(res.headers['x-content-type-options'], route.url).to.equal('nosniff');
      const disposition = /^attachment; filename="(.+)-(\d{4}-\d{2}-\d{2})\.csv"$/.exec(
        String(res.headers['content-disposition']),
      );
      expect(disposition, `${route.url}: ${res.headers['content-disposition']}`).not.to.equal(null);
      expect(disposition![1], route.url).to.match(route.name);

      const body = res.text.replace(/^\uFEFF/, '');
      expect(body.endsWith('\r\n'), route.url).to.equal(true);
      const rows = parseCsv(body);
      // Every field in quotes: the text is exactly the parsed fields written back quoted.
      const requoted = rows.map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',')).join('\r\n');
      expect(`${requoted}\r\n`, route.url).to.equal(body);
      const cells = rows.flat();
      for (const cell of cells) expect(cell, `${route.url}: ${JSON.stringify(cell)}`).not.to.match(FORMULA_START);
      for (const text of route.planted)
        expect(
          cells.some((cell) => cell.includes(EXPECTED[text as keyof typeof EXPECTED].csv)),
          `${route.url}: ${JSON.stringify(text)}`,
        ).to.equal(true);
      // Read by a spreadsheet that splits the comma file on ';' (fr-CA): still no formula.
      for (const line of body.split('\r\n'))
        for (const cell of parseCsv(`${line}\r\n`, ';').flat())
          expect(cell, `${route.url} split on ';': ${JSON.stringify(line)}`).not.to.match(FORMULA_START);
    }
  });

  it('every XLSX export: the export headers, string cells only, no cell a spreadsheet would run', async () => {
    for (const route of routes) {
      const res = await agent.get(`${route.url}?export=xlsx`).buffer(true).parse(binary);
      expect(res.status, route.url).to.equal(200);
      expect(res.headers['content-type'], route.url).to.equal(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(res.headers['cache-control'], route.url).to.equal('no-store, private');
      expect(res.headers['x-content-type-options'], route.url).to.equal('nosniff');
      expect(String(res.headers['content-disposition']), route.url).to.match(
        /^attachment; filename="[A-Za-z0-9-]+-\d{4}-\d{2}-\d{2}\.xlsx"$/,
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.body as unknown as ArrayBuffer);
      const values: string[] = [];
      workbook.worksheets[0]!.eachRow((row) =>
        row.eachCell((cell) => {
          expect(cell.formula, route.url).to.equal(undefined);
          expect(cell.type, `${route.url}: ${String(cell.value)}`).to.equal(ExcelJS.ValueType.String);
          values.push(String(cell.value));
        }),
      );
      for (const value of values) expect(value, `${route.url}: ${JSON.stringify(value)}`).not.to.match(FORMULA_START);
      for (const text of route.planted)
        expect(
          values.some((value) => value.includes(EXPECTED[text as keyof typeof EXPECTED].xlsx)),
          `${route.url}: ${JSON.stringify(text)}`,
        ).to.equal(true);
    }
  });
});
