import { PAGE_PERMISSION_CHOICES } from '../../shared/schemas/admin-accounts';
import { CheckboxField, TextField } from './FormFields';
import {
  CollectionPermissionsFields,
  ModelPermissionsTable,
  type CollectionRow,
  type PermissionModel,
} from './GroupObjectPermissions';
import { GrantFieldset, PermissionGrid } from './PermissionGrid';
import { PageChooserField, type ChosenPageView } from './PageChooserField';
import { SettingsForm } from './SettingsForm';

export type GroupFormValues = {
  name: string;
  can_access_admin: boolean;
  /** One row per page with permissions: the page, and the permission types ticked. */
  rows: Array<{ pageId: number; title: string; permissions: string[] }>;
  /** The page number chosen (or typed without JavaScript), as posted. */
  new_page: string;
  /** That page, when it exists: what the chooser shows as chosen. */
  new_page_chosen?: ChosenPageView;
  new_permissions: string[];
  /** Model -> the actions granted (redirects, collections, settings...). */
  model_permissions: Record<string, string[]>;
  collection_rows: CollectionRow[];
  new_collection: string;
  new_collection_permissions: string[];
};

export type GroupFormScreenProps = {
  csrfToken: string;
  groupId?: number;
  values: GroupFormValues;
  models: readonly PermissionModel[];
  collectionChoices: ReadonlyArray<{ id: number; label: string }>;
  fieldErrors: Partial<Record<string, string>>;
  nonFieldErrors: string[];
  message?: string;
};

/**
 * /wagtail/groups/add/ and /wagtail/groups/{id}/: the group's name, admin access and page
 * permissions (a table of pages by permission type, as Wagtail's page permissions formset).
 */
/**
 * The fields the error summary links to; the permission grids' errors (one message for a group of
 * boxes) are listed in the summary as text and shown by their grid.
 */
const GROUP_LABELS = [
  { name: 'name', label: 'Name' },
  { name: 'can_access_admin', label: 'Can access the admin' },
];

export function GroupFormScreen({
  csrfToken,
  groupId,
  values,
  models,
  collectionChoices,
  fieldErrors,
  nonFieldErrors,
  message,
}: GroupFormScreenProps) {
  const adding = groupId === undefined;
  return (
    <SettingsForm
      title={adding ? 'Add group' : `Editing ${values.name}`}
      back={{ href: '/wagtail/groups/', label: 'Back to groups' }}
      csrfToken={csrfToken}
      action={adding ? '/wagtail/groups/add/' : `/wagtail/groups/${groupId}/`}
      noun="group"
      labels={GROUP_LABELS}
      submitLabel={adding ? 'Add group' : 'Save'}
      fieldErrors={fieldErrors}
      nonFieldErrors={nonFieldErrors}
      message={message}
      wide
    >
      <TextField name="name" label="Name" required value={values.name} error={fieldErrors.name} autoComplete="off" />
      <CheckboxField
        name="can_access_admin"
        label="Can access the admin"
        checked={values.can_access_admin}
        error={fieldErrors.can_access_admin}
        help="Members may sign in to the back office. Page permissions decide what they can do there."
      />
      <h2 id="page-permissions">Page permissions</h2>
      <p className="admin-muted">
        Permissions granted on a page apply to the page and all of its subpages. Untick every box of a row to remove it.
      </p>
      {values.rows.length ? (
        <PermissionGrid
          headingId="page-permissions"
          objectLabel="Page"
          rows={values.rows.map((row) => ({ id: row.pageId, name: row.title, permissions: row.permissions }))}
          rowField="pages"
          checkboxPrefix="perm_"
          choices={PAGE_PERMISSION_CHOICES}
          relation="on"
        />
      ) : (
        <p>This group has no page permissions yet.</p>
      )}
      <GrantFieldset
        legend="Grant permissions on another page"
        object={
          <PageChooserField
            name="new_page"
            label="Page"
            value={values.new_page}
            chosen={values.new_page_chosen}
            error={fieldErrors.new_page}
            help="Any page in the tree: the permissions apply to it and its subpages."
          />
        }
        permissions={{
          name: 'new_permissions',
          legend: 'Permissions',
          choices: PAGE_PERMISSION_CHOICES,
          checked: values.new_permissions,
          error: fieldErrors.new_permissions,
        }}
      />
      <ModelPermissionsTable models={models} granted={values.model_permissions} error={fieldErrors.model_permissions} />
      <CollectionPermissionsFields
        rows={values.collection_rows}
        choices={collectionChoices}
        newCollection={values.new_collection}
        newPermissions={values.new_collection_permissions}
        fieldErrors={fieldErrors}
      />
    </SettingsForm>
  );
}
