import express, { type Router } from 'express';
import { ReportsIndexScreen } from '../../../../views/admin/ReportsIndexScreen';
import { adminScreen } from '../screen';
import { listUrlOf } from '../viewsets/definition';
import { REPORTS } from './registry';

/** The intro as plain text (the index lists each report's sentence). */
const introText = (intro: (typeof REPORTS)[number]['intro']) =>
  typeof intro === 'string'
    ? intro
    : (intro ?? []).map((piece) => (typeof piece === 'string' ? piece : piece.text)).join('');

/**
 * /wagtail/reports/: the index of the reports. The reports themselves are list-only viewsets
 * (registry.ts) mounted with the others by admin/routes.ts.
 */
export function reportsIndexRoutes(): Router {
  const router = express.Router();
  // Permission: admin access (the index lists the reports; each is open to the same and scoped to the viewer).
  router.get('/reports/', (req, res) => {
    const items = REPORTS.map((report) => ({
      title: report.heading ?? report.names.plural,
      intro: introText(report.intro),
      href: listUrlOf(report),
    }));
    adminScreen(req, res, { section: 'reports', title: 'Reports', element: <ReportsIndexScreen reports={items} /> });
  });
  return router;
}
