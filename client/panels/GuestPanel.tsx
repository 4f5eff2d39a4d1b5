import { useEffect, useState, type FormEvent } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import type { Location } from '../../shared/schemas/locations';
import type {
  Availability,
  FormState,
  ReservationView,
  WaitlistEntryView,
  WaitlistState,
} from '../../shared/schemas/waitlist';
import { captchaViewFor } from '../../shared/forms/captcha-view';
import { JoinForm } from '../../views/components/waitlist/JoinForm';
import { ReservationForm } from '../../views/components/waitlist/ReservationForm';
import { useLocalePrefix, usePageContext, useT } from '../../views/page-context';

export type PanelKind = 'waitlist' | 'reservation';

const emptyForm = (): FormState => ({ values: {}, fieldErrors: {}, nonFieldErrors: [] });

type ApiError = { error?: { message?: string; fields?: Record<string, string[]> } };

/** An API error as the form's errors: the first message of each field, or the message. */
function errorsOf(body: ApiError, values: Record<string, string>): FormState {
  const fields = body.error?.fields ?? {};
  const fieldErrors = Object.fromEntries(
    Object.entries(fields).map(([key, messages]) => [key, messages[0] ?? '']),
  ) as Record<string, string>;
  return { values, fieldErrors, nonFieldErrors: Object.keys(fieldErrors).length ? [] : [body.error?.message ?? ''] };
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`${res.status}`);
  return (await res.json()) as T;
}

const formValues = (form: HTMLFormElement) =>
  Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)]));

/** A random Idempotency-Key for one panel's submit (and its retries). */
const newKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The session's CSRF token. Fetching it also gives the browser its session cookie, the client
 * that the panel's Idempotency-Key belongs to, so it is fetched when the panel opens.
 */
function useCsrfToken(): string | null | 'error' {
  const [token, setToken] = useState<string | null | 'error'>(null);
  useEffect(() => {
    getJson<{ csrf_token: string }>('/api-nc/csrftoken/').then(
      (body) => setToken(body.csrf_token),
      () => setToken('error'),
    );
  }, []);
  return token;
}

/** POSTs the form as JSON with the token and the key; the captcha's answer is one of its fields. */
function postJson(url: string, body: Record<string, string>, token: string, key: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-CSRFToken': token,
      'Idempotency-Key': key,
    },
    body: JSON.stringify(body),
  });
}

/** The captcha widget, served by this site (a panel opens on any page, whatever its own scripts). */
function usePanelCaptcha() {
  const { languageCode } = usePageContext();
  return captchaViewFor('', languageCode);
}

/**
 * The guest panels: a react-aria modal dialog (focus kept inside, Escape or the close button
 * closes it, focus goes back to the opener), holding the same forms as the server-rendered pages.
 */
export function GuestPanel({ kind, rlid, onClose }: { kind: PanelKind; rlid: number; onClose: () => void }) {
  const t = useT();
  return (
    <ModalOverlay className="guest-panel-overlay" isDismissable isOpen onOpenChange={(isOpen) => !isOpen && onClose()}>
      <Modal className="guest-panel">
        <Dialog className="guest-panel__dialog">
          <div className="guest-panel__header">
            <Heading slot="title">{kind === 'waitlist' ? t('Join the wait list') : t('Reserve a Table')}</Heading>
            <Button className="guest-panel__close" onPress={onClose}>
              {t('Close')}
            </Button>
          </div>
          {kind === 'waitlist' ? <WaitlistBody rlid={rlid} /> : <ReservationBody rlid={rlid} />}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function WaitlistBody({ rlid }: { rlid: number }) {
  const t = useT();
  const prefix = useLocalePrefix();
  const captcha = usePanelCaptcha();
  const token = useCsrfToken();
  const [state, setState] = useState<WaitlistState | null | 'error'>(null);
  const [form, setForm] = useState(emptyForm);
  const [busy, setBusy] = useState(false);
  // Each failed send draws the form (and its captcha) anew: a captcha answer is spent once.
  const [attempt, setAttempt] = useState(0);
  const [entry, setEntry] = useState<WaitlistEntryView | null>(null);
  const [idempotencyKey] = useState(newKey);
  useEffect(() => {
    getJson<WaitlistState>(`/api/location/getwaitlist/?rlid=${rlid}`).then(setState, () => setState('error'));
  }, [rlid]);
  if (state === 'error' || token === 'error') return <p role="alert">{t('Something went wrong. Please try again.')}</p>;
  if (!state || !token) return <p role="status">{t('Loading…')}</p>;
  if (entry) {
    return (
      <div className="guest-panel__done" role="status">
        <p>{t('You are number {position} in line.', { values: { position: entry.position ?? 1 } })}</p>
        <p>
          <a className="button button--primary" href={`${prefix}${entry.links.page}`}>
            {t('Follow your place in line')}
          </a>
        </p>
      </div>
    );
  }
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    setBusy(true);
    try {
      const body = Object.fromEntries(Object.entries({ ...values, rlid: String(rlid) }).filter(([, v]) => v !== ''));
      const res = await postJson('/api/waitlist/', body, token, idempotencyKey);
      const json = (await res.json()) as WaitlistEntryView & ApiError;
      if (res.ok) setEntry(json);
      else setForm(errorsOf(json, values));
    } catch {
      setForm({ values, fieldErrors: {}, nonFieldErrors: [t('Something went wrong. Please try again.')] });
    } finally {
      setBusy(false);
      setAttempt((n) => n + 1);
    }
  };
  return (
    <JoinForm
      key={attempt}
      state={state}
      form={form}
      idPrefix="panel-join"
      captcha={captcha}
      onSubmit={submit}
      busy={busy}
    />
  );
}

function ReservationBody({ rlid }: { rlid: number }) {
  const t = useT();
  const prefix = useLocalePrefix();
  const [location, setLocation] = useState<Location | null | 'error'>(null);
  const [availability, setAvailability] = useState<Availability | null>(null);
  const [form, setForm] = useState(emptyForm);
  const [busy, setBusy] = useState(false);
  const [booked, setBooked] = useState<ReservationView | null>(null);
  const [idempotencyKey] = useState(newKey);
  const captcha = usePanelCaptcha();
  const token = useCsrfToken();
  const [attempt, setAttempt] = useState(0);

  /** Without a date the server picks the first date with a time left to book. */
  const load = (date: string | null, partySize: string) =>
    fetch(
      `/api/reservations/availability/?rlid=${rlid}${date === null ? '' : `&date=${encodeURIComponent(date)}`}&partySize=${encodeURIComponent(partySize)}`,
      { headers: { Accept: 'application/json' } },
    )
      .then(async (res) => {
        const json = (await res.json()) as Availability & ApiError;
        if (res.ok) {
          setAvailability(json);
          setForm((f) => ({ ...f, values: { ...f.values, date: json.date, partySize }, fieldErrors: {} }));
        } else setForm((f) => ({ ...errorsOf(json, { ...f.values, date: date ?? '', partySize }) }));
      })
      .catch(() => setForm((f) => ({ ...f, nonFieldErrors: [t('Something went wrong. Please try again.')] })));

  useEffect(() => {
    getJson<Location>(`/api/location/getlocation?rlid=${rlid}`).then(
      (found) => {
        setLocation(found);
        void load(null, '2');
      },
      () => setLocation('error'),
    );
    // Loaded once per panel.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rlid]);

  if (location === 'error' || token === 'error')
    return <p role="alert">{t('Something went wrong. Please try again.')}</p>;
  if (!location || !availability || !token) return <p role="status">{t('Loading…')}</p>;
  if (booked) {
    return (
      <div className="guest-panel__done" role="status">
        <p>{t('Your table is booked for {time}.', { values: { time: `${booked.date} ${booked.timeLabel}` } })}</p>
        <p>
          <a className="button button--primary" href={`${prefix}${booked.links.page}`}>
            {t('View, change or cancel')}
          </a>
        </p>
      </div>
    );
  }
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    setBusy(true);
    try {
      const { idempotencyKey: _key, ...fields } = values;
      const body = Object.fromEntries(Object.entries({ ...fields, rlid: String(rlid) }).filter(([, v]) => v !== ''));
      const res = await postJson('/api/reservations/', body, token, idempotencyKey);
      const json = (await res.json()) as ReservationView & ApiError;
      if (res.ok) setBooked(json);
      else setForm(errorsOf(json, values));
    } catch {
      setForm({ values, fieldErrors: {}, nonFieldErrors: [t('Something went wrong. Please try again.')] });
    } finally {
      setBusy(false);
      setAttempt((n) => n + 1);
    }
  };
  return (
    <div>
      <p className="guest-form__restaurant">
        <strong>
          {location.city}, {location.state}
        </strong>
        <br />
        {location.address1}
      </p>
      <ReservationForm
        key={attempt}
        rlid={rlid}
        maxPartySize={location.waitListMaxPartySize ?? 10}
        availability={availability}
        form={form}
        idempotencyKey={idempotencyKey}
        idPrefix="panel-book"
        captcha={captcha}
        onDateChange={(date, partySize) => void load(date, partySize)}
        onSubmit={submit}
        busy={busy}
      />
    </div>
  );
}
