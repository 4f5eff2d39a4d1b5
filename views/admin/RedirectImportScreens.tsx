import { CsrfField, multipartAction } from './CsrfField';
import { FieldNotes, FormErrorSummary, SelectField, describedBy } from './FormFields';

export type ImportRowView = { line: number; from: string; to: string; status: 'accepted' | 'rejected'; reason: string };

type Choice = { value: string; label: string };

/** /wagtail/redirects/import/: the file and the defaults for rows that do not say (site, type). */
export function RedirectImportScreen({
  csrfToken,
  siteChoices,
  values,
  error,
  maxRows,
  maxMegabytes,
}: {
  csrfToken: string;
  siteChoices: Choice[];
  values: { site: string; is_permanent: string };
  error?: string;
  maxRows: number;
  maxMegabytes: number;
}) {
  const id = 'id_import_file';
  const help = `A CSV, TSV or XLSX file of at most ${maxRows.toLocaleString('en-US')} rows and ${maxMegabytes} MB. The first row names the columns: "from" (the old path) and "to" (a page id, a path on the site, or a web address), optionally "type" (301 or 302) and "site" (a host name, or "all"). Nothing is saved until you confirm the preview.`;
  return (
    <>
      <div className="admin-heading">
        <h1>Import redirects</h1>
        <a className="admin-button admin-button--secondary" href="/wagtail/redirects/">
          Back to redirects
        </a>
      </div>
      <FormErrorSummary
        show={error !== undefined}
        nonFieldErrors={[]}
        fields={error ? [{ name: 'import_file', label: 'File', message: error }] : []}
      >
        The file could not be imported.
      </FormErrorSummary>
      <form
        method="post"
        action={multipartAction('/wagtail/redirects/import/', csrfToken)}
        encType="multipart/form-data"
        noValidate
        className="admin-form"
      >
        <CsrfField token={csrfToken} />
        <div className={`admin-field${error ? ' admin-field--error' : ''}`}>
          <label htmlFor={id}>
            File<span aria-hidden="true"> *</span>
          </label>
          <input
            id={id}
            name="import_file"
            type="file"
            required
            accept=".csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, help, error)}
          />
          <FieldNotes id={id} help={help} error={error} />
        </div>
        <SelectField
          name="site"
          label="Site"
          value={values.site}
          options={[{ value: '', label: 'All sites' }, ...siteChoices]}
          help="For rows without a site column."
        />
        <SelectField
          name="is_permanent"
          label="Type"
          value={values.is_permanent}
          options={[
            { value: 'permanent', label: 'Permanent (301)' },
            { value: 'temporary', label: 'Temporary (302)' },
          ]}
          help="For rows without a type column."
        />
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button--primary">
            Preview import
          </button>
        </div>
      </form>
    </>
  );
}

/** The preview: every row accepted or rejected with its reason; one button writes the accepted ones. */
export function RedirectImportPreviewScreen({
  csrfToken,
  token,
  fileName,
  rows,
  accepted,
  rejected,
}: {
  csrfToken: string;
  token: string;
  fileName: string;
  rows: ImportRowView[];
  accepted: number;
  rejected: number;
}) {
  return (
    <>
      <div className="admin-heading">
        <h1>{`Preview of ${fileName}`}</h1>
      </div>
      <p role="status">{`${accepted} ${accepted === 1 ? 'row' : 'rows'} will be imported; ${rejected} ${rejected === 1 ? 'row is' : 'rows are'} rejected. Nothing has been saved yet.`}</p>
      <form method="post" action="/wagtail/redirects/import/process/" className="admin-actions">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="token" value={token} />
        {accepted > 0 ? (
          <button type="submit" className="admin-button admin-button--primary">
            {`Import ${accepted} ${accepted === 1 ? 'redirect' : 'redirects'}`}
          </button>
        ) : null}
        <a className="admin-button admin-button--secondary" href="/wagtail/redirects/import/">
          Choose another file
        </a>
      </form>
      <div className="admin-table-scroll admin-import-preview">
        <table className="admin-table admin-table--viewset">
          <caption className="visually-hidden">{`Rows of ${fileName}`}</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.line}>
                <td>{row.line}</td>
                <td>{row.from}</td>
                <td>{row.to}</td>
                <td>
                  <span className={`admin-tag--${row.status}`}>
                    {row.status === 'accepted' ? 'Accepted' : 'Rejected'}
                  </span>
                  {row.reason ? `: ${row.reason}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
