import { CsrfField, multipartAction } from '../CsrfField';
import {
  CheckboxField,
  FieldNotes,
  FlashMessage,
  FormErrorSummary,
  SelectField,
  TextAreaField,
  TextField,
  describedBy,
} from '../FormFields';
import { ListingTable } from '../ListingTable';

export type VideoTrackView = {
  id: number;
  label: string;
  language: string;
  kind: string;
  isDefault: boolean;
  src: string;
};

export type VideoTracksScreenProps = {
  video: { id: number; title: string; detail: string };
  tracks: VideoTrackView[];
  csrfToken: string;
  canChange: boolean;
  values: { label: string; language: string; kind: string; is_default: string; source: string };
  errors: Partial<Record<'label' | 'language' | 'kind' | 'source' | 'file', string>>;
  message?: string;
};

const KINDS = [
  { value: 'captions', label: 'Captions (speech and sounds)' },
  { value: 'subtitles', label: 'Subtitles (speech, translated)' },
];

/**
 * /wagtail/videos/{id}/tracks/: a video's caption tracks (WebVTT, one per language) with a form
 * to add one from a .vtt file or pasted text, and a delete button per track.
 */
export function VideoTracksScreen({
  video,
  tracks,
  csrfToken,
  canChange,
  values,
  errors,
  message,
}: VideoTracksScreenProps) {
  const fileId = 'id_file';
  const fileHelp = 'A .vtt file; or paste the text below instead.';
  return (
    <>
      <div className="admin-heading">
        <h1>{`Captions of ${video.title}`}</h1>
        <a className="admin-button admin-button--secondary" href={`/wagtail/videos/${video.id}/`}>
          Back to the video
        </a>
      </div>
      <FlashMessage message={message} />
      <p>{video.detail}</p>
      <ListingTable
        caption={`Caption tracks of ${video.title}`}
        rows={tracks}
        rowKey={(track) => track.id}
        empty="This video has no caption tracks yet."
        columns={[
          { header: 'Label', cell: (track) => <a href={track.src}>{track.label}</a> },
          { header: 'Language', cell: (track) => <code>{track.language}</code> },
          { header: 'Kind', cell: (track) => track.kind },
          { header: 'Default', cell: (track) => (track.isDefault ? 'Yes' : 'No') },
          {
            header: 'Actions',
            cell: (track) =>
              canChange ? (
                <form method="post" action={`/wagtail/videos/${video.id}/tracks/${track.id}/delete/`}>
                  <CsrfField token={csrfToken} />
                  <button type="submit" className="admin-button admin-button--secondary">
                    Delete<span className="visually-hidden">{` the ${track.label} track`}</span>
                  </button>
                </form>
              ) : null,
          },
        ]}
      />
      {canChange ? (
        <>
          <h2>Add a caption track</h2>
          <FormErrorSummary show={Object.keys(errors).length > 0} nonFieldErrors={[]}>
            The track could not be added.
          </FormErrorSummary>
          <form
            method="post"
            action={multipartAction(`/wagtail/videos/${video.id}/tracks/`, csrfToken)}
            encType="multipart/form-data"
            noValidate
            className="admin-form"
          >
            <CsrfField token={csrfToken} />
            <TextField
              name="label"
              label="Label"
              required
              value={values.label}
              error={errors.label}
              help="What the player's caption menu shows, e.g. English or Français."
            />
            <TextField
              name="language"
              label="Language code"
              required
              value={values.language}
              error={errors.language}
              help="A language tag such as en, fr or fr-CA."
            />
            <SelectField name="kind" label="Kind" value={values.kind} error={errors.kind} options={KINDS} />
            <CheckboxField name="is_default" label="Show this track by default" checked={values.is_default === 'on'} />
            <div className={`admin-field${errors.file ? ' admin-field--error' : ''}`}>
              <label htmlFor={fileId}>WebVTT file</label>
              <input
                id={fileId}
                name="file"
                type="file"
                accept=".vtt,text/vtt"
                aria-invalid={errors.file ? true : undefined}
                aria-describedby={describedBy(fileId, fileHelp, errors.file)}
              />
              <FieldNotes id={fileId} help={fileHelp} error={errors.file} />
            </div>
            <TextAreaField
              name="source"
              label="WebVTT text"
              rows={8}
              value={values.source}
              error={errors.source}
              help="Starts with the line WEBVTT, then cues such as “00:00:01.000 --> 00:00:03.000” and their text."
            />
            <div className="admin-actions">
              <button type="submit" className="admin-button admin-button--primary">
                Add track
              </button>
            </div>
          </form>
        </>
      ) : null}
    </>
  );
}
