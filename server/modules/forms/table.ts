import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type FormName = 'contact' | 'signup';

/** One valid submission of a guest form, as the guest sent it (after validation). */
export interface FormSubmissionTable {
  id: Generated<number>;
  page_id: number;
  form: FormName;
  site_id: number;
  language_code: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  submitted_at: CreatedAt;
  version: Generated<number>;
}
export type FormSubmission = Selectable<FormSubmissionTable>;

export type Occasion = { occasion: string; relationship: string; month: number; day: number };

/** One person on the e-mail list, by lower-cased address. */
export interface SubscriberTable {
  id: Generated<number>;
  email: string;
  first_name: string;
  last_name: string;
  postcode: string;
  birthday_month: number | null;
  birthday_day: number | null;
  occasions: ColumnType<Occasion[], string | undefined, string>;
  site_id: number | null;
  language_code: string;
  subscribed: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  unsubscribed_at: Timestamp | null;
  version: Generated<number>;
}
export type Subscriber = Selectable<SubscriberTable>;

export type ConsentAction = 'subscribe' | 'unsubscribe';

/** Proof of consent given or withdrawn; never deleted by an unsubscribe. */
export interface ConsentRecordTable {
  id: Generated<number>;
  subscriber_id: number;
  action: ConsentAction;
  channel: string;
  wording: string;
  wording_version: string;
  site_id: number | null;
  language_code: string;
  source_url: string;
  ip_address: string;
  created_at: CreatedAt;
}
export type ConsentRecord = Selectable<ConsentRecordTable>;

/** A captcha solution already accepted: a second use of it is refused. */
export interface CaptchaSolutionTable {
  challenge_id: string;
  used_at: CreatedAt;
}

/** What a pending signup holds until its owner confirms: the validated form, never shown in a mail. */
export type SignupRequestData = {
  first_name: string;
  last_name: string;
  postcode: string;
  birthday_month: number | null;
  birthday_day: number | null;
  occasions: Occasion[];
  /** The rest of the submission as validated (terms, consent), kept for the stored submission. */
  submission: Record<string, unknown>;
};

/** A signup waiting for its address's owner to follow the confirmation link. */
export interface SignupRequestTable {
  id: Generated<number>;
  email: string;
  data: ColumnType<SignupRequestData, string, string>;
  page_id: number;
  site_id: number;
  language_code: string;
  source_url: string;
  requested_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  confirmed_at: Timestamp | null;
}
export type SignupRequest = Selectable<SignupRequestTable>;

export type ConsentEvidenceEvent = 'requested' | 'confirmed';

/** One step of a double opt-in as it happened: when, from which page, a hash of the address, the browser. */
export interface ConsentEvidenceTable {
  id: Generated<number>;
  request_id: number | null;
  email: string;
  event: ConsentEvidenceEvent;
  wording: string;
  wording_version: string;
  site_id: number | null;
  language_code: string;
  source_url: string;
  ip_hash: string;
  user_agent: string;
  created_at: CreatedAt;
}

/** A guest's report of an accessibility problem, sent from the footer's link (issue 29). */
export interface AccessibilityReportTable {
  id: Generated<number>;
  site_id: number;
  language_code: string;
  description: string;
  email: string;
  page_url: string;
  screen_width: number | null;
  screen_height: number | null;
  user_agent: string;
  submitted_at: CreatedAt;
}
export type AccessibilityReport = Selectable<AccessibilityReportTable>;

/** This module's tables, merged into the database's type (server/database.ts). */
declare module '../../database' {
  interface Database {
    form_submissions: FormSubmissionTable;
    subscribers: SubscriberTable;
    consent_records: ConsentRecordTable;
    captcha_solutions: CaptchaSolutionTable;
    signup_requests: SignupRequestTable;
    consent_evidence: ConsentEvidenceTable;
    accessibility_reports: AccessibilityReportTable;
  }
}
