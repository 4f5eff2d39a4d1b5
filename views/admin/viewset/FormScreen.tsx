import type { FormView } from '../../../shared/admin/viewset';
import { CsrfField } from '../CsrfField';
import { FlashMessage, FormErrorSummary, summaryFields } from '../FormFields';
import { FocalPointPicker } from './FocalPointPicker';
import { ViewSetField } from './ViewSetField';

/**
 * A viewset's add and edit form (Wagtail's CreateView / EditView): the fields, the first error of
 * each, a non-field group above, and the version the form was opened on. A conflict (someone saved
 * meanwhile) is said above the form with the input kept.
 */
export function FormScreen({ view, csrfToken, message }: { view: FormView; csrfToken: string; message?: string }) {
  const hasErrors = view.nonFieldErrors.length > 0 || Object.keys(view.fieldErrors).length > 0;
  return (
    <>
      <div className="admin-heading">
        <h1>{view.title}</h1>
        <a className="admin-button admin-button--secondary" href={view.backHref}>
          {`Back to ${view.names.plural}`}
        </a>
      </div>
      <FlashMessage message={message} />
      {view.conflict ? (
        <div className="admin-errors" role="alert">
          <p>{view.conflict}</p>
        </div>
      ) : null}
      <FormErrorSummary
        show={hasErrors}
        nonFieldErrors={view.nonFieldErrors}
        fields={summaryFields(view.fields, view.fieldErrors)}
      >
        {`The ${view.names.name} could not be saved due to errors.`}
      </FormErrorSummary>
      {view.drafts ? <p className="admin-muted">{`Status: ${view.drafts.status}`}</p> : null}
      <form method="post" action={view.action} noValidate className="admin-form">
        <CsrfField token={csrfToken} />
        {view.version !== undefined ? <input type="hidden" name="version" value={view.version} /> : null}
        {view.focalPicker ? (
          <FocalPointPicker
            picker={view.focalPicker}
            x={view.values.focal_point_x ?? ''}
            y={view.values.focal_point_y ?? ''}
          />
        ) : null}
        {view.fields.map((field) => (
          <ViewSetField
            key={field.name}
            field={field}
            value={view.values[field.name] ?? ''}
            error={view.fieldErrors[field.name]}
          />
        ))}
        {/* One row on a 390 px phone: Save draft, Publish, Preview (client/admin/viewset.css). */}
        <div className="admin-actions admin-actions--one-row">
          {view.drafts ? (
            <>
              <button type="submit" name="action-draft" value="1" className="admin-button admin-button--secondary">
                Save draft
              </button>
              {view.drafts.canPublish ? (
                <button type="submit" name="action-publish" value="1" className="admin-button admin-button--primary">
                  Publish
                </button>
              ) : null}
              {view.drafts.previewAction ? (
                <button
                  type="submit"
                  formAction={view.drafts.previewAction}
                  formTarget="_blank"
                  className="admin-button admin-button--secondary"
                >
                  Preview<span className="visually-hidden"> (opens in a new tab)</span>
                </button>
              ) : null}
            </>
          ) : (
            <button type="submit" className="admin-button admin-button--primary">
              {view.submitLabel}
            </button>
          )}
        </div>
      </form>
      {view.links.length ? (
        <nav aria-label={`More on this ${view.names.name}`}>
          <ul className="admin-row-actions">
            {view.links.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </>
  );
}
