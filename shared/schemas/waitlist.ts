import * as z from 'zod';

/**
 * Wait list and reservation shapes (issue 14), shared by the API (requests are parsed with
 * them, responses are built to them), the guest panels and the OpenAPI document.
 */

/** The party size the location's "Current wait" is quoted for. */
export const DEFAULT_PARTY_SIZE = 2;
/** When a restaurant sets no maximum. */
export const DEFAULT_MAX_PARTY_SIZE = 10;
/** How far ahead a table can be booked, in days after today. */
export const RESERVATION_DAYS_AHEAD = 30;

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .union(
      [
        z.number(),
        z
          .string({ error: `${label} must be a single whole number` })
          .trim()
          .regex(/^\d{1,9}$/, `${label} must be a whole number`)
          .transform(Number),
      ],
      {
        error: `${label} must be a whole number`,
      },
    )
    .pipe(
      z
        .number()
        .int(`${label} must be a whole number`)
        .min(min, `${label} must be at least ${min}`)
        .max(max, `${label} must be at most ${max}`),
    );

export const rlidField = wholeNumber('rlid', 1, 999_999_999);
export const partySizeField = wholeNumber('partySize', 1, 100);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

export const localDateField = z
  .string({ error: 'date must be a single date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be a date as YYYY-MM-DD');
export const localTimeField = z
  .string({ error: 'time must be a single time' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be a time as HH:MM');

/** Unguessable ids (24 random bytes, base64url) of entries and reservations. */
export const publicIdField = z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'Unknown id');

// ---- Requests ----

export const waitlistStateQuerySchema = z.strictObject({ rlid: rlidField });
export const estimateQuerySchema = z.strictObject({ rlid: rlidField, partySize: partySizeField.optional() });
export const publicIdParamsSchema = z.strictObject({ id: publicIdField });

/** Guest contact: a mobile phone and/or an e-mail address (the phone is normalised by the server). */
const contactFields = {
  name: z
    // The panel leaves empty fields out: a missing name is a name not entered yet.
    .string({ error: (issue) => (issue.input === undefined ? 'Please enter a name' : 'name must be text') })
    .trim()
    .min(1, 'Please enter a name')
    .max(80, 'name must be at most 80 characters'),
  phone: optionalText('phone', 30),
  email: z
    .string({ error: 'email must be text' })
    .trim()
    .max(254, 'email is too long')
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.email('Please enter a valid e-mail address').optional()),
  note: optionalText('note', 200),
};

const needsContact = <T extends { phone?: string | undefined; email?: string | undefined }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (!value.phone && !value.email)
    ctx.addIssue({
      code: 'custom',
      path: ['phone'],
      message: 'Please give a mobile phone number or an e-mail address',
    });
};

/**
 * What a guest's own join or booking carries beside its fields: the captcha widget's answer
 * (required by the server for every guest's request; the host stand's walk-ins have none) and,
 * from the pages without script, the idempotency key in a hidden field (scripts send the
 * Idempotency-Key header instead).
 */
const guestRequestFields = {
  captcha: z.string({ error: 'captcha must be text' }).max(4000, 'captcha is too long').optional(),
  idempotencyKey: z
    .string({ error: 'idempotencyKey must be text' })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'idempotencyKey must be 8 to 64 letters, digits, - or _')
    .optional(),
};
/** Fields of a request that are not part of what it asks for (left out of its idempotency fingerprint). */
export const GUEST_REQUEST_CONTROL_FIELDS = ['captcha', 'idempotencyKey'] as const;

export const joinRequestSchema = z
  .strictObject({ rlid: rlidField, partySize: partySizeField, ...contactFields, ...guestRequestFields })
  .superRefine(needsContact);
export type JoinRequest = z.infer<typeof joinRequestSchema>;

export const entryActionSchema = z.strictObject({ action: z.literal('cancel', { error: "action must be 'cancel'" }) });

/** Without a date: the first date with a bookable time left (today, or tomorrow late in the evening). */
export const availabilityQuerySchema = z.strictObject({
  rlid: rlidField,
  date: localDateField.optional(),
  partySize: partySizeField.optional(),
});

export const bookingRequestSchema = z
  .strictObject({
    rlid: rlidField,
    date: localDateField,
    time: localTimeField,
    partySize: partySizeField,
    ...contactFields,
    ...guestRequestFields,
  })
  .superRefine(needsContact);
export type BookingRequest = z.infer<typeof bookingRequestSchema>;

export const reservationActionSchema = z.discriminatedUnion(
  'action',
  [
    z.strictObject({ action: z.literal('cancel') }),
    z.strictObject({
      action: z.literal('change'),
      date: localDateField,
      time: localTimeField,
      partySize: partySizeField,
    }),
  ],
  { error: "action must be 'cancel' or 'change'" },
);

// ---- Responses ----

export const closedReasonSchema = z.enum([
  'temporarily-closed',
  'dining-room-closed',
  'outside-hours',
  'not-offered',
  'paused',
]);
export type ClosedReason = z.infer<typeof closedReasonSchema>;

export const waitEstimateSchema = z.discriminatedUnion('available', [
  z.object({
    available: z.literal(true),
    rlid: z.number(),
    partySize: z.number(),
    /** Minutes, rounded up to 5; 0 is "no wait". */
    minutes: z.number(),
    /** What a guest reads, e.g. "25 min" or "No wait". */
    text: z.string(),
    partiesAhead: z.number(),
    computedAt: z.string(),
  }),
  z.object({
    available: z.literal(false),
    rlid: z.number(),
    partySize: z.number(),
    reason: closedReasonSchema,
    text: z.string(),
    computedAt: z.string(),
  }),
]);
export type WaitEstimate = z.infer<typeof waitEstimateSchema>;

export const waitlistStateSchema = z.object({
  rlid: z.number(),
  /** The location's waitListReady: the restaurant takes the wait list and has not paused it. */
  waitListReady: z.boolean(),
  openNow: z.boolean(),
  paused: z.boolean(),
  pauseReason: z.string().nullable(),
  waitListMaxPartySize: z.number(),
  partiesWaiting: z.number(),
  estimate: waitEstimateSchema,
  restaurant: z.object({ name: z.string(), address: z.string(), timeZone: z.string() }),
});
export type WaitlistState = z.infer<typeof waitlistStateSchema>;

export const entryStatusSchema = z.enum(['waiting', 'notified', 'seated', 'cancelled', 'no_show', 'removed']);

/** A plan-ahead entry as its guest sees it: no contact details, the first name only. */
export const waitlistEntrySchema = z.object({
  planAheadId: z.string(),
  rlid: z.number(),
  restaurant: z.object({ name: z.string(), address: z.string(), phone: z.string(), timeZone: z.string() }),
  name: z.string(),
  partySize: z.number(),
  status: entryStatusSchema,
  /** Place in line (1 is next); null once the entry is closed. */
  position: z.number().nullable(),
  partiesAhead: z.number().nullable(),
  quotedMinutes: z.number().nullable(),
  quotedAt: z.string().nullable(),
  joinedAt: z.string(),
  notifiedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** The live estimate from now, while the entry is open. */
  estimate: waitEstimateSchema.nullable(),
  links: z.object({ page: z.string(), api: z.string(), events: z.string() }),
});
export type WaitlistEntryView = z.infer<typeof waitlistEntrySchema>;

export const slotSchema = z.object({ time: z.string(), label: z.string(), available: z.boolean() });
export const availabilitySchema = z.object({
  rlid: z.number(),
  date: z.string(),
  partySize: z.number(),
  timeZone: z.string(),
  /** Today and the last bookable day, in the restaurant's calendar. */
  firstDate: z.string(),
  lastDate: z.string(),
  closed: z.boolean(),
  slots: z.array(slotSchema),
});
export type Availability = z.infer<typeof availabilitySchema>;

export const reservationSchema = z.object({
  reservationId: z.string(),
  rlid: z.number(),
  restaurant: z.object({ name: z.string(), address: z.string(), phone: z.string(), timeZone: z.string() }),
  name: z.string(),
  partySize: z.number(),
  date: z.string(),
  time: z.string(),
  timeLabel: z.string(),
  startsAt: z.string(),
  status: z.enum(['booked', 'cancelled']),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  links: z.object({ page: z.string(), api: z.string() }),
});
export type ReservationView = z.infer<typeof reservationSchema>;

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
});

// ---- Server-rendered guest pages (page.extra): they work without JavaScript ----

export const formStateSchema = z.object({
  values: z.record(z.string(), z.string()),
  fieldErrors: z.record(z.string(), z.string()),
  nonFieldErrors: z.array(z.string()),
});
export type FormState = z.infer<typeof formStateSchema>;

/** The captcha widget's addresses (shared/forms/form-state.ts CaptchaView). */
const captchaViewSchema = z.object({
  challengeUrl: z.string(),
  scriptUrl: z.string(),
  styleUrl: z.string(),
  language: z.string(),
});

/**
 * The pages' forms carry the session's CSRF token (these pages are never cached: `no-store`) and
 * the page's idempotency key; the join and booking forms also the captcha's addresses.
 */
export const waitlistPageExtraSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('join'),
    state: waitlistStateSchema,
    form: formStateSchema,
    csrfToken: z.string(),
    captcha: captchaViewSchema,
    idempotencyKey: z.string(),
  }),
  z.object({ mode: z.literal('entry'), entry: waitlistEntrySchema, cancelled: z.boolean(), csrfToken: z.string() }),
]);
export type WaitlistPageExtra = z.infer<typeof waitlistPageExtraSchema>;

export const reservationPageExtraSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('new'),
    rlid: z.number(),
    restaurant: z.object({ name: z.string(), address: z.string(), phone: z.string(), timeZone: z.string() }),
    maxPartySize: z.number(),
    availability: availabilitySchema.nullable(),
    idempotencyKey: z.string(),
    form: formStateSchema,
    csrfToken: z.string(),
    captcha: captchaViewSchema,
  }),
  z.object({
    mode: z.literal('manage'),
    reservation: reservationSchema,
    availability: availabilitySchema.nullable(),
    form: formStateSchema,
    csrfToken: z.string(),
  }),
]);
export type ReservationPageExtra = z.infer<typeof reservationPageExtraSchema>;

// ---- Host stand forms (back office) ----

const minutesField = (label: string) => wholeNumber(label, 5, 240);
const tablesField = (label: string) => wholeNumber(label, 0, 500);

export const walkInSchema = z.object({
  partySize: partySizeField,
  name: contactFields.name,
  phone: contactFields.phone,
  email: contactFields.email,
  note: contactFields.note,
});

export const hostActionSchema = z.object({
  action: z.enum(['notify', 'seat', 'no-show', 'remove', 'up', 'down'], { error: 'Unknown action' }),
});

export const pauseSchema = z.object({
  paused: z.enum(['1', '0'], { error: 'paused must be 1 or 0' }),
  reason: optionalText('reason', 200),
});

export const hostSettingsSchema = z.object({
  turn_minutes_small: minutesField('Turn time, 1-2 guests'),
  turn_minutes_medium: minutesField('Turn time, 3-4 guests'),
  turn_minutes_large: minutesField('Turn time, 5+ guests'),
  tables_small: tablesField('Tables for 1-2'),
  tables_medium: tablesField('Tables for 3-4'),
  tables_large: tablesField('Tables for 5+'),
  slot_minutes: z.enum(['15', '30', '60'], { error: 'Slot length must be 15, 30 or 60 minutes' }).transform(Number),
  parties_per_slot: wholeNumber('Bookings per time', 0, 100),
});

export const grantSchema = z.object({
  group: wholeNumber('group', 1, 999_999_999),
  rlid: z
    .string()
    .trim()
    .regex(/^\d{0,9}$/, 'rlid must be a whole number or empty (every restaurant)')
    .transform((value) => (value ? Number(value) : null)),
});

/** A party in the queue, as the host stand shows it (server/modules/waitlist/host-service.ts computes it). */
export type HostQueueRow = {
  id: number;
  position: number;
  name: string;
  partySize: number;
  phone: string | null;
  email: string | null;
  note: string | null;
  source: string;
  status: string;
  joinedAt: Date;
  quotedMinutes: number | null;
  notifiedAt: Date | null;
  estimateMinutes: number | null;
  waitedMinutes: number;
};
