import { CsrfField, multipartAction } from '../CsrfField';
import { FieldNotes, FormErrorSummary, SelectField, TextField, describedBy } from '../FormFields';

export type UploadedView = {
  id: number;
  title: string;
  editUrl: string;
  detail: string;
  /** The row's version: the title form posted right after the upload is a save of this version. */
  version: number;
};

export type UploadScreenProps = {
  /** 'documents', 'images' or 'videos': the area under /wagtail/. */
  area: string;
  /** 'document', 'image', 'video'. */
  noun: string;
  csrfToken: string;
  accept: string;
  help: string;
  collectionChoices: Array<{ value: string; label: string }>;
  values: { title: string; collection: string };
  error?: string;
  /** Files just added (the form posted without JavaScript). */
  uploaded: UploadedView[];
};

/**
 * /wagtail/{area}/multiple/add/: a file input that takes several files. Without JavaScript it is
 * a plain form (every chosen file is uploaded by one POST). With JavaScript (client/admin/uploads.ts)
 * each file is sent on its own with a progress bar, and its title can be edited right after.
 */
export function UploadScreen(props: UploadScreenProps) {
  const { area, noun, csrfToken, accept, help, collectionChoices, values, error, uploaded } = props;
  const id = 'id_file';
  return (
    <>
      <div className="admin-heading">
        <h1>{`Add ${noun}s`}</h1>
        <a className="admin-button admin-button--secondary" href={`/wagtail/${area}/`}>
          {`Back to ${noun}s`}
        </a>
      </div>
      <FormErrorSummary
        show={error !== undefined}
        nonFieldErrors={[]}
        fields={error ? [{ name: 'file', label: 'Files', message: error }] : []}
      >
        {`The ${noun} could not be added.`}
      </FormErrorSummary>
      {uploaded.length > 0 ? (
        <div className="admin-flash" role="status">
          <p>{`Added ${uploaded.length} ${uploaded.length === 1 ? noun : `${noun}s`}:`}</p>
          <ul>
            {uploaded.map((item) => (
              <li key={item.id}>
                <a href={item.editUrl}>{item.title}</a> ({item.detail})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <form
        method="post"
        action={multipartAction(`/wagtail/${area}/multiple/add/`, csrfToken)}
        encType="multipart/form-data"
        noValidate
        className="admin-form"
        data-media-upload={area}
      >
        <CsrfField token={csrfToken} />
        <p className="media-drop-hint" data-drop-hint="" hidden>
          {`Drag ${noun} files onto this form, or choose them below: several at once.`}
        </p>
        <div className={`admin-field${error ? ' admin-field--error' : ''}`}>
          <label htmlFor={id}>
            Files<span aria-hidden="true"> *</span>
          </label>
          <input
            id={id}
            name="file"
            type="file"
            multiple
            required
            accept={accept}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, help, error)}
          />
          <FieldNotes id={id} help={help} error={error} />
        </div>
        <TextField
          name="title"
          label="Title"
          value={values.title}
          help="For a single file; empty: the file's name. Several files are titled from their names and can be renamed after."
        />
        <SelectField name="collection" label="Collection" value={values.collection} options={collectionChoices} />
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button--primary">
            Upload
          </button>
        </div>
      </form>
      <ul className="media-upload-list" data-media-upload-list aria-live="polite" />
    </>
  );
}

/** /wagtail/{area}/{id}/replace/: a new file for the same object (its id and links stay). */
export function ReplaceFileScreen({
  area,
  noun,
  id,
  title,
  csrfToken,
  accept,
  help,
  error,
}: {
  area: string;
  noun: string;
  id: number;
  title: string;
  csrfToken: string;
  accept: string;
  help: string;
  error?: string;
}) {
  const fieldId = 'id_file';
  return (
    <>
      <div className="admin-heading">
        <h1>{`Replace the file of ${title}`}</h1>
        <a className="admin-button admin-button--secondary" href={`/wagtail/${area}/${id}/`}>
          {`Back to the ${noun}`}
        </a>
      </div>
      <FormErrorSummary
        show={error !== undefined}
        nonFieldErrors={[]}
        fields={error ? [{ name: 'file', label: 'New file', message: error }] : []}
      >
        The file could not be replaced.
      </FormErrorSummary>
      <form
        method="post"
        action={multipartAction(`/wagtail/${area}/${id}/replace/`, csrfToken)}
        encType="multipart/form-data"
        noValidate
        className="admin-form"
      >
        <CsrfField token={csrfToken} />
        <div className={`admin-field${error ? ' admin-field--error' : ''}`}>
          <label htmlFor={fieldId}>
            New file<span aria-hidden="true"> *</span>
          </label>
          <input
            id={fieldId}
            name="file"
            type="file"
            required
            accept={accept}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(fieldId, help, error)}
          />
          <FieldNotes id={fieldId} help={help} error={error} />
        </div>
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button--primary">
            Replace file
          </button>
        </div>
      </form>
    </>
  );
}
