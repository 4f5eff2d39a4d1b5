/** View models of the translation screens (server -> views/admin/TranslationScreens.tsx). */

export type TranslateLocaleOption = {
  id: number;
  languageCode: string;
  /** available: may be chosen; translated: has a translation; no_parent: its parent is not translated; forbidden: no right to add there. */
  state: 'available' | 'translated' | 'no_parent' | 'forbidden';
  parentTitle?: string;
};

export type TranslateFormView = {
  page: { id: number; title: string; hasChildren: boolean };
  locales: TranslateLocaleOption[];
  chosen: number[];
  subpages: boolean;
  errors: string[];
  csrfToken: string;
};

export type SegmentStateName = 'to_do' | 'translated' | 'out_of_date';

export type TranslationSegmentView = {
  id: string;
  label: string;
  kind: 'text' | 'rich_text';
  source: string;
  /** For rich text: what each placeholder stands for ("<1>" -> "link to /menu/"). */
  placeholderHints: string[];
  target: string;
  state: SegmentStateName;
  oldSource?: string;
  error?: string;
  /** The target was filled from the translation memory (not yet saved as a translation). */
  suggested?: boolean;
};

export type TranslationEditorView = {
  translationId: number;
  page: { id: number; title: string; live: boolean; latestRevisionId: number | null };
  source: { id: number; title: string; languageCode: string };
  languageCode: string;
  segments: TranslationSegmentView[];
  progress: { translated: number; outOfDate: number; total: number };
  canPublish: boolean;
  errors: string[];
  csrfToken: string;
};

export type SourceTranslationsView = Array<{
  translationId: number;
  pageId: number;
  title: string;
  languageCode: string;
  live: boolean;
  progress: { translated: number; outOfDate: number; total: number };
  staleOnPublish: number;
}>;

export const SEGMENT_STATE_LABELS: Record<SegmentStateName, string> = {
  to_do: 'To do',
  translated: 'Translated',
  out_of_date: 'Out of date',
};

/** The agency-file screens (download, upload, preview) of one translation. */
export type TranslationFileContext = {
  translationId: number;
  page: { id: number; title: string };
  source: { id: number; title: string; languageCode: string };
  languageCode: string;
  subpageCount: number;
};

export type TranslationUploadView = TranslationFileContext & {
  /** A refused file: each problem with its line (null: the whole file). */
  problems: Array<{ line: number | null; reason: string }>;
  maxMegabytes: number;
  csrfToken: string;
};

export type TranslationImportChangeView = {
  line: number;
  pageTitle: string;
  label: string;
  source: string;
  before: string | null;
  after: string;
  kind: 'new' | 'changed' | 'confirmed';
};

export type TranslationImportPreviewView = TranslationFileContext & {
  token: string;
  fileName: string;
  changes: TranslationImportChangeView[];
  unchanged: number;
  csrfToken: string;
};

/** A header menu's or footer's Translate screen (/wagtail/localize/submit/snippet/{app}/{model}/{id}/). */
export type SnippetTranslateFormView = {
  snippet: { app: string; model: string; id: number; title: string; name: string; editHref: string | null };
  locales: Array<{
    id: number;
    languageCode: string;
    state: 'available' | 'existing' | 'translated' | 'no_home' | 'forbidden';
    translationId?: number;
  }>;
  translations: Array<{
    translationId: number;
    languageCode: string;
    progress: { translated: number; outOfDate: number; total: number };
  }>;
  chosen: number[];
  errors: string[];
  csrfToken: string;
};

/** The side-by-side editor of a snippet translation (/wagtail/localize/snippet-translations/{id}/edit/). */
export type SnippetTranslationEditorView = {
  translationId: number;
  title: string;
  source: { title: string; languageCode: string; translateHref: string; editHref: string | null };
  target: { editHref: string | null };
  languageCode: string;
  latestRevisionId: number | null;
  segments: TranslationSegmentView[];
  progress: { translated: number; outOfDate: number; total: number };
  canPublish: boolean;
  errors: string[];
  csrfToken: string;
};
