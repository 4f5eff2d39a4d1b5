import { CsrfField } from './CsrfField';
import { CheckboxField, CheckboxGroup, TextField } from './FormFields';
import { SettingsForm } from './SettingsForm';

export type UserFormValues = {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  is_active: boolean;
  is_superuser: boolean;
  groups: string[];
};

export type UserFormScreenProps = {
  csrfToken: string;
  /** Absent when adding a user. */
  userId?: number;
  isSelf: boolean;
  /** Where Deactivate posts; absent when the account cannot be deactivated here (your own, or one already inactive). */
  deactivateAction?: string;
  values: UserFormValues;
  groups: Array<{ id: number; name: string }>;
  fieldErrors: Partial<Record<string, string>>;
  nonFieldErrors: string[];
  message?: string;
};

/** /wagtail/users/add/ and /wagtail/users/{id}/: account details, password, roles and groups. */
/** The fields as the error summary names and links them, in the form's order. */
const userLabels = (adding: boolean) => [
  { name: 'username', label: 'Username' },
  { name: 'email', label: 'Email' },
  { name: 'first_name', label: 'First name' },
  { name: 'last_name', label: 'Last name' },
  { name: 'password1', label: adding ? 'Password' : 'New password' },
  { name: 'password2', label: adding ? 'Password confirmation' : 'New password confirmation' },
  { name: 'is_active', label: 'Active' },
  { name: 'is_superuser', label: 'Administrator' },
  { name: 'groups', label: 'Groups' },
];
const USER_LABELS_ADD = userLabels(true);
const USER_LABELS_EDIT = userLabels(false);

export function UserFormScreen({
  csrfToken,
  userId,
  isSelf,
  deactivateAction,
  values,
  groups,
  fieldErrors,
  nonFieldErrors,
  message,
}: UserFormScreenProps) {
  const adding = userId === undefined;
  const action = adding ? '/wagtail/users/add/' : `/wagtail/users/${userId}/`;
  return (
    <SettingsForm
      title={adding ? 'Add user' : `Editing ${values.username}`}
      back={{ href: '/wagtail/users/', label: 'Back to users' }}
      csrfToken={csrfToken}
      action={action}
      noun="user"
      labels={adding ? USER_LABELS_ADD : USER_LABELS_EDIT}
      submitLabel={adding ? 'Add user' : 'Save'}
      fieldErrors={fieldErrors}
      nonFieldErrors={nonFieldErrors}
      message={message}
      after={
        deactivateAction && !isSelf && values.is_active ? (
          <form method="post" action={deactivateAction} className="admin-form admin-form--danger">
            <CsrfField token={csrfToken} />
            <button type="submit" className="admin-button admin-button--danger">
              Deactivate {values.username}
            </button>
          </form>
        ) : null
      }
    >
      <TextField
        name="username"
        label="Username"
        required
        value={values.username}
        error={fieldErrors.username}
        autoComplete="off"
        help="Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only."
      />
      <TextField
        name="email"
        label="Email"
        type="email"
        required
        value={values.email}
        error={fieldErrors.email}
        autoComplete="off"
      />
      <TextField
        name="first_name"
        label="First name"
        value={values.first_name}
        error={fieldErrors.first_name}
        autoComplete="off"
      />
      <TextField
        name="last_name"
        label="Last name"
        value={values.last_name}
        error={fieldErrors.last_name}
        autoComplete="off"
      />
      <TextField
        name="password1"
        label={adding ? 'Password' : 'New password'}
        type="password"
        required={adding}
        value=""
        error={fieldErrors.password1}
        autoComplete="new-password"
        help={adding ? 'At least 12 characters.' : 'Leave blank to keep the current password.'}
      />
      <TextField
        name="password2"
        label={adding ? 'Password confirmation' : 'New password confirmation'}
        type="password"
        required={adding}
        value=""
        error={fieldErrors.password2}
        autoComplete="new-password"
        help="Enter the same password as before, for verification."
      />
      <CheckboxField
        name="is_active"
        label="Active"
        checked={values.is_active}
        error={fieldErrors.is_active}
        help={
          isSelf
            ? 'You cannot deactivate your own account.'
            : 'An inactive user cannot sign in. Deactivate accounts instead of deleting them.'
        }
      />
      <CheckboxField
        name="is_superuser"
        label="Administrator"
        checked={values.is_superuser}
        error={fieldErrors.is_superuser}
        help="Administrators have full access to manage any object or setting."
      />
      <CheckboxGroup
        name="groups"
        legend="Groups"
        selected={values.groups}
        error={fieldErrors.groups}
        options={groups.map((group) => ({ value: String(group.id), label: group.name }))}
        help="The groups this user belongs to. A user gets all permissions granted to each of their groups."
      />
    </SettingsForm>
  );
}
