import express, { type Request, type Router } from 'express';
import { z } from 'zod';
import type { Db } from '../../../db';
import { notFound } from '../../../errors';
import { parseOr400 } from '../../../http/validate';
import {
  FormPagesScreen,
  SubmissionDetailScreen,
  SubmissionsScreen,
  SubscriberScreen,
  SubscribersScreen,
  type SubmissionRow,
} from '../../../../views/admin/FormsScreens';
import { A11yReportsScreen } from '../../../../views/admin/A11yReportsScreen';
import { formatPhone } from '../../../../shared/phone/phone-number';
import { listA11yReports } from '../../forms/a11y-report-repo';
import type { AccessibilityReport } from '../../forms/table';
import { csrfTokenFor } from '../../auth/csrf';
import { FORM_PAGE_TYPES } from '../../forms/page-types';
import {
  deleteSubmissions,
  findFormPage,
  findSubmission,
  findSubscriber,
  listConsentRecords,
  listFormPages,
  listSubmissions,
  listSubscribers,
} from '../../forms/service';
import type { FormSubmission } from '../../forms/table';
import { assertModelPermission, modelPermissionsFor } from '../../permissions/model-policy';
import { setFlash, takeFlash } from '../flash';
import { sendSpreadsheet } from '../../../http/spreadsheet-download';
import { adminScreen } from '../screen';
import { formatAdminTime } from '../../../../shared/admin/admin-clock';
import {
  shownSubmissionKeys,
  submissionFieldLabel,
  submissionValueText,
} from '../../../../shared/forms/submission-fields';
import { pageTypeOf } from '../../pages/page-types';

/** Wagtail's permission keys: submissions are viewed with 'change' and removed with 'delete'. */
export const FORM_SUBMISSION_MODEL = 'wagtailforms.formsubmission';
export const SUBSCRIBER_MODEL = 'forms.subscriber';

const PER_PAGE = 50;
const id = z.coerce.number().int().min(1).max(2_147_483_647);
const realDate = (value: string) => {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
};
const date = z
  .union([
    z.literal(''),
    z.iso.date({ error: 'Enter a valid date (YYYY-MM-DD).' }).refine(realDate, 'Enter a valid date (YYYY-MM-DD).'),
  ])
  .default('');
const listQuerySchema = z.object({
  date_from: date,
  date_to: date,
  p: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  export: z.enum(['csv', 'xlsx']).optional().catch(undefined),
});
const subscribersQuerySchema = z.object({
  q: z.string().max(200).catch('').default(''),
  p: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});
const deleteSchema = z.object({
  selected: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(id).max(1000),
  ),
});

/** Times in the reader's zone, named (shared/admin/admin-clock.ts). */
const iso = (value: Date | string | null) => (value ? formatAdminTime(value) : '');
const show = (value: unknown) => submissionValueText('', value);
/** A field as staff read it: phone numbers (E.164 when stored, as typed before that) in national format. */
const showField = (name: string, value: unknown) =>
  name === 'phone' && typeof value === 'string' ? formatPhone(value) : submissionValueText(name, value);

function rowOf(submission: FormSubmission): SubmissionRow {
  // Under the labels the guest saw, not the stored keys.
  const fields = shownSubmissionKeys(submission.data).map((name): [string, string] => [
    submissionFieldLabel(name),
    showField(name, submission.data[name]),
  ]);
  const summary = ['first_name', 'last_name', 'email', 'topic_label']
    .map((name) => show(submission.data[name]))
    .filter(Boolean)
    .join(' · ');
  return { id: submission.id, submittedAt: iso(submission.submitted_at), summary, fields };
}

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

function hrefWith(req: Request, changes: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(req.query)) if (typeof value === 'string' && value) params.set(key, value);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return `${req.baseUrl}${req.path}${query ? `?${query}` : ''}`;
}

/** /wagtail/forms/: the pages with a form, their submissions, and the subscribers. */
export function formsAdminRoutes({ db }: { db: Db }): Router {
  const router = express.Router();

  const formPage = async (pageId: number) => {
    const page = await findFormPage(db, pageId);
    if (!page || !(FORM_PAGE_TYPES as readonly string[]).includes(page.page_type))
      throw notFound('No form page has this id.');
    return page;
  };

  // Permission: wagtailforms.formsubmission change.
  router.get('/forms/', async (req, res) => {
    await assertModelPermission(db, req, FORM_SUBMISSION_MODEL, 'change');
    const permissions = await modelPermissionsFor(db, req);
    const pages = (await listFormPages(db, FORM_PAGE_TYPES)).map((page) => ({
      id: page.id,
      title: page.title,
      url: page.url_path,
      pageType: pageTypeOf(page.page_type)?.label ?? page.page_type,
      submissions: Number(page.submissions),
      lastSubmittedAt: page.last_submitted_at ? iso(page.last_submitted_at as Date) : null,
    }));
    adminScreen(req, res, {
      section: 'forms',
      title: 'Forms',
      element: (
        <FormPagesScreen
          pages={pages}
          flash={takeFlash(req)}
          canViewSubscribers={permissions.can(SUBSCRIBER_MODEL, 'change')}
        />
      ),
    });
  });

  // Permission: wagtailforms.formsubmission change (reports are guest submissions). ?date_from=&date_to=; ?export=csv|xlsx.
  router.get('/forms/accessibility-reports/', async (req, res) => {
    await assertModelPermission(db, req, FORM_SUBMISSION_MODEL, 'change');
    const parsed = listQuerySchema.safeParse(req.query);
    const query = parsed.success ? parsed.data : { date_from: '', date_to: '', p: 1, export: undefined };
    const error = parsed.success ? undefined : 'Enter valid dates (YYYY-MM-DD).';
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
    const { rows, total } = await listA11yReports(db, filters, { limit: PER_PAGE, offset: (query.p - 1) * PER_PAGE });
    const pages = Math.max(1, Math.ceil(total / PER_PAGE));
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
        pagination={{
          page: query.p,
          pages,
          prevHref: query.p > 1 ? hrefWith(req, { p: String(query.p - 1) }) : undefined,
          nextHref: query.p < pages ? hrefWith(req, { p: String(query.p + 1) }) : undefined,
        }}
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
      limit: PER_PAGE,
      offset: (query.p - 1) * PER_PAGE,
    });
    const pages = Math.max(1, Math.ceil(total / PER_PAGE));
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
        pagination={{
          page: query.p,
          pages,
          prevHref: query.p > 1 ? hrefWith(req, { p: String(query.p - 1) }) : undefined,
          nextHref: query.p < pages ? hrefWith(req, { p: String(query.p + 1) }) : undefined,
        }}
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

  // Permission: wagtailforms.formsubmission change. ?date_from=&date_to= filter; ?export=csv|xlsx downloads the filtered list.
  router.get('/forms/submissions/:page_id/', async (req, res) => {
    await assertModelPermission(db, req, FORM_SUBMISSION_MODEL, 'change');
    const page = await formPage(parseOr400(id, req.params.page_id, 'page id'));
    const parsed = listQuerySchema.safeParse(req.query);
    const query = parsed.success ? parsed.data : { date_from: '', date_to: '', p: 1, export: undefined };
    const error = parsed.success ? undefined : 'Enter valid dates (YYYY-MM-DD).';
    const filters = { pageId: page.id, from: query.date_from || undefined, to: query.date_to || undefined };
    if (query.export) {
      const { rows } = await listSubmissions(
        db,
        { q: '', filters: {}, order: { column: 'submitted_at', desc: true }, limit: 100_000, offset: 0 },
        filters,
      );
      const names = [...new Set(rows.flatMap((row) => shownSubmissionKeys(row.data)))];
      const headers = ['Submission date', ...names.map(submissionFieldLabel)];
      const cells = rows.map((row) => [iso(row.submitted_at), ...names.map((name) => showField(name, row.data[name]))]);
      await sendSpreadsheet(res, {
        format: query.export,
        name: `submissions-${page.id}`,
        sheetName: 'Submissions',
        headers,
        rows: cells,
      });
      return;
    }
    const { rows, total } = await listSubmissions(
      db,
      {
        q: '',
        filters: {},
        order: { column: 'submitted_at', desc: true },
        limit: PER_PAGE,
        offset: (query.p - 1) * PER_PAGE,
      },
      filters,
    );
    const pages = Math.max(1, Math.ceil(total / PER_PAGE));
    const permissions = await modelPermissionsFor(db, req);
    const element = (
      <SubmissionsScreen
        page={{ id: page.id, title: page.title }}
        rows={rows.map(rowOf)}
        total={total}
        filters={{ date_from: query.date_from, date_to: query.date_to }}
        error={error}
        csrfToken={csrfTokenFor(req)}
        canDelete={permissions.can(FORM_SUBMISSION_MODEL, 'delete')}
        flash={takeFlash(req)}
        exportHrefs={{
          csv: hrefWith(req, { export: 'csv', p: undefined }),
          xlsx: hrefWith(req, { export: 'xlsx', p: undefined }),
        }}
        pagination={{
          page: query.p,
          pages,
          prevHref: query.p > 1 ? hrefWith(req, { p: String(query.p - 1) }) : undefined,
          nextHref: query.p < pages ? hrefWith(req, { p: String(query.p + 1) }) : undefined,
        }}
      />
    );
    adminScreen(req, res, { section: 'forms', title: `Form data: ${page.title}`, element, status: error ? 400 : 200 });
  });

  // Permission: wagtailforms.formsubmission delete. Deletes the selected submissions of this page only.
  router.post('/forms/submissions/:page_id/delete/', async (req, res) => {
    await assertModelPermission(db, req, FORM_SUBMISSION_MODEL, 'delete');
    const page = await formPage(parseOr400(id, req.params.page_id, 'page id'));
    const { selected } = parseOr400(deleteSchema, req.body, 'selection');
    const own: number[] = [];
    for (const submissionId of selected) {
      const submission = await findSubmission(db, submissionId);
      if (submission && submission.page_id === page.id) own.push(submission.id);
    }
    const count = await deleteSubmissions(db, own);
    setFlash(
      req,
      count === 0 ? 'No submissions were selected.' : `${count} submission${count === 1 ? '' : 's'} deleted.`,
    );
    res.redirect(303, `/wagtail/forms/submissions/${page.id}/`);
  });

  // Permission: wagtailforms.formsubmission change.
  router.get('/forms/submissions/:page_id/:id/', async (req, res) => {
    await assertModelPermission(db, req, FORM_SUBMISSION_MODEL, 'change');
    const page = await formPage(parseOr400(id, req.params.page_id, 'page id'));
    const submission = await findSubmission(db, parseOr400(id, req.params.id, 'submission id'));
    if (!submission || submission.page_id !== page.id) throw notFound('No submission of this form has this id.');
    adminScreen(req, res, {
      section: 'forms',
      title: `Submission ${submission.id}`,
      element: <SubmissionDetailScreen page={{ id: page.id, title: page.title }} submission={rowOf(submission)} />,
    });
  });

  return router;
}
