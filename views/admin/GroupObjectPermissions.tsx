import { COLLECTION_PERMISSION_CHOICES, MODEL_ACTION_CHOICES } from '../../shared/schemas/admin-accounts';
import { SelectField } from './FormFields';

export type PermissionModel = { model: string; label: string; actions: readonly string[] };
export type CollectionRow = { collectionId: number; name: string; permissions: string[] };

/**
 * The group form's object permissions (Wagtail's "Object permissions" table): one row per model
 * the back office manages through the viewset, a checkbox per action the model has.
 */
export function ModelPermissionsTable({ models, granted, error }: { models: readonly PermissionModel[]; granted: Readonly<Record<string, readonly string[]>>; error?: string }) {
  return (
    <>
      <h2 id="object-permissions">Object permissions</h2>
      {error ? (
        <p className="admin-field__error" id="id_model_permissions-error">
          {error}
        </p>
      ) : null}
      <div className="admin-table-scroll">
        <table className="admin-table admin-table--viewset" aria-labelledby="object-permissions" aria-describedby={error ? 'id_model_permissions-error' : undefined}>
          <thead>
            <tr>
              <th scope="col">Object</th>
              {MODEL_ACTION_CHOICES.map((choice) => (
                <th scope="col" key={choice.value}>
                  {choice.label}
                </th>
              ))}
            </tr>
          </thead>
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
export function CollectionPermissionsFields({ rows, choices, newCollection, newPermissions, fieldErrors }: {
  rows: readonly CollectionRow[];
  choices: ReadonlyArray<{ id: number; label: string }>;
  newCollection: string;
  newPermissions: readonly string[];
  fieldErrors: Partial<Record<string, string>>;
}) {
  const permissionsError = fieldErrors.new_collection_permissions;
  return (
    <>
      <h2 id="collection-permissions">Collection permissions</h2>
      <p className="admin-muted">For images, documents and videos: a permission on a collection covers its descendants too. Untick every box of a row to remove it.</p>
      {rows.length ? (
        <table className="admin-table admin-table--viewset" aria-labelledby="collection-permissions">
          <thead>
            <tr>
              <th scope="col">Collection</th>
              {COLLECTION_PERMISSION_CHOICES.map((choice) => (
                <th scope="col" key={choice.value}>
                  {choice.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.collectionId}>
                <th scope="row">
                  {row.name}
                  <input type="hidden" name="collections" value={row.collectionId} />
                </th>
                {COLLECTION_PERMISSION_CHOICES.map((choice) => (
                  <td key={choice.value}>
                    <input type="checkbox" name={`coll_${row.collectionId}`} value={choice.value} defaultChecked={row.permissions.includes(choice.value)} aria-label={`${choice.label} in ${row.name}`} title={choice.help} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>This group has no collection permissions yet.</p>
      )}
      <fieldset className="admin-fieldset">
        <legend>Grant permissions on another collection</legend>
        <SelectField name="new_collection" label="Collection" value={newCollection} error={fieldErrors.new_collection}
          options={[{ value: '', label: 'Choose a collection' }, ...choices.map((c) => ({ value: String(c.id), label: c.label }))]} />
        <fieldset className={`admin-field admin-fieldset${permissionsError ? ' admin-field--error' : ''}`} aria-describedby={permissionsError ? 'id_new_collection_permissions-error' : undefined}>
          <legend>Collection permissions</legend>
          {COLLECTION_PERMISSION_CHOICES.map((choice, index) => (
            <div key={choice.value} className="admin-field--checkbox">
              <input id={`id_new_collection_permissions_${index}`} type="checkbox" name="new_collection_permissions" value={choice.value} defaultChecked={newPermissions.includes(choice.value)}
                aria-describedby={`id_new_collection_permissions_${index}-help`} />
              <label htmlFor={`id_new_collection_permissions_${index}`}>{choice.label}</label>
              <span className="admin-field__help" id={`id_new_collection_permissions_${index}-help`}>{` ${choice.help}`}</span>
            </div>
          ))}
          {permissionsError ? (
            <p className="admin-field__error" id="id_new_collection_permissions-error">
              {permissionsError}
            </p>
          ) : null}
        </fieldset>
      </fieldset>
    </>
  );
}
