import * as z from 'zod';
import type { Db } from '../../../db';
import { parseOr400 } from '../../../http/validate';
import { FormPagesScreen, SubmissionsScreen, type SubmissionRow } from '../../../../views/admin/FormsScreens';
import { formatPhone } from '../../../../shared/phone/phone-number';
import {
  shownSubmissionKeys,
  submissionFieldLabel,
  submissionValueText,
} from '../../../../shared/forms/submission-fields';
import { FORM_PAGE_TYPES } from '../../forms/page-types';
import {
  deleteSubmissions,
  findSubmission,
  FORM_SUBMISSION_MODEL,
  listFormPages,
  listSubmissions,
  SUBSCRIBER_MODEL,
} from '../../forms/service';
import type { FormSubmission } from '../../forms/table';
import { findPage } from '../../pages/service';
import type { Page } from '../../pages/table';
import { pageTypeOf } from '../../pages/page-types';
import { modelPermissionsFor } from '../../permissions/model-policy';
import type { ListQuery } from '../viewsets/definition';
import type { ListViewer } from '../viewsets/list-types';
import { defineFormlessViewSet } from '../viewsets/formless';
import { takeFlash } from '../flash';
import { adminTime, exportHrefsFor, FORMS_PER_PAGE, pagination, readDateListQuery } from './list-links';

/**
 * Form submissions (Wagtail's wagtailforms): the pages with a form at /wagtail/forms/, each one's
 * submissions at /wagtail/forms/submissions/{page}/ (date range, CSV and XLSX, delete the ticked
 * rows) and one submission at .../{page}/{id}/. Wagtail's permission key: submissions are read
 * with 'change' and removed with 'delete', and the form page must be one the user may change
 * (Wagtail guards submissions by the form page's permissions).
 */

/** A field as staff read it: phone numbers (E.164 when stored, as typed before that) in national format. */
const showField = (name: string, value: unknown) =>
  name === 'phone' && typeof value === 'string' ? formatPhone(value) : submissionValueText(name, value);

/** Under the labels the guest saw, not the stored keys. */
const labelledFields = (submission: FormSubmission): Array<[string, string]> =>
  shownSubmissionKeys(submission.data).map((name) => [
    submissionFieldLabel(name),
    showField(name, submission.data[name]),
  ]);

function rowOf(submission: FormSubmission): SubmissionRow {
  const summary = ['first_name', 'last_name', 'email', 'topic_label']
    .map((name) => submissionValueText('', submission.data[name]))
    .filter(Boolean)
    .join(' · ');
  return {
    id: submission.id,
    submittedAt: adminTime(submission.submitted_at),
    summary,
    fields: labelledFields(submission),
  };
}

const id = z.coerce.number().int().min(1).max(2_147_483_647);
const selectionSchema = z.object({
  selected: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(id).max(1000),
  ),
});

const isFormPage = (page: Page) => (FORM_PAGE_TYPES as readonly string[]).includes(page.page_type);
const newest: ListQuery['order'] = { column: 'submitted_at', desc: true };
const [app, model] = FORM_SUBMISSION_MODEL.split('.') as [string, string];

/**
 * The submissions of the form pages the viewer may change (Wagtail's get_forms_for_user), and of
 * one of them when the list names it (`page_id`, which the viewset sets from the URL); `date_from`
 * and `date_to` are the screen's date range (checked dates, YYYY-MM-DD).
 */
async function viewerSubmissions(db: Db, query: ListQuery, viewer: ListViewer) {
  const named = query.filters.page_id;
  let pageIds: number[];
  if (named !== undefined) {
    const pageId = Number(named);
    const page = Number.isSafeInteger(pageId) ? await findPage(db, pageId) : undefined;
    pageIds = page && isFormPage(page) && viewer.pages.can('change', page) ? [page.id] : [];
  } else {
    const pages = await listFormPages(db, FORM_PAGE_TYPES);
    pageIds = pages.filter((page) => viewer.pages.can('change', page)).map((page) => page.id);
  }
  const { date_from: from, date_to: to } = query.filters;
  return listSubmissions(db, query, { pageIds, from: from || undefined, to: to || undefined });
}

// Submissions arrive from the public forms only: a viewset without a form (formless.ts), never added or edited here.
export const formSubmissionsViewSet = defineFormlessViewSet<FormSubmission>({
  app,
  model,
  names: { name: 'submission', plural: 'submissions' },
  base: 'forms/submissions/:page_id',
  paths: { inspect: ':pk/' },
  permissions: { list: 'change', export: 'change', inspect: 'change', delete: 'delete' },
  section: 'forms',
  parent: {
    param: 'page_id',
    name: 'form page',
    load: async (db, pageId) => {
      const page = await findPage(db, pageId);
      return page && isFormPage(page) ? page : undefined;
    },
    idOf: (page: Page) => page.id,
    title: (page: Page) => page.title,
    parentIdOf: (row) => row.page_id,
    permits: (pages, page: Page) => pages.can('change', page),
    index: {
      path: 'forms/',
      title: 'Forms',
      render: async ({ db, req, pages }) => {
        const forms = (await listFormPages(db, FORM_PAGE_TYPES))
          .filter((page) => pages.can('change', page))
          .map((page) => ({
            id: page.id,
            title: page.title,
            url: page.url_path,
            pageType: pageTypeOf(page.page_type)?.label ?? page.page_type,
            submissions: Number(page.submissions),
            lastSubmittedAt: page.last_submitted_at ? adminTime(page.last_submitted_at as Date) : null,
          }));
        const permissions = await modelPermissionsFor(db, req);
        return (
          <FormPagesScreen
            pages={forms}
            flash={takeFlash(req)}
            canViewSubscribers={permissions.can(SUBSCRIBER_MODEL, 'change')}
          />
        );
      },
    },
  },
  title: (row) => `Submission ${row.id}`,
  columns: [
    { name: 'submitted_at', label: 'Submission date', sortable: true, value: (row) => adminTime(row.submitted_at) },
    { name: 'summary', label: 'Summary', value: (row) => rowOf(row).summary },
  ],
  defaultOrder: '-submitted_at',
  inspectView: { fields: (row) => [['Submitted', adminTime(row.submitted_at)], ...labelledFields(row)] },
  customList: {
    render: async ({ req, parent, may, list, csrfToken, flash }) => {
      const page = parent as Page;
      const { query, error } = readDateListQuery(req);
      // The store's list, which adds this page's id and scopes it to the viewer.
      const filters = { date_from: query.date_from, date_to: query.date_to };
      if (query.export) {
        const { rows } = await list({ q: '', filters, order: newest, limit: 100_000, offset: 0 });
        // One column per field any of the rows has, under its label.
        const names = [...new Set(rows.flatMap((row) => shownSubmissionKeys(row.data)))];
        return {
          spreadsheet: {
            format: query.export,
            name: `submissions-${page.id}`,
            sheetName: 'Submissions',
            headers: ['Submission date', ...names.map(submissionFieldLabel)],
            rows: rows.map((row) => [
              adminTime(row.submitted_at),
              ...names.map((name) => showField(name, row.data[name])),
            ]),
          },
        };
      }
      const offset = (query.p - 1) * FORMS_PER_PAGE;
      const { rows, total } = await list({ q: '', filters, order: newest, limit: FORMS_PER_PAGE, offset });
      const element = (
        <SubmissionsScreen
          page={{ id: page.id, title: page.title }}
          rows={rows.map(rowOf)}
          total={total}
          filters={{ date_from: query.date_from, date_to: query.date_to }}
          error={error}
          csrfToken={csrfToken}
          canDelete={may('delete')}
          flash={flash}
          exportHrefs={exportHrefsFor(req, may('export'))}
          pagination={pagination(req, query.p, total)}
        />
      );
      return { screen: { title: `Form data: ${page.title}`, element, status: error ? 400 : 200 } };
    },
    selection: (body) => parseOr400(selectionSchema, body, 'selection').selected,
  },
  store: {
    list: viewerSubmissions,
    get: (db, pk, options) => findSubmission(db, pk, options),
    remove: async (context, rows) => {
      await deleteSubmissions(
        context.db,
        rows.map((row) => row.id),
      );
    },
  },
  bulkDelete: true,
});
