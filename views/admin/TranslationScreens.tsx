import {
  SEGMENT_STATE_LABELS,
  type SegmentStateName,
  type SourceTranslationsView,
  type TranslateFormView,
  type TranslationEditorView,
  type TranslationSegmentView,
} from '../../shared/admin/translations';
import { CsrfField } from './CsrfField';

export function Errors({ errors }: { errors: string[] }) {
  if (!errors.length) return null;
  return (
    <div className="admin-errors" role="alert">
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}

const STATE_MODIFIER: Record<SegmentStateName, string> = {
  to_do: 'draft',
  translated: 'live',
  out_of_date: 'expired',
};

export function SegmentStateTag({ state }: { state: SegmentStateName }) {
  return <span className={`admin-status admin-status--${STATE_MODIFIER[state]}`}>{SEGMENT_STATE_LABELS[state]}</span>;
}

const UNAVAILABLE: Record<string, (parent: string) => string> = {
  translated: () => 'already translated',
  no_parent: (parent) => `translate '${parent}' first`,
  forbidden: () => 'you may not add pages there',
};

/** /wagtail/localize/submit/page/{id}/: choose the locales (and subpages) to translate a page into. */
export function TranslateScreen({ page, locales, chosen, subpages, errors, csrfToken }: TranslateFormView) {
  return (
    <>
      <div className="admin-heading">
        <h1>{`Translate ${page.title}`}</h1>
        <a className="admin-button admin-button--secondary" href={`/wagtail/pages/${page.id}/edit/`}>
          Cancel
        </a>
      </div>
      <Errors errors={errors} />
      <p>
        Each locale you choose gets a draft under the translated parent page, linked to this page. Text you translated
        before is filled in from the translation memory; the rest stays in the source language until translated.
      </p>
      <form method="post" action={`/wagtail/localize/submit/page/${page.id}/`} className="admin-form">
        <CsrfField token={csrfToken} />
        <fieldset className="admin-field">
          <legend>Locales</legend>
          {locales.length === 0 ? <p className="admin-muted">There is no other locale.</p> : null}
          {locales.map((locale) => (
            <div key={locale.id} className="admin-checkbox">
              <input
                type="checkbox"
                id={`locale-${locale.id}`}
                name="locales"
                value={String(locale.id)}
                defaultChecked={chosen.includes(locale.id)}
                disabled={locale.state !== 'available'}
              />
              <label htmlFor={`locale-${locale.id}`}>
                {locale.languageCode}
                {locale.state !== 'available' ? (
                  <span className="admin-muted">{` (${UNAVAILABLE[locale.state]!(locale.parentTitle ?? '')})`}</span>
                ) : null}
              </label>
            </div>
          ))}
        </fieldset>
        {page.hasChildren ? (
          <div className="admin-field admin-checkbox">
            <input type="checkbox" id="include_subtree" name="include_subtree" defaultChecked={subpages} />
            <label htmlFor="include_subtree">Also translate its subpages</label>
          </div>
        ) : null}
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button--primary">
            Translate
          </button>
        </div>
      </form>
    </>
  );
}

/** The segments of a page or snippet, each source beside its translation's field (the editor's form body). */
export function SegmentTable({
  segments,
  sourceLanguage,
  languageCode,
  caption,
}: {
  segments: TranslationSegmentView[];
  sourceLanguage: string;
  languageCode: string;
  caption: string;
}) {
  return (
    <table className="admin-table translation-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{`Source (${sourceLanguage})`}</th>
          <th scope="col">{`Translation (${languageCode})`}</th>
        </tr>
      </thead>
      <tbody>
        {segments.map((segment, index) => {
          const inputId = `segment-${index}`;
          const errorId = `${inputId}-error`;
          return (
            <tr key={segment.id} data-segment-id={segment.id} className={`translation-row--${segment.state}`}>
              <td>
                <p className="admin-muted translation-label">{segment.label}</p>
                {segment.state === 'out_of_date' && segment.oldSource !== undefined ? (
                  <>
                    <p>
                      <span className="admin-muted">Was: </span>
                      <del>{segment.oldSource}</del>
                    </p>
                    <p>
                      <span className="admin-muted">Now: </span>
                      <ins>{segment.source}</ins>
                    </p>
                  </>
                ) : (
                  <p lang={sourceLanguage}>{segment.source}</p>
                )}
                {segment.placeholderHints.length ? (
                  <p className="admin-muted translation-hints">{segment.placeholderHints.join('; ')}</p>
                ) : null}
              </td>
              <td className={segment.error ? 'admin-field admin-field--error' : 'admin-field'}>
                <label htmlFor={inputId}>
                  {`${segment.label} (${languageCode}) `}
                  <SegmentStateTag state={segment.state} />
                </label>
                <textarea
                  id={inputId}
                  name={`segment:${segment.id}`}
                  lang={languageCode}
                  rows={segment.kind === 'rich_text' || segment.source.length > 80 ? 3 : 1}
                  defaultValue={segment.target}
                  aria-invalid={segment.error ? true : undefined}
                  aria-describedby={segment.error ? errorId : undefined}
                />
                {segment.suggested ? (
                  <p className="admin-muted translation-hints">From the translation memory: check it, then save.</p>
                ) : null}
                {segment.error ? (
                  <p className="admin-field__error" id={errorId}>
                    {segment.error}
                  </p>
                ) : null}
                {segment.state === 'out_of_date' ? (
                  <div className="admin-checkbox">
                    <input type="checkbox" id={`${inputId}-confirm`} name={`confirm:${segment.id}`} />
                    <label htmlFor={`${inputId}-confirm`}>The translation is still right</label>
                  </div>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** /wagtail/localize/translations/{id}/edit/: the source's segments beside their translations. */
export function TranslationEditorScreen(view: TranslationEditorView) {
  const { translationId, page, source, languageCode, segments, progress, canPublish, errors, csrfToken } = view;
  return (
    <>
      <div className="admin-heading">
        <h1>{`Translate ${page.title}`}</h1>
        <a className="admin-button admin-button--secondary" href={`/wagtail/pages/${page.id}/edit/`}>
          Edit page
        </a>
      </div>
      <p className="admin-actions">
        <a href={`/wagtail/localize/translations/${translationId}/download/`}>Download for an agency (PO, XLIFF)</a>
        <a href={`/wagtail/localize/translations/${translationId}/upload/`}>Upload a translated file</a>
      </p>
      <p>
        {`${source.languageCode} → ${languageCode}, from `}
        <a href={`/wagtail/pages/${source.id}/edit/`}>{source.title}</a>
        {page.live ? ' (live)' : ' (draft)'}
      </p>
      <p className="translation-progress" aria-live="polite">
        <strong>{`${progress.translated} of ${progress.total} segments translated`}</strong>
        {progress.outOfDate ? `, ${progress.outOfDate} out of date` : ''}
      </p>
      <progress max={progress.total || 1} value={progress.translated} aria-label="Translation progress" />
      <Errors errors={errors} />
      <form method="post" action={`/wagtail/localize/translations/${translationId}/edit/`} className="admin-form">
        <CsrfField token={csrfToken} />
        <input type="hidden" name="base_revision_id" value={page.latestRevisionId ?? ''} />
        <SegmentTable
          segments={segments}
          sourceLanguage={source.languageCode}
          languageCode={languageCode}
          caption="Segments of the page, the source beside its translation"
        />
        <div className="admin-actions">
          <button type="submit" name="action" value="save" className="admin-button admin-button--secondary">
            Save draft
          </button>
          {canPublish ? (
            <button type="submit" name="action" value="publish" className="admin-button admin-button--primary">
              Publish
            </button>
          ) : null}
        </div>
      </form>
    </>
  );
}

/** The source's edit screen: its translations, their progress and what the next publish makes stale. */
export function SourceTranslationsPanel({
  pageId,
  translations,
}: {
  pageId: number;
  translations: SourceTranslationsView;
}) {
  return (
    <section className="admin-panel" aria-labelledby="translations-heading">
      <h2 id="translations-heading">Translations</h2>
      {translations.length ? (
        <ul className="admin-list">
          {translations.map((t) => (
            <li key={t.translationId}>
              <a href={`/wagtail/localize/translations/${t.translationId}/edit/`}>{`${t.languageCode}: ${t.title}`}</a>
              {` — ${t.progress.translated} of ${t.progress.total} translated`}
              {t.progress.outOfDate ? `, ${t.progress.outOfDate} out of date` : ''}
              {t.live ? ' (live)' : ' (draft)'}
              {t.staleOnPublish ? (
                <strong>{` Publishing this draft makes ${t.staleOnPublish} translated segment${t.staleOnPublish > 1 ? 's' : ''} out of date.`}</strong>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-muted">No translations yet.</p>
      )}
      <a className="admin-button admin-button--secondary" href={`/wagtail/localize/submit/page/${pageId}/`}>
        Translate
      </a>
    </section>
  );
}
