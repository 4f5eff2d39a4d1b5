import { PRIVACY_CHOICES, type PrivacyChoice } from '../../shared/schemas/privacy';
import { CsrfField } from './CsrfField';
import { CheckboxGroup, FormErrorSummary, RadioGroup, TextField, summaryFields } from './FormFields';

export type PrivacyFieldName = 'restriction_type' | 'password' | 'groups';

/** The fields as the error summary names them, in the form's order. */
const LABELS: ReadonlyArray<{ name: PrivacyFieldName; label: string }> = [
  { name: 'restriction_type', label: 'Visibility' },
  { name: 'password', label: 'Password' },
  { name: 'groups', label: 'Groups' },
];

/** What the privacy is set on: a page (and its subpages) or a collection (and the documents filed under it). */
export type PrivacySubject = { kind: 'page' | 'collection'; id: number; title: string };

const WORDS = {
  page: {
    kicker: 'Page privacy',
    back: 'Back to the page',
    editUrl: (id: number) => `/wagtail/pages/${id}/edit/`,
    privacyUrl: (id: number) => `/wagtail/pages/${id}/privacy/`,
    inherited: 'This page has been made private by a parent page.',
    applies: 'Privacy changes apply to all children of this page too.',
    who: 'the page',
  },
  collection: {
    kicker: 'Collection privacy',
    back: 'Back to the collection',
    editUrl: (id: number) => `/wagtail/collections/${id}/`,
    privacyUrl: (id: number) => `/wagtail/collections/${id}/privacy/`,
    inherited: 'This collection has been made private by a parent collection.',
    applies: 'Privacy changes apply to the documents of this collection and of all its child collections.',
    who: 'its documents',
  },
} as const;

export type PrivacyScreenProps = {
  csrfToken: string;
  subject: PrivacySubject;
  /** Set when an ancestor's restriction covers the subject: privacy is changed there, not here (an id of the same kind). */
  inheritedFrom: { pageId: number; title: string } | null;
  values: { restriction_type: PrivacyChoice; groups: string[] };
  /** The page already has a shared password (a blank password field keeps it). */
  passwordSet: boolean;
  groups: Array<{ id: number; name: string }>;
  fieldErrors: Partial<Record<PrivacyFieldName, string>>;
  nonFieldErrors: string[];
};

/** /wagtail/pages/{id}/privacy/: who may see the page and its subpages on the public site (Wagtail's set_privacy). */
export function PrivacyScreen({
  csrfToken,
  subject,
  inheritedFrom,
  values,
  passwordSet,
  groups,
  fieldErrors,
  nonFieldErrors,
}: PrivacyScreenProps) {
  const words = WORDS[subject.kind];
  const hasErrors = nonFieldErrors.length > 0 || Object.keys(fieldErrors).length > 0;
  return (
    <>
      <div className="admin-heading">
        <div>
          <p className="admin-muted admin-heading__kicker">{words.kicker}</p>
          <h1>{subject.title}</h1>
        </div>
        <a className="admin-button admin-button--secondary" href={words.editUrl(subject.id)}>
          {words.back}
        </a>
      </div>
      <FormErrorSummary show={hasErrors} nonFieldErrors={nonFieldErrors} fields={summaryFields(LABELS, fieldErrors)}>
        The privacy settings could not be saved due to errors.
      </FormErrorSummary>
      {inheritedFrom ? (
        <div className="admin-message" data-testid="privacy-inherited">
          <p>{words.inherited}</p>
          <p>
            You can edit the privacy settings on:{' '}
            <a href={words.privacyUrl(inheritedFrom.pageId)}>{inheritedFrom.title}</a>
          </p>
        </div>
      ) : (
        <>
          <p>{words.applies}</p>
          <form method="post" action={words.privacyUrl(subject.id)} noValidate className="admin-form">
            <CsrfField token={csrfToken} />
            <RadioGroup
              name="restriction_type"
              legend="Visibility"
              value={values.restriction_type}
              options={PRIVACY_CHOICES}
              error={fieldErrors.restriction_type}
            />
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
              help={`For users in specific groups: members of any group chosen here (and superusers) may see ${words.who}.`}
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
