import type { PageStatus } from '../../server/modules/pages/status';
import type { PageFieldName } from '../../shared/schemas/admin';
import { BlockEditorMount } from './BlockEditorMount';
import { CsrfField } from './CsrfField';
import { EditPageActions, LockBanner, ScheduleFields, type EditExtras } from './EditPageActions';
import { EditingSessionsMount, StaleOverwriteChoice } from './EditingSessionViews';
import { FlashMessage, FormErrorSummary, TextAreaField, TextField } from './FormFields';
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

const FIELDS: Array<{ name: PageFieldName; label: string; help?: string; multiline?: boolean; required?: boolean }> = [
  { name: 'title', label: 'Title', help: "The page title as you'd like it to be seen by the public", required: true },
  { name: 'slug', label: 'Slug', help: 'The name of the page as it will appear in URLs', required: true },
  { name: 'seo_title', label: 'Title tag', help: "The name of the page displayed on search engine results as the clickable headline." },
  { name: 'search_description', label: 'Meta description', help: 'The descriptive text displayed underneath a headline in search engine results.', multiline: true },
];

/** /wagtail/pages/{id}/edit/: the page's own fields, saved as a draft or published. */
export function EditScreen({ csrfToken, page, values, fieldErrors, nonFieldErrors, message, extras }: EditScreenProps) {
  const hasErrors = nonFieldErrors.length > 0 || Object.keys(fieldErrors).length > 0;
  return (
    <>
      <div className="admin-heading">
        <div>
          <p className="admin-muted admin-heading__kicker">
            {`Editing ${page.typeLabel}`} <StatusTag status={page.status} />
            {extras?.privacy?.isPrivate ? <> <PrivateTag /></> : null}
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
      {extras ? <EditPageActions pageId={page.id} extras={extras} csrfToken={csrfToken} /> : null}
      {extras ? <LockBanner lock={extras.lock} /> : null}
      {extras ? <EditingSessionsMount pageId={page.id} /> : null}
      {extras?.moderation ? <ModerationPanel pageId={page.id} moderation={extras.moderation} csrfToken={csrfToken} /> : null}
      <FormErrorSummary show={hasErrors} nonFieldErrors={nonFieldErrors}>
        The page could not be saved due to validation errors.
      </FormErrorSummary>
      <form method="post" action={`/wagtail/pages/${page.id}/edit/`} noValidate className="admin-form">
        <CsrfField token={csrfToken} />
        {extras ? <input type="hidden" name="base_revision_id" value={extras.baseRevisionId ?? ''} /> : null}
        {FIELDS.map((field) => {
          const props = { name: field.name, label: field.label, help: field.help, required: field.required, value: values[field.name], error: fieldErrors[field.name] };
          return field.multiline ? <TextAreaField key={field.name} {...props} rows={3} /> : <TextField key={field.name} {...props} />;
        })}
        {extras?.blockEditor ? <BlockEditorMount view={extras.blockEditor} /> : null}
        {extras ? <ScheduleFields schedule={extras.schedule} /> : null}
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button--secondary">
            Save draft
          </button>
          {extras?.moderation ? <SubmitForModerationButton moderation={extras.moderation} /> : null}
          {/* Wagtail shows Publish only to those who may publish; the others submit for moderation. */}
          {extras?.moderation?.canPublish === false ? null : (
            <button type="submit" name="action-publish" value="action-publish" className="admin-button admin-button--primary">
              Publish
            </button>
          )}
          {/* After Save draft and Publish, so Enter in a field never previews; a new tab keeps the typed form. */}
          <button type="submit" formAction={`/wagtail/pages/${page.id}/edit/preview/`} formTarget="_blank" formNoValidate className="admin-button admin-button--secondary">
            Preview<span className="visually-hidden"> (opens in a new tab)</span>
          </button>
        </div>
        {extras?.staleOverwrite ? <StaleOverwriteChoice as={extras.staleOverwrite} /> : null}
      </form>
    </>
  );
}
