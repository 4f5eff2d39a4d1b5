import { COLLECTION_PERMISSION_CHOICES, MODEL_ACTION_CHOICES } from '../../shared/schemas/admin-accounts';
import { SelectField } from './FormFields';
import { GrantFieldset, PermissionGrid, PermissionTableHead } from './PermissionGrid';

export type PermissionModel = { model: string; label: string; actions: readonly string[] };
export type CollectionRow = { collectionId: number; name: string; permissions: string[] };

/**
 * The group form's object permissions (Wagtail's "Object permissions" table): one row per model
 * the back office manages through the viewset, a checkbox per action the model has.
 */
export function ModelPermissionsTable({
  models,
  granted,
  error,
}: {
  models: readonly PermissionModel[];
  granted: Readonly<Record<string, readonly string[]>>;
  error?: string;
}) {
  return (
    <>
      <h2 id="object-permissions">Object permissions</h2>
      {error ? (
        <p className="admin-field__error" id="id_model_permissions-error">
          {error}
        </p>
      ) : null}
      <div className="admin-table-scroll">
        <table
          className="admin-table admin-table--viewset"
          aria-labelledby="object-permissions"
          aria-describedby={error ? 'id_model_permissions-error' : undefined}
        >
          <PermissionTableHead objectLabel="Object" choices={MODEL_ACTION_CHOICES} />
          <tbody>
            {models.map((model) => (
              <tr key={model.model}>
                <th scope="row">{model.label}</th>
                {MODEL_ACTION_CHOICES.map((choice) => (
                  <td key={choice.value}>
                    {model.actions.includes(choice.value) ? (
                      <input
                        type="checkbox"
                        name={`model_${model.model}`}
                        value={choice.value}
                        defaultChecked={granted[model.model]?.includes(choice.value) ?? false}
                        aria-label={`${choice.label} ${model.label.toLowerCase()}`}
                      />
                    ) : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Collection permissions (Wagtail's GroupCollectionPermission formset): per collection and its descendants. */
export function CollectionPermissionsFields({
  rows,
  choices,
  newCollection,
  newPermissions,
  fieldErrors,
}: {
  rows: readonly CollectionRow[];
  choices: ReadonlyArray<{ id: number; label: string }>;
  newCollection: string;
  newPermissions: readonly string[];
  fieldErrors: Partial<Record<string, string>>;
}) {
  return (
    <>
      <h2 id="collection-permissions">Collection permissions</h2>
      <p className="admin-muted">
        For images, documents and videos: a permission on a collection covers its descendants too. Untick every box of a
        row to remove it.
      </p>
      {rows.length ? (
        <PermissionGrid
          headingId="collection-permissions"
          objectLabel="Collection"
          rows={rows.map((row) => ({ id: row.collectionId, name: row.name, permissions: row.permissions }))}
          rowField="collections"
          checkboxPrefix="coll_"
          choices={COLLECTION_PERMISSION_CHOICES}
          relation="in"
        />
      ) : (
        <p>This group has no collection permissions yet.</p>
      )}
      <GrantFieldset
        legend="Grant permissions on another collection"
        object={
          <SelectField
            name="new_collection"
            label="Collection"
            value={newCollection}
            error={fieldErrors.new_collection}
            options={[
              { value: '', label: 'Choose a collection' },
              ...choices.map((c) => ({ value: String(c.id), label: c.label })),
            ]}
          />
        }
        permissions={{
          name: 'new_collection_permissions',
          legend: 'Collection permissions',
          choices: COLLECTION_PERMISSION_CHOICES,
          checked: newPermissions,
          error: fieldErrors.new_collection_permissions,
        }}
      />
    </>
  );
}
