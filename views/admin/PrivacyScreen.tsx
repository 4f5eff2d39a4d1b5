import { PRIVACY_CHOICES, type PrivacyChoice } from '../../shared/schemas/privacy';
import { CsrfField } from './CsrfField';
import { CheckboxGroup, FormErrorSummary, RadioGroup, TextField } from './FormFields';

export type PrivacyFieldName = 'restriction_type' | 'password' | 'groups';

export type PrivacyScreenProps = {
  csrfToken: string;
  page: { id: number; title: string };
  /** Set when an ancestor's restriction covers the page: privacy is changed there, not here. */
  inheritedFrom: { pageId: number; title: string } | null;
  values: { restriction_type: PrivacyChoice; groups: string[] };
  /** The page already has a shared password (a blank password field keeps it). */
  passwordSet: boolean;
  groups: Array<{ id: number; name: string }>;
  fieldErrors: Partial<Record<PrivacyFieldName, string>>;
  nonFieldErrors: string[];
};

/** /wagtail/pages/{id}/privacy/: who may see the page and its subpages on the public site (Wagtail's set_privacy). */
export function PrivacyScreen({ csrfToken, page, inheritedFrom, values, passwordSet, groups, fieldErrors, nonFieldErrors }: PrivacyScreenProps) {
  const hasErrors = nonFieldErrors.length > 0 || Object.keys(fieldErrors).length > 0;
  return (
    <>
      <div className="admin-heading">
        <div>
          <p className="admin-muted admin-heading__kicker">Page privacy</p>
          <h1>{page.title}</h1>
        </div>
        <a className="admin-button admin-button--secondary" href={`/wagtail/pages/${page.id}/edit/`}>
          Back to the page
        </a>
      </div>
      <FormErrorSummary show={hasErrors} nonFieldErrors={nonFieldErrors}>
        The privacy settings could not be saved due to errors.
      </FormErrorSummary>
      {inheritedFrom ? (
        <div className="admin-message" data-testid="privacy-inherited">
          <p>This page has been made private by a parent page.</p>
          <p>
            You can edit the privacy settings on: <a href={`/wagtail/pages/${inheritedFrom.pageId}/privacy/`}>{inheritedFrom.title}</a>
          </p>
        </div>
      ) : (
        <>
          <p>Privacy changes apply to all children of this page too.</p>
          <form method="post" action={`/wagtail/pages/${page.id}/privacy/`} noValidate className="admin-form">
            <CsrfField token={csrfToken} />
            <RadioGroup name="restriction_type" legend="Visibility" value={values.restriction_type} options={PRIVACY_CHOICES} error={fieldErrors.restriction_type} />
            <TextField
              name="password"
              label="Password"
              type="password"
              value=""
              autoComplete="new-password"
              error={fieldErrors.password}
              help={
                passwordSet
                  ? 'For a shared password. Leave blank to keep the current password. Shared passwords should not be used to protect sensitive content.'
                  : 'For a shared password. Shared passwords should not be used to protect sensitive content.'
              }
            />
            <CheckboxGroup
              name="groups"
              legend="Groups"
              help="For users in specific groups: members of any group chosen here (and superusers) may see the page."
              selected={values.groups}
              options={groups.map((group) => ({ value: String(group.id), label: group.name }))}
              error={fieldErrors.groups}
            />
            <div className="admin-actions">
              <button type="submit" className="admin-button admin-button--primary">
                Save
              </button>
            </div>
          </form>
        </>
      )}
    </>
  );
}
