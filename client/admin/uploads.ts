/**
 * The multiple upload screens (/wagtail/{images,documents,videos}/multiple/add/): files chosen or
 * dropped anywhere on the form (several at once) each get a row with a preview of the picture,
 * are sent on their own request with a progress bar, and once stored their title can be edited
 * in place. Without this script the form posts every file at once (progressive enhancement).
 */
// The image edit screen's focal point picker ships in this script too (one media script for the admin).
import './focal-point';

type Uploaded = { id: number; title: string; editUrl: string; detail: string; version: number };

/** The field errors of a redisplayed edit form, as one line. */
function errorsIn(html: string): string {
  const page = new DOMParser().parseFromString(html, 'text/html');
  return [...page.querySelectorAll('.admin-field__error')]
    .map((el) => el.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/** Image types a browser shows as they are (the library's accepted types); others get no preview. */
const PREVIEWABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif']);

/**
 * A small picture of a chosen image file, read locally before it is sent (the CSP allows blob:
 * images). The file's name follows it in the row, so the picture itself is decorative.
 */
function previewOf(file: File): HTMLImageElement | null {
  if (!PREVIEWABLE.has(file.type)) return null;
  const image = document.createElement('img');
  image.className = 'media-upload-list__preview';
  image.alt = '';
  image.width = 80;
  image.height = 60;
  const url = URL.createObjectURL(file);
  const release = () => URL.revokeObjectURL(url);
  image.addEventListener('load', release, { once: true });
  image.addEventListener(
    'error',
    () => {
      release();
      image.remove();
    },
    { once: true },
  );
  image.src = url;
  return image;
}

function setUp(form: HTMLFormElement): void {
  const area = form.dataset.mediaUpload!;
  const input = form.querySelector<HTMLInputElement>('input[type=file]')!;
  const list = document.querySelector<HTMLUListElement>('[data-media-upload-list]')!;
  const token = form.querySelector<HTMLInputElement>('input[name=csrfmiddlewaretoken]')!;
  const collection = form.querySelector<HTMLSelectElement>('select[name=collection]');

  const row = (file: File) => {
    const item = document.createElement('li');
    item.className = 'media-upload-list__item';
    const preview = previewOf(file);
    if (preview) item.append(preview);
    const name = document.createElement('span');
    name.className = 'media-upload-list__name';
    name.textContent = file.name;
    const progress = document.createElement('progress');
    progress.max = 100;
    progress.value = 0;
    progress.setAttribute('aria-label', `Uploading ${file.name}`);
    const status = document.createElement('span');
    status.className = 'media-upload-list__status';
    item.append(name, progress, status);
    list.append(item);
    return { item, progress, status };
  };

  /**
   * The form under a stored file: its title and, for an image, its alt text (the edit form needs
   * one unless the image is decorative). Posted to the edit screen as a save of the version the
   * upload made; each successful save moves to the next version.
   */
  const titleForm = (uploaded: Uploaded) => {
    const edit = document.createElement('form');
    edit.method = 'post';
    edit.action = uploaded.editUrl;
    edit.className = 'media-upload-list__title';
    const id = `title-${area}-${uploaded.id}`;
    const altFields =
      area === 'images'
        ? `<label for="${id}-alt">Alt text</label><input id="${id}-alt" name="default_alt_text">` +
          `<label class="media-upload-list__checkbox"><input type="checkbox" name="decorative"> Decorative image (no alt text)</label>`
        : '';
    edit.innerHTML =
      `<label for="${id}">Title</label><input id="${id}" name="title">${altFields}` +
      `<button type="submit" class="admin-button admin-button--secondary">Save</button> <a href="${uploaded.editUrl}">Edit</a>` +
      `<p class="media-upload-list__message" role="status"></p>`;
    edit.querySelector<HTMLInputElement>('input[name=title]')!.value = uploaded.title;
    const message = edit.querySelector<HTMLParagraphElement>('.media-upload-list__message')!;
    let version = uploaded.version;
    edit.addEventListener('submit', (event) => {
      event.preventDefault();
      const body = new URLSearchParams();
      body.set(token.name, token.value);
      body.set('title', edit.querySelector<HTMLInputElement>('input[name=title]')!.value);
      const alt = edit.querySelector<HTMLInputElement>('input[name=default_alt_text]');
      if (alt) body.set('default_alt_text', alt.value);
      if (edit.querySelector<HTMLInputElement>('input[name=decorative]')?.checked) body.set('decorative', 'on');
      body.set('collection', collection?.value ?? '');
      body.set('version', String(version));
      const button = edit.querySelector('button')!;
      button.textContent = 'Saving…';
      void fetch(uploaded.editUrl, {
        method: 'POST',
        body,
        headers: { Accept: 'text/html' },
        credentials: 'same-origin',
      }).then(
        async (res) => {
          // A save redirects to the list (followed: 200); a refused one redisplays the form with its errors.
          if (res.ok) {
            version += 1;
            button.textContent = 'Saved';
            message.textContent = '';
            return;
          }
          button.textContent = 'Save';
          message.textContent = errorsIn(await res.text()) || `Not saved (${res.status}). Open Edit to see why.`;
        },
        () => {
          message.textContent = 'Not saved: the connection was lost.';
        },
      );
    });
    return edit;
  };

  // The server caps each user's parallel uploads (MAX_PARALLEL_UPLOADS, 3): two at a time leave
  // one for a chooser in another tab; the rest wait their turn here, with their row shown.
  const PARALLEL = 2;
  const waiting: Array<() => void> = [];
  let running = 0;
  const startNext = () => {
    while (running < PARALLEL && waiting.length) {
      running += 1;
      waiting.shift()!();
    }
  };
  const finished = () => {
    running -= 1;
    startNext();
  };

  const send = (file: File, shown = row(file)) => {
    const { item, progress, status } = shown;
    const data = new FormData();
    data.set(token.name, token.value);
    data.set('title', '');
    if (collection) data.set('collection', collection.value);
    data.append('file', file);
    const request = new XMLHttpRequest();
    request.open('POST', form.action);
    request.setRequestHeader('Accept', 'application/json');
    // The server checks an upload's token before reading its body: it goes in the header.
    request.setRequestHeader('X-CSRFToken', token.value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) progress.value = Math.round((event.loaded / event.total) * 100);
    });
    request.addEventListener('load', () => {
      if (request.status === 429) {
        // Another tab is uploading too: try again once a slot is free.
        const wait = Number(request.getResponseHeader('Retry-After')) || 5;
        status.textContent = 'Waiting for other uploads to finish…';
        setTimeout(() => {
          waiting.unshift(() => send(file, shown));
          finished();
        }, wait * 1000);
        return;
      }
      finished();
      let body: { uploaded?: Uploaded[]; errors?: string[]; error?: { message?: string } } = {};
      try {
        body = JSON.parse(request.responseText) as typeof body;
      } catch {
        /* a proxy's HTML error page */
      }
      const done = request.status >= 200 && request.status < 300 && body.uploaded?.[0];
      progress.value = 100;
      if (done) {
        item.classList.add('media-upload-list__item--done');
        status.textContent = `Uploaded (${done.detail})`;
        item.append(titleForm(done));
      } else {
        item.classList.add('media-upload-list__item--error');
        status.textContent = body.error?.message ?? body.errors?.join(' ') ?? `The upload failed (${request.status}).`;
      }
    });
    request.addEventListener('error', () => {
      finished();
      item.classList.add('media-upload-list__item--error');
      status.textContent = 'The upload failed: the connection was lost.';
    });
    request.send(data);
  };

  const sendAll = (files: FileList | File[]) => {
    for (const file of Array.from(files)) {
      const shown = row(file);
      waiting.push(() => send(file, shown));
    }
    input.value = '';
    startNext();
  };

  form.addEventListener('submit', (event) => {
    if (!input.files || input.files.length === 0) return; // the server says what is missing
    event.preventDefault();
    sendAll(input.files);
  });
  input.addEventListener('change', () => {
    if (input.files && input.files.length > 0) sendAll(input.files);
  });
  // The drop zone is the whole form; with the script running, its hint says so.
  const hint = form.querySelector<HTMLElement>('[data-drop-hint]');
  if (hint) hint.hidden = false;
  form.addEventListener('dragover', (event) => {
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    form.classList.add('admin-form--drop');
  });
  form.addEventListener('dragleave', (event) => {
    // Moving over a child fires dragleave on the form too: only leaving the form counts.
    if (!(event.relatedTarget instanceof Node) || !form.contains(event.relatedTarget))
      form.classList.remove('admin-form--drop');
  });
  form.addEventListener('drop', (event) => {
    event.preventDefault();
    form.classList.remove('admin-form--drop');
    if (event.dataTransfer?.files.length) sendAll(event.dataTransfer.files);
  });
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-media-upload]')) setUp(form);
