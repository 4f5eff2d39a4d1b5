import type { AutosaveResponse, OtherSession, PingResponse } from '../../../shared/schemas/editing-sessions';
import { currentCsrfToken, formFields, replaceCsrfTokens } from './form-data';
import { dropCopies, keepCopy, type Restored } from './kept-copy';

export type AutosaveStatus =
  | { kind: 'none' }
  | { kind: 'saved'; at: Date }
  | { kind: 'stale' }
  | { kind: 'expired' }
  | { kind: 'signed-in-again' }
  | { kind: 'locked'; message: string }
  | { kind: 'error'; message: string };

export type EditingState = {
  others: OtherSession[];
  /** The page's latest revision, from the last ping (or a refused autosave). */
  latestRevisionId: number | null;
  latestRevisionUser: string | null;
  /** The revision this form is based on (the hidden base_revision_id). */
  baseRevisionId: number | null;
  autosave: AutosaveStatus;
  restored: Restored;
  /** Set while the overwrite question is open: the button that was pressed. */
  confirming: HTMLButtonElement | HTMLInputElement | null;
};

type Options = {
  mount: HTMLElement;
  form: HTMLFormElement;
  baseInput: HTMLInputElement;
  pageId: number;
  restored: Restored;
};

const readBase = (input: HTMLInputElement) => (/^\d+$/.test(input.value) ? Number(input.value) : null);
const newer = (revision: number | null, base: number | null) => revision !== null && (base === null || revision > base);

function newSessionKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The open editor's side of editing sessions and autosave, without React: pings every 10 s (and
 * at once), saves a draft a moment after typing stops, keeps the input when the session has
 * expired, and asks before a manual save goes over a newer version. The panel renders `state`.
 */
export class EditingSessionController {
  readonly sessionKey = newSessionKey();
  state: EditingState;
  private listeners = new Set<() => void>();
  private token: string;
  /** The form as last saved (null: unsaved changes restored from a kept copy). */
  private savedFields: string | null;
  private active = true;
  private signedOut = false;
  private stopped = false;
  private pingTimer: number | undefined;
  private autosaveTimer: number | undefined;
  private saving: Promise<void> | null = null;
  /** A manual submit is on its way: autosave stands aside. */
  private submitting = false;
  /** The user chose to overwrite: the next submit goes through. */
  private overwriteChosen = false;
  private readonly cleanups: Array<() => void> = [];

  constructor(private readonly options: Options) {
    this.token = currentCsrfToken(options.form);
    this.savedFields = options.restored?.kind === 'restored' ? null : JSON.stringify(formFields(options.form));
    this.state = {
      others: [],
      latestRevisionId: null,
      latestRevisionUser: null,
      baseRevisionId: readBase(options.baseInput),
      autosave: { kind: 'none' },
      restored: options.restored,
      confirming: null,
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getState = () => this.state;

  private set(patch: Partial<EditingState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private dataset(name: 'pingInterval' | 'autosaveDelay', fallback: number): number {
    const value = Number(this.options.mount.dataset[name]);
    return Number.isFinite(value) && value > 0 ? value : fallback;
  }
  private get url() {
    const d = this.options.mount.dataset;
    return {
      ping: `${d.pingUrl ?? ''}${this.sessionKey}/`,
      release: `${d.releaseUrl ?? ''}${this.sessionKey}/`,
      autosave: d.autosaveUrl ?? '',
      token: d.tokenUrl ?? '',
    };
  }
  private get dirty() {
    return JSON.stringify(formFields(this.options.form)) !== this.savedFields;
  }

  start(): void {
    const { form } = this.options;
    const on = (
      target: Document | Window | HTMLFormElement,
      type: string,
      handler: (event: Event) => void,
      capture = false,
    ) => {
      target.addEventListener(type, handler, capture);
      this.cleanups.push(() => target.removeEventListener(type, handler, capture));
    };
    const activity = () => {
      this.active = true;
    };
    for (const type of ['keydown', 'pointerdown', 'input', 'wheel']) on(document, type, activity, true);
    // Fields, and the block editor (it dispatches 'input' on its JSON textarea after each change).
    on(form, 'input', () => this.changed());
    on(form, 'change', () => this.changed());
    on(form, 'submit', (event) => this.onSubmit(event as SubmitEvent));
    // Leaving with edits autosave has not stored yet asks first (a save on its way leaves on purpose).
    on(window, 'beforeunload', (event) => {
      if (this.submitting || !this.dirty) return;
      event.preventDefault();
      // Older browsers show the question only when a return value is set.
      (event as BeforeUnloadEvent).returnValue = '';
    });
    on(window, 'pagehide', () => this.release());
    on(window, 'pageshow', (event) => {
      if ((event as PageTransitionEvent).persisted) void this.tick();
    });
    if (this.options.restored?.kind === 'restored') this.scheduleAutosave();
    void this.tick();
  }

  stop(): void {
    this.stopped = true;
    window.clearTimeout(this.pingTimer);
    window.clearTimeout(this.autosaveTimer);
    for (const cleanup of this.cleanups.splice(0)) cleanup();
  }

  // ---- pings -------------------------------------------------------------------------------

  private async tick(): Promise<void> {
    window.clearTimeout(this.pingTimer);
    if (this.stopped) return;
    try {
      if (this.signedOut) await this.checkSignedIn();
      else await this.ping();
    } finally {
      // Read each time, so a test may shorten it after the page has loaded.
      if (!this.stopped)
        this.pingTimer = window.setTimeout(() => void this.tick(), this.dataset('pingInterval', 10_000));
    }
  }

  private async ping(): Promise<void> {
    const body = { is_editing: this.dirty, revision_id: readBase(this.options.baseInput), active: this.active };
    this.active = false;
    const res = await this.post(this.url.ping, body);
    if (!res) return;
    if (res.ok) {
      const data = (await res.json()) as PingResponse;
      this.set({
        others: data.other_sessions,
        latestRevisionId: data.latest_revision_id,
        latestRevisionUser: data.latest_revision_user?.name ?? null,
      });
      return;
    }
    await this.refused(res);
  }

  private release(): void {
    if (this.signedOut) return;
    // sendBeacon cannot set headers: the CSRF token goes as the form field.
    navigator.sendBeacon(this.url.release, new URLSearchParams({ csrfmiddlewaretoken: this.token }));
  }

  private post(url: string, body: unknown): Promise<Response | null> {
    return fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRFToken': this.token },
      body: JSON.stringify(body),
    }).catch(() => null); // Offline for a moment: the next ping or keystroke tries again.
  }

  /**
   * 401, or 403 for the CSRF token: the session may have ended (expired, or signed out in another
   * tab). Asks for the session's token: a token means signed in (again) and the request is worth
   * repeating; 401 means signed out: keep everything and ask the user to sign in elsewhere.
   */
  private async refused(res: Response): Promise<'retry' | 'signed-out' | 'other'> {
    if (res.status !== 401 && res.status !== 403) return 'other';
    if (res.status === 403) {
      const code = ((await res.json().catch(() => null)) as { error?: { code?: string } } | null)?.error?.code;
      if (code !== 'csrf_failed') return 'other';
    }
    return (await this.checkSignedIn()) ? 'retry' : 'signed-out';
  }

  private async checkSignedIn(): Promise<boolean> {
    const res = await fetch(this.url.token, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    }).catch(() => null);
    if (res?.ok) {
      const { csrf_token: token } = (await res.json()) as { csrf_token: string };
      this.token = token;
      replaceCsrfTokens(token);
      if (this.signedOut) {
        this.signedOut = false;
        this.set({ autosave: { kind: 'signed-in-again' } });
        if (this.dirty) this.scheduleAutosave(0);
      }
      return true;
    }
    if (res && (res.status === 401 || res.status === 403)) {
      this.signedOut = true;
      keepCopy(this.options.pageId, this.sessionKey, readBase(this.options.baseInput), this.options.form);
      this.set({ autosave: { kind: 'expired' } });
    }
    return false;
  }

  // ---- autosave ----------------------------------------------------------------------------

  private changed(): void {
    if (this.signedOut)
      keepCopy(this.options.pageId, this.sessionKey, readBase(this.options.baseInput), this.options.form);
    this.scheduleAutosave();
  }

  private scheduleAutosave(delay = this.dataset('autosaveDelay', 2000)): void {
    window.clearTimeout(this.autosaveTimer);
    this.autosaveTimer = window.setTimeout(() => void this.autosave(), delay);
  }

  /** Autosave pauses while a manual submit is on its way, after a refusal to overwrite, and while signed out. */
  private get autosavePaused() {
    return this.submitting || this.signedOut || this.state.autosave.kind === 'stale';
  }

  private autosave(): Promise<void> {
    if (this.saving) {
      // One at a time: typing during a save saves again afterwards.
      return this.saving.then(() => this.scheduleAutosave());
    }
    if (this.autosavePaused || !this.dirty) return Promise.resolve();
    this.saving = this.saveOnce().finally(() => {
      this.saving = null;
    });
    return this.saving;
  }

  private async saveOnce(): Promise<void> {
    const { form, baseInput, pageId } = this.options;
    const fields = formFields(form);
    const res = await this.post(this.url.autosave, { ...fields, base_revision_id: baseInput.value });
    if (!res)
      return this.set({
        autosave: {
          kind: 'error',
          message: 'Not saved automatically: the server could not be reached. Your changes are kept here.',
        },
      });
    if (res.ok) {
      const data = (await res.json()) as AutosaveResponse;
      baseInput.value = String(data.revision_id);
      this.savedFields = JSON.stringify(fields);
      dropCopies(pageId);
      this.set({
        baseRevisionId: data.revision_id,
        latestRevisionId: Math.max(data.revision_id, this.state.latestRevisionId ?? 0),
        autosave: { kind: 'saved', at: new Date(data.saved_at) },
      });
      void this.tick(); // Others see the new version at once.
      return;
    }
    const error = (
      (await res
        .clone()
        .json()
        .catch(() => null)) as { error?: { message?: string; fields?: Record<string, string[]> } } | null
    )?.error;
    if (res.status === 409) {
      this.set({ autosave: { kind: 'stale' } });
      return void this.tick(); // Learn who saved it, for the panel and the question.
    }
    if (res.status === 423)
      return this.set({ autosave: { kind: 'locked', message: error?.message ?? 'This page is locked.' } });
    const outcome = await this.refused(res);
    if (outcome === 'retry') return this.scheduleAutosave(0);
    if (outcome === 'signed-out') return;
    const first = Object.values(error?.fields ?? {})[0]?.[0];
    this.set({
      autosave: {
        kind: 'error',
        message: `Not saved automatically: ${first ?? error?.message ?? 'the server refused the draft.'} Your changes are kept here.`,
      },
    });
  }

  // ---- manual submit -----------------------------------------------------------------------

  private onSubmit(event: SubmitEvent): void {
    const submitter = event.submitter as HTMLButtonElement | HTMLInputElement | null;
    // Preview opens a new tab and saves nothing; the no-JavaScript overwrite button is a choice already.
    if (submitter?.formTarget === '_blank' || submitter?.name === 'overwrite') return this.submitted(submitter);
    if (this.signedOut) {
      event.preventDefault();
      this.set({ autosave: { kind: 'expired' } });
      return;
    }
    const form = this.options.form;
    if (this.saving) {
      // An autosave is on its way: wait for it (it moves the base revision), then submit.
      event.preventDefault();
      void this.saving.then(() => form.requestSubmit(submitter ?? undefined));
      return;
    }
    const newerExists =
      newer(this.state.latestRevisionId, readBase(this.options.baseInput)) || this.state.autosave.kind === 'stale';
    if (!this.overwriteChosen && newerExists) {
      event.preventDefault();
      this.set({ confirming: submitter ?? form.querySelector<HTMLButtonElement>('button[type="submit"]') ?? null });
      return;
    }
    this.submitted(submitter);
  }

  private submitted(submitter: HTMLButtonElement | HTMLInputElement | null): void {
    if (submitter?.formTarget === '_blank') return;
    this.submitting = true;
    window.clearTimeout(this.autosaveTimer);
    dropCopies(this.options.pageId);
  }

  /** The answer to 'Someone saved a newer version': overwrite (submit with the flag) or keep editing. */
  answerOverwrite(overwrite: boolean): void {
    const submitter = this.state.confirming;
    this.set({ confirming: null });
    if (!overwrite || !submitter) return;
    const { form } = this.options;
    let flag = form.querySelector<HTMLInputElement>('input[name="overwrite"][type="hidden"]');
    if (!flag) {
      flag = document.createElement('input');
      flag.type = 'hidden';
      flag.name = 'overwrite';
      form.append(flag);
    }
    flag.value = '1';
    this.overwriteChosen = true;
    form.requestSubmit(submitter);
  }
}
