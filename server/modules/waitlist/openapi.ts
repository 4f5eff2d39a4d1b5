import * as z from 'zod';
import {
  apiErrorSchema,
  availabilitySchema,
  bookingRequestSchema,
  entryActionSchema,
  joinRequestSchema,
  reservationActionSchema,
  reservationSchema,
  waitEstimateSchema,
  waitlistEntrySchema,
  waitlistStateSchema,
} from '../../../shared/schemas/waitlist';

/**
 * The OpenAPI 3.1 description of the wait-list and reservation API, served at /api/openapi.json.
 * Its schemas are generated from the same zod schemas the routes parse with, so the document
 * cannot drift from the code.
 */
const request = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });
const response = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' });

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string) => ({ 'application/json': { schema: ref(name) } });
const ok = (name: string, description: string) => ({ description, content: json(name) });
const error = (description: string) => ({ description, content: json('Error') });
const query = (name: string, description: string, required: boolean, schema: Record<string, unknown>) => ({
  name,
  in: 'query',
  required,
  description,
  schema,
});
const idParam = (what: string) => ({
  name: 'id',
  in: 'path',
  required: true,
  description: `The ${what} id (32 characters, unguessable)`,
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{32}$' },
});
const rlid = query('rlid', 'The restaurant (location id)', true, { type: 'string', pattern: '^\\d{1,9}$' });
const partySize = query('partySize', 'Guests in the party (default 2)', false, {
  type: 'string',
  pattern: '^\\d{1,9}$',
});

/** The Idempotency-Key header of joins and bookings (draft-ietf-httpapi-idempotency-key-header). */
const idempotencyKey = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe. 8 to 64 letters, digits, - or _ (a UUID fits), bare or as a quoted sf-string. The key belongs to the client that sent it: its session cookie (GET /api-nc/csrftoken/ sets one; without it a key is refused with 400 idempotency_client_unknown). Bound to the request: method, path and body (captcha and key left out). The same request again answers the stored first answer (same status and body, header Idempotent-Replayed: true); the same key with another request answers 422; while the first is still running, 409. A refused request (4xx) stores nothing, so it can be corrected and sent with the same key. Stored answers are kept 24 hours.',
  schema: { type: 'string', pattern: '^"?[A-Za-z0-9_-]{8,64}"?$' },
};
const guestRules =
  "A guest's request carries `captcha`: the answer of the ALTCHA proof-of-work widget (challenge from GET /api/forms/captcha/, each answer accepted once). At most 3 joins per phone or e-mail address per restaurant and day, and 3 bookings per phone or e-mail address per restaurant and date (429 contact_limit).";

let cached: Record<string, unknown> | undefined;

export function openApiDocument(): Record<string, unknown> {
  cached ??= {
    openapi: '3.1.0',
    info: {
      title: 'Harborline Seafood wait list and reservations',
      version: '1.0.0',
      description:
        'Anonymous API. A plan-ahead entry id or a reservation id is the guest\'s key to it. Errors are {"error":{"code","message","fields"}}. Joins and bookings carry a proof-of-work captcha, are rate limited per address and per phone, and limited per contact and day (429). Cross-site requests are refused (403 csrf_failed): a JSON body (Content-Type: application/json) with no Origin or this site\'s Origin; a form-encoded body also needs the session\'s CSRF token (csrfmiddlewaretoken field or X-CSRFToken header, from GET /api-nc/csrftoken/).',
    },
    paths: {
      '/api/location/getwaitlist/': {
        get: {
          summary: "A restaurant's wait-list state",
          parameters: [rlid],
          responses: {
            200: ok('WaitlistState', 'Ready, open now, paused, estimate, max party size'),
            400: error('Bad query'),
            404: error('Unknown rlid'),
          },
        },
      },
      '/api/waitlist/estimate/': {
        get: {
          summary: 'The live wait estimate for a party size',
          description:
            'Computed from the open queue, the table mix and turn times (recent seatings included). Closed, paused or outside-hours restaurants answer available: false with a reason.',
          parameters: [rlid, partySize],
          responses: {
            200: ok('WaitEstimate', 'The estimate'),
            400: error('Bad query or party too large'),
            404: error('Unknown rlid'),
          },
        },
      },
      '/api/waitlist/': {
        post: {
          summary: 'Join the wait list',
          description: guestRules,
          parameters: [idempotencyKey],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: ref('JoinRequest') },
              'application/x-www-form-urlencoded': { schema: ref('JoinRequest') },
            },
          },
          responses: {
            201: ok(
              'WaitlistEntry',
              'The plan-ahead entry (Location header: its URL), or the stored first answer of a retry (Idempotent-Replayed: true)',
            ),
            400: error(
              'Invalid field (party size, phone, e-mail, name, captcha), or a bad or unscoped Idempotency-Key',
            ),
            403: error('Cross-site request (csrf_failed)'),
            404: error('Unknown rlid'),
            409: error(
              'Closed, paused, outside hours, this phone is already in line, or the first request with this Idempotency-Key is still running',
            ),
            422: error('This Idempotency-Key was used for another request (idempotency_key_reused)'),
            429: error('Too many attempts, or this contact reached its joins for the day (contact_limit)'),
          },
        },
      },
      '/api/waitlist/{id}/': {
        get: {
          summary: 'A plan-ahead entry',
          parameters: [idParam('plan-ahead')],
          responses: { 200: ok('WaitlistEntry', 'The entry'), 404: error('Unknown id') },
        },
        delete: {
          summary: 'Cancel my spot',
          parameters: [idParam('plan-ahead')],
          responses: {
            200: ok('WaitlistEntry', 'The cancelled entry'),
            404: error('Unknown id'),
            409: error('Already closed'),
          },
        },
        post: {
          summary: 'Cancel my spot (for clients without DELETE)',
          parameters: [idParam('plan-ahead')],
          requestBody: { required: true, content: json('EntryAction') },
          responses: {
            200: ok('WaitlistEntry', 'The cancelled entry'),
            400: error('Unknown action'),
            404: error('Unknown id'),
            409: error('Already closed'),
          },
        },
      },
      '/api/waitlist/{id}/events/': {
        get: {
          summary: 'Live updates of a plan-ahead entry (server-sent events)',
          description:
            "An `entry` event carrying the WaitlistEntry now and after every change to the restaurant's queue, from any server.",
          parameters: [idParam('plan-ahead')],
          responses: {
            200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: { type: 'string' } } } },
            404: error('Unknown id'),
          },
        },
      },
      '/api/reservations/availability/': {
        get: {
          summary: "Bookable times of a day, in the restaurant's time zone",
          parameters: [
            rlid,
            query('date', 'Local date, today to 30 days ahead', true, { type: 'string', format: 'date' }),
            partySize,
          ],
          responses: {
            200: ok('Availability', 'Times and whether each has room'),
            400: error('Past or far date, bad party size'),
            404: error('Unknown rlid'),
            409: error('No reservations here'),
          },
        },
      },
      '/api/reservations/': {
        post: {
          summary: 'Book a table',
          description: guestRules,
          parameters: [idempotencyKey],
          requestBody: { required: true, content: json('BookingRequest') },
          responses: {
            201: ok(
              'Reservation',
              'The new booking, or the stored first answer of a retry (Idempotent-Replayed: true)',
            ),
            400: error('Invalid field or captcha, or a bad or unscoped Idempotency-Key'),
            403: error('Cross-site request (csrf_failed)'),
            404: error('Unknown rlid'),
            409: error(
              'The time has no room left, no reservations here, or the first request with this Idempotency-Key is still running',
            ),
            422: error('This Idempotency-Key was used for another request (idempotency_key_reused)'),
            429: error('Too many attempts, or this contact reached its bookings for the date (contact_limit)'),
          },
        },
      },
      '/api/reservations/{id}/': {
        get: {
          summary: 'A reservation',
          parameters: [idParam('reservation')],
          responses: { 200: ok('Reservation', 'The reservation'), 404: error('Unknown id') },
        },
        delete: {
          summary: 'Cancel a reservation',
          parameters: [idParam('reservation')],
          responses: { 200: ok('Reservation', 'Cancelled'), 404: error('Unknown id'), 409: error('Already cancelled') },
        },
        post: {
          summary: 'Change or cancel a reservation',
          parameters: [idParam('reservation')],
          requestBody: { required: true, content: json('ReservationAction') },
          responses: {
            200: ok('Reservation', 'The reservation after the change'),
            400: error('Invalid change'),
            404: error('Unknown id'),
            409: error('No room at the new time, or cancelled'),
          },
        },
      },
    },
    components: {
      schemas: {
        WaitlistState: response(waitlistStateSchema),
        WaitEstimate: response(waitEstimateSchema),
        WaitlistEntry: response(waitlistEntrySchema),
        JoinRequest: request(joinRequestSchema),
        EntryAction: request(entryActionSchema),
        Availability: response(availabilitySchema),
        BookingRequest: request(bookingRequestSchema),
        ReservationAction: request(reservationActionSchema),
        Reservation: response(reservationSchema),
        Error: response(apiErrorSchema),
      },
    },
  };
  return cached;
}
