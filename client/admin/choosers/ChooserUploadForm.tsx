import { useId, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import type { ChooserDefinition, ChooserItem } from './types';

/**
 * Adding a new item from inside the chooser (Wagtail's chooser 'Upload' tab): a file, its title
 * and (images) alt text; once stored it is chosen at once. Not a <form>: the dialog is opened
 * from inside the page's edit form.
 */
export function ChooserUploadForm({
  upload,
  noun,
  filters,
  onUploaded,
}: {
  upload: NonNullable<ChooserDefinition['upload']>;
  noun: string;
  filters: Record<string, string>;
  onUploaded(item: ChooserItem): void;
}) {
  const id = useId();
  const file = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [altText, setAltText] = useState('');
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'sending' } | { kind: 'error'; message: string }>({
    kind: 'idle',
  });
  const send = () => {
    const chosen = file.current?.files?.[0];
    if (!chosen) {
      setState({ kind: 'error', message: 'Choose a file to upload.' });
      return;
    }
    setState({ kind: 'sending' });
    upload
      .send({ file: chosen, title, altText, filters }, new AbortController().signal)
      .then(onUploaded, (error: unknown) =>
        setState({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
      );
  };
  return (
    <details className="admin-chooser__upload">
      <summary>{`Upload a new ${noun}`}</summary>
      <div className="admin-field">
        <label htmlFor={`${id}-file`}>File</label>
        <input id={`${id}-file`} ref={file} type="file" accept={upload.accept} aria-describedby={`${id}-help`} />
        <p className="admin-field__help" id={`${id}-help`}>
          {upload.help}
        </p>
      </div>
      <div className="admin-field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input
          id={`${id}-title`}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          aria-describedby={`${id}-title-help`}
        />
        <p className="admin-field__help" id={`${id}-title-help`}>
          Empty: the file&apos;s name.
        </p>
      </div>
      {upload.altText ? (
        <div className="admin-field">
          <label htmlFor={`${id}-alt`}>Alt text</label>
          <input
            id={`${id}-alt`}
            value={altText}
            onChange={(event) => setAltText(event.target.value)}
            aria-describedby={`${id}-alt-help`}
          />
          <p className="admin-field__help" id={`${id}-alt-help`}>
            What the image shows, for people who cannot see it. Empty: a decorative image.
          </p>
        </div>
      ) : null}
      {state.kind === 'error' ? (
        <p className="admin-field__error" role="alert">
          {state.message}
        </p>
      ) : null}
      <Button className="admin-button admin-button--primary" isDisabled={state.kind === 'sending'} onPress={send}>
        {state.kind === 'sending' ? 'Uploading…' : `Upload and choose`}
      </Button>
    </details>
  );
}
