import express, { type Request, type Router } from 'express';
import type { Db } from '../../../db';
import { ListScreen } from '../../../../views/admin/viewset/ListScreen';
import { ReportsIndexScreen } from '../../../../views/admin/ReportsIndexScreen';
import { csrfTokenFor } from '../../auth/csrf';
import { modelPermissionsFor } from '../../permissions/model-policy';
import { permissionsFor } from '../../permissions/request';
import { takeFlash } from '../flash';
import { adminScreen } from '../screen';
import { sendSpreadsheet } from '../../../http/spreadsheet-download';
import { readListQuery } from '../viewsets/list';
import { exportRows } from '../viewsets/service';
import { reportUrlOf, type ReportViewer } from './definition';
import { buildReportView } from './list';
import { REPORTS } from './registry';

/**
 * The reports under /wagtail/reports/ (Wagtail's URLs). Every report is open to anyone with admin
 * access and lists only what the viewer may see (pages in their subtrees, models they hold a
 * permission on): the check is the scope of each list, not a gate on the screen.
 */
export function reportRoutes({ db }: { db: Db }): Router {
  const router = express.Router();
  const viewerOf = async (req: Request): Promise<ReportViewer> => ({
    userId: req.user!.id,
    pages: await permissionsFor(db, req),
    models: await modelPermissionsFor(db, req),
  });

  // Permission: admin access (the index lists the reports; each is scoped to the viewer).
  router.get('/reports/', (req, res) => {
    const items = REPORTS.map((report) => ({ title: report.title, intro: report.intro, href: reportUrlOf(report) }));
    adminScreen(req, res, { section: 'reports', title: 'Reports', element: <ReportsIndexScreen reports={items} /> });
  });

  for (const report of REPORTS) {
    // Permission: admin access; rows limited to what the viewer may see. `?export=csv|xlsx` downloads the filtered list.
    router.get(`/reports/${report.slug}/`, async (req, res) => {
      const viewer = await viewerOf(req);
      const read = await readListQuery(db, report, req);
      if (read.exportAs) {
        const rows = await exportRows((query) => report.list(db, query, viewer), read.query);
        await sendSpreadsheet(res, {
          format: read.exportAs,
          name: report.slug,
          sheetName: report.title,
          headers: report.columns.map((column) => column.label),
          rows: rows.map((row) => report.columns.map((column) => column.value(row))),
        });
        return;
      }
      const view = await buildReportView(db, report, read, viewer);
      adminScreen(req, res, {
        section: 'reports',
        title: report.title,
        element: <ListScreen view={view} message={takeFlash(req)} csrfToken={csrfTokenFor(req)} />,
      });
    });
  }
  return router;
}
