import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Row types shared by SQLite and PostgreSQL. Timestamps are written as ISO strings and read
 * back as a string (SQLite) or a Date (PostgreSQL); booleans are written as 1/0 and read back
 * as a number (SQLite) or a boolean (PostgreSQL). Presenters normalise both.
 */
export type Timestamp = ColumnType<Date | string, string, string>;
export type Flag = ColumnType<boolean | number, number, number>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  username_key: string;
  /**
   * The username's confusable skeleton (ADR 032), unique; null only for an account whose name
   * already collided with an older account's when migration 020 filled the column.
   */
  username_skeleton: ColumnType<string | null, string | null | undefined, string | null>;
  email: string;
  email_key: string;
  phone_number: string | null;
  password_hash: string;
  is_admin: Flag;
  is_premium: Flag;
  membership_status: ColumnType<string, string | undefined, string>;
  membership_period_end: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  username_key: string;
  ip: string;
  created_at: Timestamp;
}

export interface ConversationsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  category: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  role: string;
  content: string;
  /** The engine that wrote an assistant reply (model name or built-in engine). */
  engine: string | null;
  /** 'complete', or 'stopped' when the artist stopped the reply part-way. */
  status: ColumnType<string, string | undefined, string>;
  /**
   * Why the model ended an assistant reply: null or 'stop' complete, 'length' cut off,
   * 'content_filter' filtered, 'refusal' declined (the content is the refusal).
   */
  finish_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface TracksTable {
  id: Generated<number>;
  user_id: number;
  /** Stored name: `<32 hex>.<ext>`, short and unguessable; the original name is kept beside it. */
  filename: string;
  original_name: string;
  title: string;
  mime_type: string;
  size_bytes: number;
  duration: number | null;
  bpm: number | null;
  musical_key: string | null;
  lufs: number | null;
  true_peak: number | null;
  /** JSON array of peaks for display. */
  waveform: string | null;
  /** JSON array: short-term loudness (LUFS) once a second, null where silent; null for tracks analysed before it existed. */
  loudness_curve: string | null;
  analysis_status: string;
  analysis_error: string | null;
  analysis_engine: string | null;
  analysis_job_id: number | null;
  transcription: string | null;
  transcription_status: string;
  transcription_error: string | null;
  transcription_source: string | null;
  transcription_job_id: number | null;
  /** The song this upload is a version of (migration 022); the upload path always sets it. */
  song_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** "v1", "v2"… or the artist's name for the version. */
  version_label: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A song (issue 26, ADR 040): its versions are tracks; it links a Lyric Assist document and a Studio beat. */
export interface SongsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  artist_name: string | null;
  explicit: Flag;
  genre: string | null;
  /** YYYY-MM-DD */
  release_date: string | null;
  /** 12 characters, capitals, no hyphens. */
  isrc: string | null;
  /** 12 digits. */
  upc: string | null;
  /** The Lyric Assist conversation holding its lyrics. */
  lyrics_conversation_id: number | null;
  beat_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface JobsTable {
  id: Generated<number>;
  type: string;
  /** JSON. */
  payload: string;
  user_id: number | null;
  status: string;
  progress: ColumnType<number, number | undefined, number>;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: number;
  run_at: Timestamp;
  locked_at: Timestamp | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface LyricSnippetsTable {
  id: Generated<number>;
  conversation_id: number;
  content: string;
  position: number;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  tracks: TracksTable;
  jobs: JobsTable;
  lyric_snippets: LyricSnippetsTable;
  quota_usage: QuotaUsageTable;
  throttle_events: ThrottleEventsTable;
  marketing_plans: MarketingPlansTable;
  track_reviews: TrackReviewsTable;
  audit_events: AuditEventsTable;
  cover_arts: CoverArtsTable;
  payment_methods: PaymentMethodsTable;
  ledger_entries: LedgerEntriesTable;
  payout_audit_events: PayoutAuditEventsTable;
  memberships: MembershipsTable;
  payment_events: PaymentEventsTable;
  beats: BeatsTable;
  songs: SongsTable;
  takes: TakesTable;
  mixes: MixesTable;
  releases: ReleasesTable;
  release_signups: ReleaseSignupsTable;
  release_events: ReleaseEventsTable;
  split_sheets: SplitSheetsTable;
  split_contributors: SplitContributorsTable;
  split_earnings: SplitEarningsTable;
  split_earning_parts: SplitEarningPartsTable;
}

export interface AuditEventsTable {
  id: Generated<number>;
  actor_id: number | null;
  actor: string;
  action: string;
  subject: string;
  row_count: number | null;
  /** Ledger events: the amount in minor units and its currency (PostgreSQL bigint arrives as a string). */
  amount_minor: ColumnType<number | string | null, number | null | undefined, number | null>;
  currency: ColumnType<string | null, string | null | undefined, string | null>;
  /** Ledger events: what the entry was (source and period, the method paid to, a correction's reason). */
  detail: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface CoverArtsTable {
  id: Generated<number>;
  user_id: number;
  track_id: number | null;
  /** The song it is a cover of (migration 022). */
  song_id: ColumnType<number | null, number | null | undefined, number | null>;
  conversation_id: number | null;
  /** The version a restyle or edit started from. */
  parent_id: number | null;
  title: string;
  artist: string | null;
  style: string;
  direction: string | null;
  /** JSON: string[], the edit instructions so far, oldest first. */
  edits: string;
  concept: string;
  /** The full image prompt. */
  prompt: string;
  /** JSON: mood, motifs, energy (the built-in renderer's design). */
  design: string;
  advisory: Flag;
  seed: number;
  engine: string;
  /** 'model' or 'built-in' */
  kind: string;
  /** Storage key of the PNG. */
  image_key: string;
  width: number;
  height: number;
  bytes: number;
  /** JSON: DistributorCheck[] */
  checks: string;
  created_at: Timestamp;
}

/** A checkout and the subscription it became (status: pending, active, past_due, canceling, expired). */
export interface MembershipsTable {
  id: Generated<number>;
  user_id: number | null;
  email_key: string | null;
  checkout_session_id: string | null;
  customer_id: string | null;
  subscription_id: string | null;
  status: string;
  period_end: Timestamp | null;
  /** Until when a pending checkout holds a seat. */
  hold_until: Timestamp | null;
  /** Provider time (seconds) of the event the state came from; older events are ignored. Read as a string on PostgreSQL. */
  state_at: ColumnType<number | string | null, number | null, number | null>;
  /** The subscription was canceled or the first payment failed: no later event changes this row (ADR 029). */
  final: ColumnType<boolean | number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentEventsTable {
  id: string;
  type: string;
  created_at: Timestamp;
}

export interface QuotaUsageTable {
  user_id: number;
  kind: string;
  /** The UTC day the count belongs to, as YYYY-MM-DD. */
  day: string;
  used: number;
}

export interface ThrottleEventsTable {
  id: Generated<number>;
  bucket: string;
  key: string;
  created_at: Timestamp;
}

export interface TrackReviewsTable {
  id: Generated<number>;
  track_id: number;
  user_id: number;
  review_text: string;
  /** The mean of the review's scores (0-10), or null when it had none. */
  rating: number | null;
  /** Who wrote the review: a model's name or the built-in reviewer. */
  engine: string | null;
  created_at: Timestamp;
}

export interface MarketingPlansTable {
  id: Generated<number>;
  conversation_id: number;
  track_id: number | null;
  /** The song the plan is for (migration 022). */
  song_id: ColumnType<number | null, number | null | undefined, number | null>;
  title: string;
  context: string;
  /** YYYY-MM-DD */
  release_date: string;
  markdown: string;
  /** JSON: string[] */
  quotes: string;
  /** JSON: string[] */
  hashtags: string;
  /** JSON: CalendarItem[] (offsets from release day) */
  calendar: string;
  engine: string;
  /** 'model' or 'built-in' */
  kind: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A payout method: the full number only as `secret` (AES-256-GCM, ADR 016), the last 4 in clear. */
export interface PaymentMethodsTable {
  id: Generated<number>;
  user_id: number;
  /** 'bank_account' or 'card' */
  type: string;
  account_type: string | null;
  account_name: string;
  bank_name: string;
  last4: string;
  /** JSON { number, routingNumber? } encrypted: v1.<key id>.<iv>.<tag>.<ciphertext> */
  secret: string;
  key_id: string;
  expiry_date: string | null;
  card_type: string | null;
  is_default: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Earnings and payouts in integer minor units (PostgreSQL bigint arrives as a string). */
export interface LedgerEntriesTable {
  id: Generated<number>;
  user_id: number;
  /** 'earning', 'payout' or 'reversal' */
  kind: string;
  amount_minor: ColumnType<number | string, number, number>;
  currency: string;
  source: string | null;
  /** YYYY-MM */
  period: string | null;
  note: string;
  /** 'recorded' (earnings), 'pending' or 'paid' (payouts) */
  status: string;
  payment_method_id: number | null;
  /** The method a payout went to, described by type and last 4. */
  paid_to: string | null;
  paid_at: Timestamp | null;
  created_by: number | null;
  /** A reversal: the entry it reverses (each entry is reversed at most once). */
  reverses_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A reversal: why the admin made it. */
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Studio beats: the built-in engine's or a hosted model's, stored as MP3 under `beats/`. */
export interface BeatsTable {
  id: Generated<number>;
  user_id: number;
  conversation_id: number | null;
  title: string | null;
  prompt: string;
  /** rap, trap, pop, dance, lofi (the request's `model`). */
  style: string;
  /** queued, running, done, failed */
  status: string;
  job_id: number | null;
  seed: number | string | null;
  bpm: number | null;
  musical_key: string | null;
  duration_sec: number | null;
  filename: string | null;
  engine: string;
  /** JSON: the plan's details (sections, progression, instruments, what was understood). */
  details: string | null;
  error_status: number | null;
  error_message: string | null;
  /** The music service's Retry-After when its rate limit refused the beat (migration 021). */
  error_retry_after: ColumnType<string | null, string | null | undefined, string | null>;
  /** The beat this one was made from ('Make a variation', 'Extend'), if any. */
  source_beat_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 'variation' | 'extension' | null (an original). */
  derivation: ColumnType<string | null, string | null | undefined, string | null>;
  /** Built-in engine: the drums-and-melody number of a variation (0 for the original's). */
  variation: ColumnType<number | string, number | undefined, number>;
  /** Built-in engine: verse + hook pairs added by 'Extend'. */
  extensions: ColumnType<number, number | undefined, number>;
  /** In storage under beats/: the stems ZIP and the MIDI file (built-in beats). */
  stems_filename: ColumnType<string | null, string | null | undefined, string | null>;
  midi_filename: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Who changed what in payouts, and when; details never hold more than the last 4 digits. */
export interface PayoutAuditEventsTable {
  id: Generated<number>;
  actor_id: number | null;
  subject_user_id: number | null;
  action: string;
  entity: string;
  entity_id: number | null;
  /** JSON */
  detail: string;
  created_at: Timestamp;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ConversationRow = Selectable<ConversationsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type TrackRow = Selectable<TracksTable>;
export type JobRow = Selectable<JobsTable>;
export type LyricSnippetRow = Selectable<LyricSnippetsTable>;
export type AuditEventRow = Selectable<AuditEventsTable>;
export type MarketingPlanRow = Selectable<MarketingPlansTable>;
export type TrackReviewRow = Selectable<TrackReviewsTable>;
export type CoverArtRow = Selectable<CoverArtsTable>;
export type PaymentMethodRow = Selectable<PaymentMethodsTable>;
export type LedgerEntryRow = Selectable<LedgerEntriesTable>;
export type PayoutAuditEventRow = Selectable<PayoutAuditEventsTable>;
export type MembershipRow = Selectable<MembershipsTable>;
export type BeatRow = Selectable<BeatsTable>;
export type SongRow = Selectable<SongsTable>;
export type TakeRow = Selectable<TakesTable>;
export type MixRow = Selectable<MixesTable>;

/** A take recorded in the Booth (migration 023): raw 16-bit mono PCM at `sample_rate`. */
export interface TakesTable {
  id: Generated<number>;
  user_id: number;
  song_id: number;
  name: string;
  sample_rate: number;
  start_ms: number;
  from_bar: number | null;
  to_bar: number | null;
  latency_ms: number | null;
  received_bytes: number;
  complete: Flag;
  /** Storage names start `takes/<file_base>`. */
  file_base: string;
  /** JSON array of the storage keys holding the PCM in order (one once complete). */
  chunk_keys: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A mixdown (migration 023): its settings and comp (JSON), job, new version and stems ZIP. */
export interface MixesTable {
  id: Generated<number>;
  user_id: number;
  song_id: number;
  job_id: number | null;
  track_id: number | null;
  settings: string;
  takes: string;
  stems_filename: string | null;
  stems_bytes: ColumnType<number, number | undefined, number>;
  /** queued | running | done | failed */
  status: string;
  created_at: Timestamp;
}

/** A song's release page (issue 30, ADR 050). */
export interface ReleasesTable {
  id: Generated<number>;
  song_id: number;
  user_id: number;
  slug: string;
  published: Flag;
  /** JSON: [{ service, url }]. */
  links: string;
  preview_start: number;
  preview_seconds: number;
  cover_art_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type ReleaseRow = Selectable<ReleasesTable>;

export interface ReleaseSignupsTable {
  id: Generated<number>;
  release_id: number;
  email: string;
  consent_text: string;
  created_at: Timestamp;
}

/** A page view ('view') or a store-link click ('click', with its service), by UTC day. */
export interface ReleaseEventsTable {
  id: Generated<number>;
  release_id: number;
  day: string;
  kind: string;
  service: string | null;
}

/** Split sheets (issue 30, ADR 049): one per song. */
export interface SplitSheetsTable {
  id: Generated<number>;
  song_id: number;
  user_id: number;
  title: string;
  isrc: string | null;
  /** YYYY-MM-DD: the day its content last changed. */
  sheet_date: string;
  statement: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type SplitSheetRow = Selectable<SplitSheetsTable>;

/** A line of a split sheet: a member or an invited person, their shares and their signature. */
export interface SplitContributorsTable {
  id: Generated<number>;
  sheet_id: number;
  position: number;
  user_id: number | null;
  name: string;
  email: string | null;
  /** JSON array of roles. */
  roles: string;
  publishing_bps: number;
  master_bps: number;
  signed_name: string | null;
  signed_at: Timestamp | null;
  signed_ip: string | null;
  /** SHA-256 (hex) of the canonical text signed. */
  signed_hash: string | null;
  declined_at: Timestamp | null;
  decline_reason: string | null;
  /** SHA-256 (hex) of the invitation link's token; the token itself is never stored. */
  invite_token_hash: string | null;
  invite_expires_at: Timestamp | null;
  invite_revoked_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type SplitContributorRow = Selectable<SplitContributorsTable>;

/** An earning recorded for a song and split by its agreed sheet (or the reversal of one). */
export interface SplitEarningsTable {
  id: Generated<number>;
  song_id: number;
  amount_minor: ColumnType<number | string, number, number>;
  currency: string;
  source: string;
  period: string;
  note: string;
  content_hash: string;
  created_by: number | null;
  reverses_id: number | null;
  reason: string | null;
  created_at: Timestamp;
}
export type SplitEarningRow = Selectable<SplitEarningsTable>;

/** One contributor's part of a song earning: paid into a member's ledger, or owed to an invited person. */
export interface SplitEarningPartsTable {
  id: Generated<number>;
  earning_id: number;
  position: number;
  contributor_id: number | null;
  user_id: number | null;
  name: string;
  email: string | null;
  master_bps: number;
  amount_minor: ColumnType<number | string, number, number>;
  ledger_entry_id: number | null;
}
export type SplitEarningPartRow = Selectable<SplitEarningPartsTable>;
