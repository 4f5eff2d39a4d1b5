import { timeZoneChoices } from '../../shared/admin/local-time';
import { ADMIN_LANGUAGES } from '../../shared/schemas/account';
import { CsrfField } from './CsrfField';
import { FlashMessage, FormErrorSummary, SelectField, summaryFields, TextField } from './FormFields';

export type AccountScreenProps = {
  csrfToken: string;
  details: { first_name: string; last_name: string; email: string; preferred_language: string; time_zone: string };
  /** The site's zone (TIME_ZONE), used when the user chooses none. */
  siteTimeZone: string;
  /** Which form the errors belong to: the details or the password change. */
  errorsFor?: 'details' | 'password';
  fieldErrors: Partial<Record<string, string>>;
  nonFieldErrors: string[];
  message?: string;
};

const DETAIL_LABELS = [
  { name: 'first_name', label: 'First name' },
  { name: 'last_name', label: 'Last name' },
  { name: 'email', label: 'Email' },
  { name: 'preferred_language', label: 'Preferred language' },
  { name: 'time_zone', label: 'Time zone' },
];
const PASSWORD_LABELS = [
  { name: 'old_password', label: 'Old password' },
  { name: 'new_password1', label: 'New password' },
  { name: 'new_password2', label: 'New password confirmation' },
];

/** /wagtail/account/: your name, e-mail and language, and a password change (Wagtail's account page). */
export function AccountScreen({
  csrfToken,
  details,
  siteTimeZone,
  errorsFor,
  fieldErrors,
  nonFieldErrors,
  message,
}: AccountScreenProps) {
  const detailErrors = errorsFor === 'details' ? fieldErrors : {};
  const passwordErrors = errorsFor === 'password' ? fieldErrors : {};
  return (
    <>
      <div className="admin-heading">
        <h1>Account</h1>
      </div>
      <FlashMessage message={message} />
      <section aria-labelledby="account-details" className="admin-panel">
        <h2 id="account-details">Name, email, language and time zone</h2>
        <FormErrorSummary
          show={errorsFor === 'details'}
          nonFieldErrors={nonFieldErrors}
          fields={summaryFields(DETAIL_LABELS, detailErrors)}
        >
          Your details could not be saved due to errors.
        </FormErrorSummary>
        <form method="post" action="/wagtail/account/" noValidate className="admin-form">
          <CsrfField token={csrfToken} />
          <TextField
            name="first_name"
            label="First name"
            value={details.first_name}
            error={detailErrors.first_name}
            autoComplete="given-name"
          />
          <TextField
            name="last_name"
            label="Last name"
            value={details.last_name}
            error={detailErrors.last_name}
            autoComplete="family-name"
          />
          <TextField
            name="email"
            label="Email"
            type="email"
            required
            value={details.email}
            error={detailErrors.email}
            autoComplete="email"
          />
          <SelectField
            name="preferred_language"
            label="Preferred language"
            value={details.preferred_language}
            error={detailErrors.preferred_language}
            help="Select your preferred language for the admin."
            options={ADMIN_LANGUAGES.map((l) => ({ value: l.value, label: l.label }))}
          />
          <SelectField
            name="time_zone"
            label="Time zone"
            value={details.time_zone}
            error={detailErrors.time_zone}
            help="Every time in the admin is shown in this zone, and times you enter (such as a page's go-live) are read in it."
            options={[
              { value: '', label: `The site's time zone (${siteTimeZone})` },
              ...timeZoneChoices().map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })),
            ]}
          />
          <div className="admin-actions">
            <button type="submit" className="admin-button admin-button--primary">
              Save details
            </button>
          </div>
        </form>
      </section>
      <section aria-labelledby="account-password" className="admin-panel">
        <h2 id="account-password">Change password</h2>
        <FormErrorSummary
          show={errorsFor === 'password'}
          nonFieldErrors={nonFieldErrors}
          fields={summaryFields(PASSWORD_LABELS, passwordErrors)}
        >
          Your password could not be changed due to errors.
        </FormErrorSummary>
        <form method="post" action="/wagtail/account/change_password/" noValidate className="admin-form">
          <CsrfField token={csrfToken} />
          <TextField
            name="old_password"
            label="Old password"
            type="password"
            required
            value=""
            error={passwordErrors.old_password}
            autoComplete="current-password"
          />
          <TextField
            name="new_password1"
            label="New password"
            type="password"
            required
            value=""
            error={passwordErrors.new_password1}
            autoComplete="new-password"
            help="At least 12 characters."
          />
          <TextField
            name="new_password2"
            label="New password confirmation"
            type="password"
            required
            value=""
            error={passwordErrors.new_password2}
            autoComplete="new-password"
          />
          <div className="admin-actions">
            <button type="submit" className="admin-button admin-button--primary">
              Change password
            </button>
          </div>
        </form>
      </section>
    </>
  );
}
