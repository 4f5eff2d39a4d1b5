import {
  translationLocales,
  translationSections,
  translationStates,
  type TranslationReportRow,
  type TranslationState,
} from '../../reports/service';
import type { ListViewer } from '../viewsets/list-types';
import { defineListViewSet } from '../viewsets/list-only';
import { reportBase } from './definition';
import { pageScopeOf } from './scope';

export const TRANSLATION_STATE_LABELS: Record<TranslationState, string> = {
  missing: 'Missing',
  in_progress: 'In progress',
  out_of_date: 'Out of date',
  up_to_date: 'Up to date',
};

/** The translation editor for whoever may change the translated page; Translate for a missing one. */
const stateHref = (row: TranslationReportRow, viewer: ListViewer) => {
  if (row.translated_page && row.translation_id !== null)
    return viewer.pages.can('change', row.translated_page)
      ? `/wagtail/localize/translations/${row.translation_id}/edit/`
      : undefined;
  return viewer.pages.can('view', row) ? `/wagtail/localize/submit/page/${row.page_id}/` : undefined;
};

const progress = (row: TranslationReportRow) =>
  row.translation_id === null ? '' : `${row.translated} of ${row.total} (${row.percent}%)`;

/**
 * The Translations report (issue 31): each page and each other locale, with its translation's
 * state and progress by segment. Self-contained: its rows come from reports/translations-repo.ts.
 */
export const translationsReport = defineListViewSet<TranslationReportRow>({
  ...reportBase('translations'),
  names: { name: 'translation', plural: 'translations' },
  heading: 'Translations',
  intro:
    'Each page and each locale it could be translated into: missing, in progress, out of date (its source changed) or up to date.',
  columns: [
    {
      name: 'title',
      label: 'Page',
      sortable: true,
      value: (row) => row.title,
      linkTo: (row, viewer) => (viewer.pages.can('change', row) ? `/wagtail/pages/${row.page_id}/edit/` : undefined),
    },
    { name: 'url', label: 'URL path', value: (row) => row.url_path },
    { name: 'source', label: 'From', value: (row) => row.source_language },
    { name: 'locale', label: 'Locale', sortable: true, value: (row) => row.language_code },
    {
      name: 'state',
      label: 'State',
      sortable: true,
      value: (row) => TRANSLATION_STATE_LABELS[row.state],
      linkTo: stateHref,
    },
    { name: 'percent', label: 'Translated segments', sortable: true, value: progress },
    {
      name: 'out_of_date',
      label: 'Out of date segments',
      value: (row) => (row.translation_id === null ? '' : String(row.out_of_date)),
    },
  ],
  filters: [
    {
      name: 'locale',
      label: 'Locale',
      choices: async (db) => [
        { value: '', label: 'Any locale' },
        ...(await translationLocales(db)).map((locale) => ({ value: String(locale.id), label: locale.language_code })),
      ],
    },
    {
      name: 'state',
      label: 'State',
      choices: async () => [
        { value: '', label: 'Any state' },
        ...Object.entries(TRANSLATION_STATE_LABELS).map(([value, label]) => ({ value, label })),
      ],
    },
    {
      name: 'section',
      label: 'Section',
      choices: async (db) => [
        { value: '', label: 'Every section' },
        ...(await translationSections(db)).map((page) => ({
          value: String(page.id),
          label: `${page.title} (${page.language_code})`,
        })),
      ],
    },
  ],
  search: { placeholder: 'Page title' },
  defaultOrder: 'title',
  store: { list: (db, query, viewer) => translationStates(db, query, pageScopeOf(viewer)) },
  title: (row) => `${row.title} (${row.language_code})`,
});
