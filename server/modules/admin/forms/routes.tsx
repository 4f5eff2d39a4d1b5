import express, { type Router } from 'express';
import { z } from 'zod';
import type { Db } from '../../../db';
import { notFound } from '../../../errors';
import { parseOr400 } from '../../../http/validate';
import { SubscriberScreen, SubscribersScreen } from '../../../../views/admin/FormsScreens';
import { A11yReportsScreen } from '../../../../views/admin/A11yReportsScreen';
import { listA11yReports } from '../../forms/a11y-report-repo';
import type { AccessibilityReport } from '../../forms/table';
import { findSubscriber, listConsentRecords, listSubscribers } from '../../forms/service';
import { assertModelPermission } from '../../permissions/model-policy';
import { sendSpreadsheet } from '../../../http/spreadsheet-download';
import { adminScreen } from '../screen';
import { adminTime as iso, FORMS_PER_PAGE, hrefWith, pagination, readDateListQuery } from './list-links';

/*
 * The forms area beside the form submissions viewset (admin/forms/submissions.tsx): the guests'
 * accessibility reports and the e-mail subscribers with their consent records.
 */

/** Wagtail's permission keys: submissions are viewed with 'change' and removed with 'delete'. */
export const FORM_SUBMISSION_MODEL = 'wagtailforms.formsubmission';
export const SUBSCRIBER_MODEL = 'forms.subscriber';

const id = z.coerce.number().int().min(1).max(2_147_483_647);
const subscribersQuerySchema = z.object({
  q: z.string().max(200).catch('').default(''),
  p: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

function a11yRowOf(report: AccessibilityReport) {
  return {
    id: report.id,
    submittedAt: iso(report.submitted_at),
    pageUrl: report.page_url,
    description: report.description,
    email: report.email,
    screen: report.screen_width && report.screen_height ? `${report.screen_width}×${report.screen_height}` : '',
    language: report.language_code,
  };
}

/** /wagtail/forms/accessibility-reports/ and /wagtail/forms/subscribers/. */
export function formsAdminRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  // Permission: wagtailforms.formsubmission change (reports are guest submissions). ?date_from=&date_to=; ?export=csv|xlsx.
  router.get('/forms/accessibility-reports/', async (req, res) => {
    await assertModelPermission(db, req, FORM_SUBMISSION_MODEL, 'change');
    const { query, error } = readDateListQuery(req);
    const filters = { from: query.date_from || undefined, to: query.date_to || undefined };
    if (query.export) {
      const { rows } = await listA11yReports(db, filters, { limit: 100_000, offset: 0 });
      await sendSpreadsheet(res, {
        format: query.export,
        name: 'accessibility-reports',
        sheetName: 'Accessibility reports',
        headers: ['Submission date', 'Page', 'Description', 'E-mail', 'Screen', 'Language', 'Browser'],
        rows: rows.map((row) => {
          const view = a11yRowOf(row);
          return [
            view.submittedAt,
            view.pageUrl,
            view.description,
            view.email,
            view.screen,
            view.language,
            row.user_agent,
          ];
        }),
      });
      return;
    }
    const { rows, total } = await listA11yReports(db, filters, {
      limit: FORMS_PER_PAGE,
      offset: (query.p - 1) * FORMS_PER_PAGE,
    });
    const element = (
      <A11yReportsScreen
        rows={rows.map(a11yRowOf)}
        total={total}
        filters={{ date_from: query.date_from, date_to: query.date_to }}
        error={error}
        exportHrefs={{
          csv: hrefWith(req, { export: 'csv', p: undefined }),
          xlsx: hrefWith(req, { export: 'xlsx', p: undefined }),
        }}
        pagination={pagination(req, query.p, total)}
      />
    );
    adminScreen(req, res, { section: 'forms', title: 'Accessibility reports', element, status: error ? 400 : 200 });
  });

  // Permission: forms.subscriber change.
  router.get('/forms/subscribers/', async (req, res) => {
    await assertModelPermission(db, req, SUBSCRIBER_MODEL, 'change');
    const query = parseOr400(subscribersQuerySchema, req.query, 'list query');
    const { rows, total } = await listSubscribers(db, {
      q: query.q,
      filters: {},
      order: { column: 'email', desc: false },
      limit: FORMS_PER_PAGE,
      offset: (query.p - 1) * FORMS_PER_PAGE,
    });
    const element = (
      <SubscribersScreen
        q={query.q}
        total={total}
        rows={rows.map((row) => ({
          id: row.id,
          email: row.email,
          name: `${row.first_name} ${row.last_name}`.trim(),
          subscribed: row.subscribed,
          updatedAt: iso(row.updated_at),
        }))}
        pagination={pagination(req, query.p, total)}
      />
    );
    adminScreen(req, res, { section: 'forms', title: 'Subscribers', element });
  });

  // Permission: forms.subscriber change.
  router.get('/forms/subscribers/:id/', async (req, res) => {
    await assertModelPermission(db, req, SUBSCRIBER_MODEL, 'change');
    const subscriber = await findSubscriber(db, parseOr400(id, req.params.id, 'subscriber id'));
    if (!subscriber) throw notFound('No subscriber has this id.');
    const consents = await listConsentRecords(db, subscriber.id);
    const fields: Array<[string, string]> = [
      ['First name', subscriber.first_name],
      ['Last name', subscriber.last_name],
      ['Postcode', subscriber.postcode],
      ['Birthday', subscriber.birthday_month ? `${subscriber.birthday_month}/${subscriber.birthday_day}` : ''],
      [
        'Occasions',
        subscriber.occasions.map((o) => `${o.occasion} (${o.relationship}) ${o.month}/${o.day}`).join('; '),
      ],
      ['Language', subscriber.language_code],
      ['Subscribed since', iso(subscriber.created_at)],
      ['Unsubscribed at', iso(subscriber.unsubscribed_at)],
    ];
    const element = (
      <SubscriberScreen
        subscriber={{
          id: subscriber.id,
          email: subscriber.email,
          name: `${subscriber.first_name} ${subscriber.last_name}`,
          subscribed: subscriber.subscribed,
          updatedAt: iso(subscriber.updated_at),
        }}
        fields={fields}
        consents={consents.map((row) => ({
          id: row.id,
          action: row.action,
          channel: row.channel,
          wording: row.wording,
          wordingVersion: row.wording_version,
          language: row.language_code,
          sourceUrl: row.source_url,
          ip: row.ip_address,
          createdAt: iso(row.created_at),
        }))}
      />
    );
    adminScreen(req, res, { section: 'forms', title: subscriber.email, element });
  });

  return router;
}
