import type {
  TranslationFileContext,
  TranslationImportPreviewView,
  TranslationUploadView,
} from '../../shared/admin/translations';
import { CsrfField, multipartAction } from './CsrfField';

const base = (id: number) => `/wagtail/localize/translations/${id}`;

function Heading({ title, context }: { title: string; context: TranslationFileContext }) {
  return (
    <>
      <div className="admin-heading">
        <h1>{title}</h1>
        <a className="admin-button admin-button--secondary" href={`${base(context.translationId)}/edit/`}>
          Back to the translation
        </a>
      </div>
      <p>{`${context.source.languageCode} → ${context.languageCode}: '${context.source.title}' → '${context.page.title}'`}</p>
    </>
  );
}

/** /wagtail/localize/translations/{id}/download/: a PO or XLIFF file of the segments to translate. */
export function TranslationDownloadScreen(context: TranslationFileContext) {
  return (
    <>
      <Heading title={`Download for translation: ${context.page.title}`} context={context} />
      <p>
        The file holds each segment to translate (to do or out of date) with its source text. Send it to the translation
        agency, then upload the translated file: you will see every change before it is applied.
      </p>
      <form method="get" action={`${base(context.translationId)}/download/`} className="admin-form">
        <fieldset className="admin-field">
          <legend>Format</legend>
          <div className="admin-checkbox">
            <input type="radio" id="format-po" name="format" value="po" defaultChecked />
            <label htmlFor="format-po">PO (gettext)</label>
          </div>
          <div className="admin-checkbox">
            <input type="radio" id="format-xliff" name="format" value="xliff" />
            <label htmlFor="format-xliff">XLIFF 2.1</label>
          </div>
        </fieldset>
        {context.subpageCount ? (
          <div className="admin-field admin-checkbox">
            <input type="checkbox" id="subpages" name="subpages" value="on" />
            <label htmlFor="subpages">
              {`Also its subpages translated into ${context.languageCode} (${context.subpageCount})`}
            </label>
          </div>
        ) : null}
        <div className="admin-field admin-checkbox">
          <input type="checkbox" id="all" name="all" value="on" />
          <label htmlFor="all">Every segment, translated ones too (for a review)</label>
        </div>
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button--primary">
            Download
          </button>
          <a className="admin-button admin-button--secondary" href={`${base(context.translationId)}/upload/`}>
            Upload a translated file
          </a>
        </div>
      </form>
    </>
  );
}

/** /wagtail/localize/translations/{id}/upload/: the translated file; a refused one lists its problems by line. */
export function TranslationUploadScreen(view: TranslationUploadView) {
  const id = 'translation-file';
  const help = `A PO or XLIFF 2.1 file downloaded from this translation (at most ${view.maxMegabytes} MB). Nothing is applied until you confirm the preview.`;
  const invalid = view.problems.length > 0;
  return (
    <>
      <Heading title={`Upload a translated file: ${view.page.title}`} context={view} />
      {invalid ? (
        <div className="admin-errors" role="alert" id={`${id}-errors`}>
          <p>The file was refused: nothing was applied.</p>
          <ul>
            {view.problems.map((problem, index) => (
              <li key={index}>{problem.line ? `Line ${problem.line}: ${problem.reason}` : problem.reason}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <form
        method="post"
        action={multipartAction(`${base(view.translationId)}/upload/`, view.csrfToken)}
        encType="multipart/form-data"
        className="admin-form"
      >
        <CsrfField token={view.csrfToken} />
        <div className={`admin-field${invalid ? ' admin-field--error' : ''}`}>
          <label htmlFor={id}>
            File<span aria-hidden="true"> *</span>
          </label>
          <input
            id={id}
            name="translation_file"
            type="file"
            required
            accept=".po,.xlf,.xliff,text/x-gettext-translation,application/xliff+xml"
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${id}-help ${id}-errors` : `${id}-help`}
          />
          <p className="admin-field__help" id={`${id}-help`}>
            {help}
          </p>
        </div>
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button--primary">
            Preview the changes
          </button>
        </div>
      </form>
    </>
  );
}

const KIND_LABELS = { new: 'New', changed: 'Changed', confirmed: 'Still right' } as const;

/** The preview: per segment the translation before and after; one button applies all of it. */
export function TranslationImportPreviewScreen(view: TranslationImportPreviewView) {
  const count = view.changes.length;
  return (
    <>
      <Heading title={`Preview of ${view.fileName}`} context={view} />
      <p role="status">
        {`${count} segment${count === 1 ? '' : 's'} will change; ${view.unchanged} ${view.unchanged === 1 ? 'entry changes' : 'entries change'} nothing. Nothing has been saved yet.`}
      </p>
      <form method="post" action={`${base(view.translationId)}/upload/apply/`} className="admin-actions">
        <CsrfField token={view.csrfToken} />
        <input type="hidden" name="token" value={view.token} />
        {count > 0 ? (
          <button type="submit" className="admin-button admin-button--primary">
            {`Apply ${count} change${count === 1 ? '' : 's'}`}
          </button>
        ) : null}
        <a className="admin-button admin-button--secondary" href={`${base(view.translationId)}/upload/`}>
          Choose another file
        </a>
      </form>
      {count ? (
        // Focusable: on a phone the table scrolls sideways, and keyboard users must reach it too.
        <div className="admin-table-scroll" tabIndex={0} role="region" aria-label={`Changes in ${view.fileName}`}>
          <table className="admin-table">
            <caption className="visually-hidden">{`Changes in ${view.fileName}`}</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Segment</th>
                <th scope="col">Source</th>
                <th scope="col">Translation now</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {view.changes.map((change) => (
                <tr key={`${change.line}-${change.label}`}>
                  <td>{change.line}</td>
                  <td>
                    {view.subpageCount ? <span className="admin-muted">{`${change.pageTitle} › `}</span> : null}
                    {change.label}
                  </td>
                  <td lang={view.source.languageCode}>{change.source}</td>
                  <td lang={view.languageCode}>
                    {change.before === null ? <span className="admin-muted">(to do)</span> : <del>{change.before}</del>}
                  </td>
                  <td lang={view.languageCode}>
                    <span className="admin-tag">{KIND_LABELS[change.kind]}</span> <ins>{change.after}</ins>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
