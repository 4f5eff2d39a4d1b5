import type { SnippetTranslateFormView, SnippetTranslationEditorView } from '../../shared/admin/translations';
import { CsrfField } from './CsrfField';
import { Errors, SegmentTable } from './TranslationScreens';

const NOTES: Record<string, string> = {
  existing: 'its current text becomes the translation',
  translated: 'already translated',
  no_home: 'the site has no home page in this language',
  forbidden: 'you may not translate into it',
};

/** /wagtail/localize/submit/snippet/{app}/{model}/{id}/: choose the languages to translate a header menu or footer into. */
export function SnippetTranslateScreen({
  snippet,
  locales,
  translations,
  chosen,
  errors,
  csrfToken,
}: SnippetTranslateFormView) {
  const choosable = locales.filter((locale) => locale.state === 'available' || locale.state === 'existing');
  return (
    <>
      <div className="admin-heading">
        <h1>{`Translate ${snippet.title}`}</h1>
        {snippet.editHref ? (
          <a className="admin-button admin-button--secondary" href={snippet.editHref}>
            Cancel
          </a>
        ) : null}
      </div>
      <Errors errors={errors} />
      {translations.length ? (
        <section aria-labelledby="snippet-translations-heading">
          <h2 id="snippet-translations-heading">Translations</h2>
          <ul>
            {translations.map((t) => (
              <li key={t.translationId}>
                <a href={`/wagtail/localize/snippet-translations/${t.translationId}/edit/`}>{t.languageCode}</a>
                {` — ${t.progress.translated} of ${t.progress.total} segments translated`}
                {t.progress.outOfDate ? `, ${t.progress.outOfDate} out of date` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        {`Each language you choose gets this ${snippet.name}'s links and text to translate, linked to this one. A language
        without a ${snippet.name} gets one at once, published, with text from the translation memory and the rest in the
        source language until translated; links to pages with a translation point at it.`}
      </p>
      <form
        method="post"
        action={`/wagtail/localize/submit/snippet/${snippet.app}/${snippet.model}/${snippet.id}/`}
        className="admin-form"
      >
        <CsrfField token={csrfToken} />
        <fieldset className="admin-field">
          <legend>Locales</legend>
          {locales.length === 0 ? <p className="admin-muted">There is no other locale.</p> : null}
          {locales.map((locale) => {
            const open = locale.state === 'available' || locale.state === 'existing';
            return (
              <div key={locale.id} className="admin-checkbox">
                <input
                  type="checkbox"
                  id={`locale-${locale.id}`}
                  name="locales"
                  value={String(locale.id)}
                  defaultChecked={chosen.includes(locale.id)}
                  disabled={!open}
                />
                <label htmlFor={`locale-${locale.id}`}>
                  {locale.languageCode}
                  {NOTES[locale.state] ? <span className="admin-muted">{` (${NOTES[locale.state]})`}</span> : null}
                </label>
              </div>
            );
          })}
        </fieldset>
        {choosable.length ? (
          <div className="admin-actions">
            <button type="submit" className="admin-button admin-button--primary">
              Translate
            </button>
          </div>
        ) : null}
      </form>
    </>
  );
}

/** /wagtail/localize/snippet-translations/{id}/edit/: a snippet's segments beside their translations. */
export function SnippetTranslationEditorScreen(view: SnippetTranslationEditorView) {
  const { translationId, title, source, target, languageCode, segments, progress, canPublish, errors, csrfToken } =
    view;
  return (
    <>
      <div className="admin-heading">
        <h1>{`Translate ${title}`}</h1>
        {target.editHref ? (
          <a className="admin-button admin-button--secondary" href={target.editHref}>
            Edit snippet
          </a>
        ) : null}
      </div>
      <p>
        {`${source.languageCode} → ${languageCode}, from `}
        {source.editHref ? <a href={source.editHref}>{source.title}</a> : source.title}
        {' · '}
        <a href={source.translateHref}>All translations</a>
      </p>
      <p className="translation-progress" aria-live="polite">
        <strong>{`${progress.translated} of ${progress.total} segments translated`}</strong>
        {progress.outOfDate ? `, ${progress.outOfDate} out of date` : ''}
      </p>
      <progress max={progress.total || 1} value={progress.translated} aria-label="Translation progress" />
      <Errors errors={errors} />
      <form
        method="post"
        action={`/wagtail/localize/snippet-translations/${translationId}/edit/`}
        className="admin-form"
      >
        <CsrfField token={csrfToken} />
        <input type="hidden" name="base_revision_id" value={view.latestRevisionId ?? ''} />
        <SegmentTable
          segments={segments}
          sourceLanguage={source.languageCode}
          languageCode={languageCode}
          caption="Segments of the snippet, the source beside its translation"
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
