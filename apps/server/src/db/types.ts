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
  analysis_status: string;
  analysis_error: string | null;
  analysis_engine: string | null;
  analysis_job_id: number | null;
  transcription: string | null;
  transcription_status: string;
  transcription_error: string | null;
  transcription_source: string | null;
  transcription_job_id: number | null;
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
  beats: BeatsTable;
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
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ConversationRow = Selectable<ConversationsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type TrackRow = Selectable<TracksTable>;
export type JobRow = Selectable<JobsTable>;
export type LyricSnippetRow = Selectable<LyricSnippetsTable>;
export type MarketingPlanRow = Selectable<MarketingPlansTable>;
export type TrackReviewRow = Selectable<TrackReviewsTable>;
export type BeatRow = Selectable<BeatsTable>;
