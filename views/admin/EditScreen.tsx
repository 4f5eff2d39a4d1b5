import type { PageStatus } from '../../shared/admin/page-status';
import type { PageFieldName } from '../../shared/schemas/admin';
import { BlockEditorMount } from './BlockEditorMount';
import { BlockErrorSummary } from './BlockErrorSummary';
import { EditorFields, editorFieldErrors } from './EditorFields';
import { CommentsPanel } from './CommentsPanel';
import { SourceTranslationsPanel } from './TranslationScreens';
import { CsrfField } from './CsrfField';
import {
  EditPageActions,
  LockBanner,
  LockForm,
  MoreActions,
  PreviewButton,
  ScheduleFields,
  type EditExtras,
} from './EditPageActions';
import { EditingSessionsMount, StaleOverwriteChoice } from './EditingSessionViews';
import { FlashMessage, FormErrorSummary, summaryFields, TextAreaField, TextField } from './FormFields';
import { ModerationPanel, SubmitForModerationButton } from './ModerationPanel';
import { PrivateTag } from './PrivateTag';
import { StatusTag } from './StatusTag';

export type EditScreenProps = {
  csrfToken: string;
  page: { id: number; parentId: number | null; typeLabel: string; status: PageStatus };
  values: Record<PageFieldName, string>;
  /** The first error of each field. */
  fieldErrors: Partial<Record<PageFieldName, string>>;
  nonFieldErrors: string[];
  message?: string;
  /** Lock, schedule, stale-form base and the action links (absent in older callers). */
  extras?: EditExtras;
};
export type { EditExtras };

type FieldSpec = { name: PageFieldName; label: string; help?: string; multiline?: boolean; required?: boolean };
const FIELDS: FieldSpec[] = [
  { name: 'title', label: 'Title', help: "The page title as you'd like it to be seen by the public", required: true },
  { name: 'slug', label: 'Slug', help: 'The name of the page as it will appear in URLs', required: true },
  {
    name: 'seo_title',
    label: 'Title tag',
    help: 'The name of the page displayed on search engine results as the clickable headline.',
  },
  {
    name: 'search_description',
    label: 'Meta description',
    help: 'The descriptive text displayed underneath a headline in search engine results.',
    multiline: true,
  },
];

/** Wagtail's edit tabs: the page's content, how it is promoted (URL and search), and its settings. */
const TABS = [
  { key: 'content', label: 'Content', fields: ['title'] },
  { key: 'promote', label: 'Promote', fields: ['slug', 'seo_title', 'search_description'] },
  { key: 'settings', label: 'Settings', fields: [] },
] as const;

/**
 * /wagtail/pages/{id}/edit/: the page's own fields in three tabs, saved as a draft or published
 * from the sticky action bar. Without JavaScript every tab is a section of one long form and every
 * action a button or link; client/admin/edit-screen/ makes the tabs, the actions menu, Ctrl/Cmd+S
 * and the live preview panel out of the same HTML.
 */
export function EditScreen({ csrfToken, page, values, fieldErrors, nonFieldErrors, message, extras }: EditScreenProps) {
  const hasErrors =
    nonFieldErrors.length > 0 ||
    Object.keys(fieldErrors).length > 0 ||
    !!extras?.editorFields?.some((field) => field.error);
  const field = (spec: FieldSpec) => {
    const props = {
      name: spec.name,
      label: spec.label,
      help: spec.help,
      required: spec.required,
      value: values[spec.name],
      error: fieldErrors[spec.name],
    };
    return spec.multiline ? (
      <TextAreaField key={spec.name} {...props} rows={3} />
    ) : (
      <TextField key={spec.name} {...props} />
    );
  };
  const fieldsOf = (names: readonly PageFieldName[]) => FIELDS.filter((spec) => names.includes(spec.name)).map(field);
  return (
    <div className="admin-edit" data-edit-screen data-page-id={page.id}>
      <div className="admin-heading">
        <div>
          <p className="admin-muted admin-heading__kicker">
            {`Editing ${page.typeLabel}`} <StatusTag status={page.status} />
            {extras?.privacy?.isPrivate ? (
              <>
                {' '}
                <PrivateTag />
              </>
            ) : null}
          </p>
          <h1>{values.title || 'Untitled page'}</h1>
        </div>
        {page.parentId ? (
          <a className="admin-button admin-button--secondary" href={`/wagtail/pages/${page.parentId}/`}>
            Back to the explorer
          </a>
        ) : null}
      </div>
      <FlashMessage message={message} />
      {extras ? <EditPageActions pageId={page.id} extras={extras} /> : null}
      {extras ? <LockBanner lock={extras.lock} /> : null}
      {extras ? <EditingSessionsMount pageId={page.id} /> : null}
      {extras?.moderation ? (
        <ModerationPanel pageId={page.id} moderation={extras.moderation} csrfToken={csrfToken} />
      ) : null}
      {extras?.translations?.ofSource.length ? (
        <SourceTranslationsPanel pageId={page.id} translations={extras.translations.ofSource} />
      ) : null}
      <FormErrorSummary
        show={hasErrors}
        nonFieldErrors={nonFieldErrors}
        fields={[
          ...summaryFields(FIELDS, fieldErrors),
          ...summaryFields(extras?.editorFields ?? [], editorFieldErrors(extras?.editorFields ?? [])),
        ]}
      >
        The page could not be saved due to validation errors.
      </FormErrorSummary>
      <BlockErrorSummary summary={extras?.blockEditor?.errorSummary} />
      <div className="admin-edit__columns" data-edit-columns>
        <div className="admin-edit__main">
          <form
            method="post"
            action={`/wagtail/pages/${page.id}/edit/`}
            noValidate
            className="admin-form admin-edit__form"
            id="page-edit-form"
          >
            <CsrfField token={csrfToken} />
            {extras ? <input type="hidden" name="base_revision_id" value={extras.baseRevisionId ?? ''} /> : null}
            <div className="admin-tabs" data-edit-tabs>
              {TABS.map((tab) => (
                <section
                  key={tab.key}
                  className="admin-tab-section"
                  data-tab={tab.key}
                  data-tab-label={tab.label}
                  aria-labelledby={`tab-heading-${tab.key}`}
                >
                  <h2 className="admin-tab-section__heading" id={`tab-heading-${tab.key}`}>
                    {tab.label}
                  </h2>
                  {fieldsOf(tab.fields)}
                  {tab.key === 'content' && extras?.blockEditor ? <BlockEditorMount view={extras.blockEditor} /> : null}
                  {tab.key === 'settings' && extras?.editorFields ? (
                    <EditorFields fields={extras.editorFields} />
                  ) : null}
                  {tab.key === 'settings' && extras ? <ScheduleFields schedule={extras.schedule} /> : null}
                </section>
              ))}
            </div>
            <div className="admin-actions admin-action-bar" data-action-bar>
              <button
                type="submit"
                className="admin-button admin-button--primary"
                data-save-draft
                aria-keyshortcuts="Control+S Meta+S"
              >
                Save draft
              </button>
              {extras ? (
                <MoreActions
                  pageId={page.id}
                  extras={extras}
                  submitButton={extras.moderation ? <SubmitForModerationButton moderation={extras.moderation} /> : null}
                  previewButton={<PreviewButton pageId={page.id} menuItem />}
                />
              ) : (
                <button
                  type="submit"
                  name="action-publish"
                  value="action-publish"
                  className="admin-button admin-button--secondary"
                >
                  Publish
                </button>
              )}
              {extras ? null : <PreviewButton pageId={page.id} />}
            </div>
            {/* After the action bar, so Enter in a field never overwrites. */}
            {extras?.staleOverwrite ? <StaleOverwriteChoice as={extras.staleOverwrite} /> : null}
          </form>
          {/* Outside the page form (forms do not nest): its own small forms. */}
          {extras?.comments ? <CommentsPanel pageId={page.id} csrfToken={csrfToken} view={extras.comments} /> : null}
        </div>
      </div>
      {extras ? <LockForm pageId={page.id} locked={extras.lock !== null} csrfToken={csrfToken} /> : null}
    </div>
  );
}
