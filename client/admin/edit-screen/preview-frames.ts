/**
 * Loads the unsaved form into the live preview without flicker or a jump: the form is posted, as
 * typed, to the existing preview route into the hidden one of two frames; once it has loaded, it
 * is scrolled to where the reader was in the shown frame and the two swap places.
 */
export type PreviewOutcome = 'updated' | 'invalid';

export class PreviewFrames {
  private front: HTMLIFrameElement;
  private back: HTMLIFrameElement;
  private pending = 0;

  constructor(
    frames: [HTMLIFrameElement, HTMLIFrameElement],
    private readonly form: HTMLFormElement,
    private readonly action: string,
    private readonly onLoaded: (outcome: PreviewOutcome) => void,
  ) {
    [this.front, this.back] = frames;
    for (const frame of frames) frame.addEventListener('load', () => this.loaded(frame));
  }

  /** Posts the form as it is now (every named field, the CSRF token included) into the hidden frame. */
  refresh(): void {
    const post = document.createElement('form');
    post.method = 'post';
    post.action = this.action;
    post.target = this.back.name;
    post.hidden = true;
    for (const [name, value] of new FormData(this.form)) {
      if (typeof value !== 'string') continue;
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      post.append(input);
    }
    this.pending++;
    document.body.append(post);
    // submit(), not requestSubmit(): no submit event, so autosave and the unsaved-edits question never see it.
    post.submit();
    post.remove();
  }

  private loaded(frame: HTMLIFrameElement): void {
    // The initial about:blank, or a load that a newer refresh replaced.
    if (frame !== this.back || this.pending === 0) return;
    this.pending = 0;
    const doc = frame.contentDocument;
    // The route answers a form it cannot render with the back office's error screen: keep the last good preview.
    if (!doc || doc.querySelector('body.admin')) return this.onLoaded('invalid');
    const scrollY = this.front.contentWindow?.scrollY ?? 0;
    // Instantly: the public pages scroll smoothly, which would show the swap mid-way.
    frame.contentWindow?.scrollTo({ top: scrollY, behavior: 'instant' });
    this.front.dataset.shown = 'false';
    frame.dataset.shown = 'true';
    this.front.tabIndex = -1;
    frame.removeAttribute('tabindex');
    [this.front, this.back] = [frame, this.front];
    this.onLoaded('updated');
  }

  /** The frame on show (its scroll position survives refreshes). */
  get shown(): HTMLIFrameElement {
    return this.front;
  }
}
