import { type Kysely, type Migration, type MigrationProvider, type CreateTableBuilder, sql } from 'kysely';
import type { Dialect } from './index';
import { usernameSkeleton } from '../repositories/user-keys';

/**
 * One set of migrations for SQLite and PostgreSQL. The few type differences (identity
 * columns, timestamps, booleans) are chosen by the helpers below and nowhere else.
 */
function columns(dialect: Dialect) {
  const pg = dialect === 'postgres';
  return {
    id<T extends string>(table: CreateTableBuilder<T, never>) {
      return pg
        ? table.addColumn('id', 'serial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
    },
    timestamp: pg ? ('timestamptz' as const) : ('text' as const),
    flag: pg ? ('boolean' as const) : ('integer' as const),
    flagDefault: pg ? sql`false` : sql`0`,
  };
}

function migration001(dialect: Dialect): Migration {
  const c = columns(dialect);
  return {
    async up(db: Kysely<any>) {
      await c
        .id(db.schema.createTable('users'))
        .addColumn('username', 'text', (col) => col.notNull())
        .addColumn('username_key', 'text', (col) => col.notNull().unique())
        .addColumn('email', 'text', (col) => col.notNull())
        .addColumn('email_key', 'text', (col) => col.notNull().unique())
        .addColumn('phone_number', 'text')
        .addColumn('password_hash', 'text', (col) => col.notNull())
        .addColumn('is_admin', c.flag, (col) => col.notNull().defaultTo(c.flagDefault))
        .addColumn('is_premium', c.flag, (col) => col.notNull().defaultTo(c.flagDefault))
        .addColumn('membership_status', 'text', (col) => col.notNull().defaultTo('free'))
        .addColumn('membership_period_end', c.timestamp)
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .addColumn('updated_at', c.timestamp, (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .addColumn('expires_at', c.timestamp, (col) => col.notNull())
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

      await c
        .id(db.schema.createTable('login_failures'))
        .addColumn('username_key', 'text', (col) => col.notNull())
        .addColumn('ip', 'text', (col) => col.notNull())
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('login_failures_username_idx')
        .on('login_failures')
        .columns(['username_key', 'created_at'])
        .execute();
      await db.schema.createIndex('login_failures_ip_idx').on('login_failures').columns(['ip', 'created_at']).execute();

      await c
        .id(db.schema.createTable('conversations'))
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('category', 'text', (col) => col.notNull())
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .addColumn('updated_at', c.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('conversations_user_updated_idx')
        .on('conversations')
        .columns(['user_id', 'updated_at'])
        .execute();

      await c
        .id(db.schema.createTable('messages'))
        .addColumn('conversation_id', 'integer', (col) =>
          col.notNull().references('conversations.id').onDelete('cascade'),
        )
        .addColumn('role', 'text', (col) => col.notNull())
        .addColumn('content', 'text', (col) => col.notNull())
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('messages_conversation_idx')
        .on('messages')
        .columns(['conversation_id', 'id'])
        .execute();
    },
  };
}

/** Chat: which engine wrote a reply, and whether the artist stopped it part-way. */
function migration002(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('messages').addColumn('engine', 'text').execute();
      await db.schema
        .alterTable('messages')
        .addColumn('status', 'text', (col) => col.notNull().defaultTo('complete'))
        .execute();
    },
  };
}

/** Tracks (private uploads with analysis and transcription) and the durable job queue. */
function migration003(dialect: Dialect): Migration {
  const c = columns(dialect);
  const real = dialect === 'postgres' ? ('double precision' as const) : ('real' as const);
  return {
    async up(db: Kysely<any>) {
      await c
        .id(db.schema.createTable('tracks'))
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('filename', 'text', (col) => col.notNull().unique())
        .addColumn('original_name', 'text', (col) => col.notNull())
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('mime_type', 'text', (col) => col.notNull())
        .addColumn('size_bytes', 'integer', (col) => col.notNull())
        .addColumn('duration', real)
        .addColumn('bpm', real)
        .addColumn('musical_key', 'text')
        .addColumn('lufs', real)
        .addColumn('true_peak', real)
        .addColumn('waveform', 'text')
        .addColumn('analysis_status', 'text', (col) => col.notNull())
        .addColumn('analysis_error', 'text')
        .addColumn('analysis_engine', 'text')
        .addColumn('analysis_job_id', 'integer')
        .addColumn('transcription', 'text')
        .addColumn('transcription_status', 'text', (col) => col.notNull())
        .addColumn('transcription_error', 'text')
        .addColumn('transcription_source', 'text')
        .addColumn('transcription_job_id', 'integer')
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .addColumn('updated_at', c.timestamp, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('tracks_user_created_idx').on('tracks').columns(['user_id', 'created_at']).execute();

      await c
        .id(db.schema.createTable('jobs'))
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('payload', 'text', (col) => col.notNull())
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('progress', real, (col) => col.notNull().defaultTo(0))
        .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (col) => col.notNull())
        .addColumn('run_at', c.timestamp, (col) => col.notNull())
        .addColumn('locked_at', c.timestamp)
        .addColumn('locked_by', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .addColumn('updated_at', c.timestamp, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('jobs_status_run_at_idx').on('jobs').columns(['status', 'run_at']).execute();
    },
  };
}

/** Lyric Assist: the notepad's saved snippets, ordered by position within a conversation. */
function migration004(dialect: Dialect): Migration {
  const c = columns(dialect);
  return {
    async up(db: Kysely<any>) {
      await c
        .id(db.schema.createTable('lyric_snippets'))
        .addColumn('conversation_id', 'integer', (col) =>
          col.notNull().references('conversations.id').onDelete('cascade'),
        )
        .addColumn('content', 'text', (col) => col.notNull())
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex('lyric_snippets_conversation_idx')
        .on('lyric_snippets')
        .columns(['conversation_id', 'position', 'id'])
        .execute();
    },
  };
}

/** Chat: why the model ended a reply (null/'stop' complete, 'length', 'content_filter', 'refusal'). */
function migration005(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('messages').addColumn('finish_reason', 'text').execute();
    },
  };
}

/**
 * Plan quotas (amendment A7): one counter per user, quota and UTC day, raised by a single upsert
 * that refuses to pass the limit. Throttle events: rate limits kept in the database so several
 * processes share them (registrations per address).
 */
function migration006(dialect: Dialect): Migration {
  const c = columns(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('quota_usage')
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('used', 'integer', (col) => col.notNull())
        .addPrimaryKeyConstraint('quota_usage_pk', ['user_id', 'kind', 'day'])
        .execute();
      await c
        .id(db.schema.createTable('throttle_events'))
        .addColumn('bucket', 'text', (col) => col.notNull())
        .addColumn('key', 'text', (col) => col.notNull())
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('throttle_events_lookup_idx').on('throttle_events').columns(['bucket', 'key', 'created_at']).execute();
    },
  };
}

/** Song Review: reviews saved per track (spec §3 'Track review': reviewText, rating), newest first. */
function migration007TrackReviews(dialect: Dialect): Migration {
  const c = columns(dialect);
  const real = dialect === 'postgres' ? ('double precision' as const) : ('real' as const);
  return {
    async up(db: Kysely<any>) {
      await c
        .id(db.schema.createTable('track_reviews'))
        .addColumn('track_id', 'integer', (col) => col.notNull().references('tracks.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('review_text', 'text', (col) => col.notNull())
        .addColumn('rating', real)
        .addColumn('engine', 'text')
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('track_reviews_track_idx').on('track_reviews').columns(['track_id', 'created_at']).execute();
    },
  };
}

/**
 * Marketing Plan: plans saved to a marketing conversation, with the calendar as JSON items
 * (offsets from release day) so the artist's edits and a new release date keep the plan whole.
 */
function migration008MarketingPlans(dialect: Dialect): Migration {
  const c = columns(dialect);
  return {
    async up(db: Kysely<any>) {
      await c
        .id(db.schema.createTable('marketing_plans'))
        .addColumn('conversation_id', 'integer', (col) => col.notNull().references('conversations.id').onDelete('cascade'))
        .addColumn('track_id', 'integer', (col) => col.references('tracks.id').onDelete('set null'))
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('context', 'text', (col) => col.notNull())
        .addColumn('release_date', 'text', (col) => col.notNull())
        .addColumn('markdown', 'text', (col) => col.notNull())
        .addColumn('quotes', 'text', (col) => col.notNull())
        .addColumn('hashtags', 'text', (col) => col.notNull())
        .addColumn('calendar', 'text', (col) => col.notNull())
        .addColumn('engine', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .addColumn('updated_at', c.timestamp, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('marketing_plans_conversation_idx').on('marketing_plans').columns(['conversation_id', 'created_at']).execute();
    },
  };
}

/**
 * Cover Art: every version of a cover, with its prompt, track and owner (spec §3 'Admin cover art
 * row'), the design it was drawn from (style, seed, edits) so a restyle or edit starts from it,
 * and the distributor check measured on the file.
 */
function migration009CoverArts(dialect: Dialect): Migration {
  const c = columns(dialect);
  return {
    async up(db: Kysely<any>) {
      await c
        .id(db.schema.createTable('cover_arts'))
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('track_id', 'integer', (col) => col.references('tracks.id').onDelete('set null'))
        .addColumn('conversation_id', 'integer', (col) => col.references('conversations.id').onDelete('set null'))
        .addColumn('parent_id', 'integer')
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('artist', 'text')
        .addColumn('style', 'text', (col) => col.notNull())
        .addColumn('direction', 'text')
        .addColumn('edits', 'text', (col) => col.notNull())
        .addColumn('concept', 'text', (col) => col.notNull())
        .addColumn('prompt', 'text', (col) => col.notNull())
        .addColumn('design', 'text', (col) => col.notNull())
        .addColumn('advisory', c.flag, (col) => col.notNull())
        .addColumn('seed', 'integer', (col) => col.notNull())
        .addColumn('engine', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('image_key', 'text', (col) => col.notNull())
        .addColumn('width', 'integer', (col) => col.notNull())
        .addColumn('height', 'integer', (col) => col.notNull())
        .addColumn('bytes', 'integer', (col) => col.notNull())
        .addColumn('checks', 'text', (col) => col.notNull())
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('cover_arts_user_idx').on('cover_arts').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('cover_arts_track_idx').on('cover_arts').columns(['track_id']).execute();
      await db.schema.createIndex('cover_arts_conversation_idx').on('cover_arts').columns(['conversation_id']).execute();
    },
  };
}

/**
 * Payouts (ADR 016): payout methods with the full number encrypted (only the last 4 in clear) and
 * at most one default per artist (a partial unique index); the earnings ledger in integer minor
 * units; and the audit trail of every change to either.
 */
function migration010Payouts(dialect: Dialect): Migration {
  const c = columns(dialect);
  const money = dialect === 'postgres' ? ('bigint' as const) : ('integer' as const);
  return {
    async up(db: Kysely<any>) {
      await c
        .id(db.schema.createTable('payment_methods'))
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('account_type', 'text')
        .addColumn('account_name', 'text', (col) => col.notNull())
        .addColumn('bank_name', 'text', (col) => col.notNull())
        .addColumn('last4', 'text', (col) => col.notNull())
        .addColumn('secret', 'text', (col) => col.notNull())
        .addColumn('key_id', 'text', (col) => col.notNull())
        .addColumn('expiry_date', 'text')
        .addColumn('card_type', 'text')
        .addColumn('is_default', c.flag, (col) => col.notNull().defaultTo(c.flagDefault))
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .addColumn('updated_at', c.timestamp, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('payment_methods_user_idx').on('payment_methods').columns(['user_id', 'created_at']).execute();
      await sql`create unique index payment_methods_one_default on payment_methods (user_id) where is_default = ${sql.raw(dialect === 'postgres' ? 'true' : '1')}`.execute(db);

      await c
        .id(db.schema.createTable('ledger_entries'))
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('amount_minor', money, (col) => col.notNull())
        .addColumn('currency', 'text', (col) => col.notNull())
        .addColumn('source', 'text')
        .addColumn('period', 'text')
        .addColumn('note', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('payment_method_id', 'integer', (col) => col.references('payment_methods.id').onDelete('set null'))
        .addColumn('paid_to', 'text')
        .addColumn('paid_at', c.timestamp)
        .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .addColumn('updated_at', c.timestamp, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('ledger_entries_user_idx').on('ledger_entries').columns(['user_id', 'created_at']).execute();

      await c
        .id(db.schema.createTable('payout_audit_events'))
        .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('subject_user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('entity', 'text', (col) => col.notNull())
        .addColumn('entity_id', 'integer')
        .addColumn('detail', 'text', (col) => col.notNull())
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('payout_audit_events_subject_idx').on('payout_audit_events').columns(['subject_user_id', 'created_at']).execute();
    },
  };
}

/** Studio: beats (spec §3 'Studio music item') with what the engine made them from, and their job. */
function migration011Beats(dialect: Dialect): Migration {
  const c = columns(dialect);
  const real = dialect === 'postgres' ? ('double precision' as const) : ('real' as const);
  return {
    async up(db: Kysely<any>) {
      await c
        .id(db.schema.createTable('beats'))
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('conversation_id', 'integer', (col) => col.references('conversations.id').onDelete('set null'))
        .addColumn('title', 'text')
        .addColumn('prompt', 'text', (col) => col.notNull())
        .addColumn('style', 'text', (col) => col.notNull())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('job_id', 'integer')
        .addColumn('seed', 'bigint')
        .addColumn('bpm', real)
        .addColumn('musical_key', 'text')
        .addColumn('duration_sec', real)
        .addColumn('filename', 'text')
        .addColumn('engine', 'text', (col) => col.notNull())
        .addColumn('details', 'text')
        .addColumn('error_status', 'integer')
        .addColumn('error_message', 'text')
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .addColumn('updated_at', c.timestamp, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('beats_user_idx').on('beats').columns(['user_id', 'created_at']).execute();
    },
  };
}

/** Song Review: the track's short-term loudness once a second, drawn under the waveform. */
function migration012TrackLoudnessCurve(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('tracks').addColumn('loudness_curve', 'text').execute();
    },
  };
}

/**
 * Membership (issue 16): one row per checkout, from the seat it holds while the visitor pays, to the
 * subscription it becomes. `user_id` is empty for a visitor who paid before having an account; the
 * row attaches when the paying e-mail registers or signs in. Provider events are stored by id so
 * each is handled once.
 */
function migration013Membership(dialect: Dialect): Migration {
  const c = columns(dialect);
  return {
    async up(db: Kysely<any>) {
      await c
        .id(db.schema.createTable('memberships'))
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('email_key', 'text')
        .addColumn('checkout_session_id', 'text', (col) => col.unique())
        .addColumn('customer_id', 'text')
        .addColumn('subscription_id', 'text', (col) => col.unique())
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('period_end', c.timestamp)
        .addColumn('hold_until', c.timestamp)
        .addColumn('state_at', 'bigint')
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .addColumn('updated_at', c.timestamp, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('memberships_user_idx').on('memberships').column('user_id').execute();
      await db.schema.createIndex('memberships_email_idx').on('memberships').column('email_key').execute();
      await db.schema.createIndex('memberships_status_idx').on('memberships').columns(['status', 'hold_until']).execute();
      await db.schema
        .createTable('payment_events')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .execute();
    },
  };
}

/**
 * Admin dashboard: the audit log of exports and role and membership changes (amendment B6). The
 * actor's name is kept beside the id, so a row still says who acted after that account is gone.
 */
function migration014AuditEvents(dialect: Dialect): Migration {
  const c = columns(dialect);
  return {
    async up(db: Kysely<any>) {
      await c
        .id(db.schema.createTable('audit_events'))
        .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('actor', 'text', (col) => col.notNull())
        .addColumn('action', 'text', (col) => col.notNull())
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('row_count', 'integer')
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('audit_events_created_idx').on('audit_events').column('created_at').execute();
      // The admin lists sort and search these; indexes keep a page fast with 100,000 rows.
      await db.schema.createIndex('users_created_idx').on('users').column('created_at').execute();
      await db.schema.createIndex('tracks_created_idx').on('tracks').column('created_at').execute();
      await db.schema.createIndex('lyric_snippets_created_idx').on('lyric_snippets').column('created_at').execute();
    },
  };
}

/**
 * Studio (issue 14): a beat made from another ('Make a variation', 'Extend') names its source and
 * how it was made; `variation` and `extensions` with the seed make the built-in engine's beat
 * again; the stems (a ZIP of WAVs) and the MIDI file sit in storage beside the MP3.
 */
function migration015BeatParts(): Migration {
  return {
    async up(db: Kysely<any>) {
      // One column per statement: SQLite adds columns one at a time.
      await db.schema.alterTable('beats').addColumn('source_beat_id', 'integer', (col) => col.references('beats.id').onDelete('set null')).execute();
      await db.schema.alterTable('beats').addColumn('derivation', 'text').execute();
      await db.schema.alterTable('beats').addColumn('variation', 'bigint', (col) => col.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('beats').addColumn('extensions', 'integer', (col) => col.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('beats').addColumn('stems_filename', 'text').execute();
      await db.schema.alterTable('beats').addColumn('midi_filename', 'text').execute();
    },
  };
}

/** The channel the conversations table's trigger notifies on PostgreSQL (migration 016). */
export const CONVERSATIONS_CHANNEL = 'mo_conversations_changed';

/**
 * PostgreSQL: every statement that changes conversations (a cascade from a deleted user included)
 * notifies CONVERSATIONS_CHANNEL, so each process's cached conversations lists learn of changes
 * other processes made (ADR 027). SQLite needs nothing: its `data_version` tells the same.
 */
function migration016ConversationsChangeFeed(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`
        create function mo_conversations_changed() returns trigger language plpgsql as $$
        begin
          perform pg_notify(${sql.lit(CONVERSATIONS_CHANNEL)}, '');
          return null;
        end $$`.execute(db);
      await sql`
        create trigger conversations_changed after insert or update or delete or truncate on conversations
        for each statement execute function mo_conversations_changed()`.execute(db);
    },
  };
}

/**
 * Which artists' conversations changed, so each process keeps its cached lists per artist and
 * drops only the pages of the artists whose conversations changed (ADR 060). Row triggers cover
 * every writer: any process, raw SQL, a deleted user's cascade.
 * - SQLite: each changed row adds its artist to `conversation_changes` (a log in commit order:
 *   SQLite has one writer at a time, and AUTOINCREMENT never reuses a number); a process reads the
 *   rows after the last number it saw whenever its own writes or `data_version` moved. Every 512th
 *   row prunes rows more than 4,096 behind; a process that finds a gap drops every page.
 * - PostgreSQL: the statement triggers of migration 016 now say whose conversations changed, as
 *   the notification's payload (the artists' ids, comma-separated; '*' when too long for a
 *   payload, '' from a truncate): all artists).
 */
function migration028ConversationChangesPerArtist(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') {
        await sql`create table conversation_changes (seq integer primary key autoincrement, user_id integer not null)`.execute(db);
        await sql`
          create trigger conversation_changes_insert after insert on conversations
          begin insert into conversation_changes (user_id) values (new.user_id); end`.execute(db);
        await sql`
          create trigger conversation_changes_update after update on conversations
          begin
            insert into conversation_changes (user_id) values (old.user_id);
            insert into conversation_changes (user_id) select new.user_id where new.user_id <> old.user_id;
          end`.execute(db);
        await sql`
          create trigger conversation_changes_delete after delete on conversations
          begin insert into conversation_changes (user_id) values (old.user_id); end`.execute(db);
        await sql`
          create trigger conversation_changes_prune after insert on conversation_changes when new.seq % 512 = 0
          begin delete from conversation_changes where seq <= new.seq - 4096; end`.execute(db);
        return;
      }
      await sql`
        create function mo_conversation_users_changed() returns trigger language plpgsql as $$
        declare ids text;
        begin
          if TG_OP = 'INSERT' then
            select string_agg(distinct user_id::text, ',') into ids from new_rows;
          elsif TG_OP = 'DELETE' then
            select string_agg(distinct user_id::text, ',') into ids from old_rows;
          else
            select string_agg(distinct user_id::text, ',') into ids from (select user_id from old_rows union all select user_id from new_rows) changed;
          end if;
          if ids is not null then
            perform pg_notify(${sql.lit(CONVERSATIONS_CHANNEL)}, case when length(ids) > 7000 then '*' else ids end);
          end if;
          return null;
        end $$`.execute(db);
      await sql`drop trigger conversations_changed on conversations`.execute(db);
      await sql`
        create trigger conversations_changed_insert after insert on conversations
        referencing new table as new_rows for each statement execute function mo_conversation_users_changed()`.execute(db);
      await sql`
        create trigger conversations_changed_update after update on conversations
        referencing old table as old_rows new table as new_rows for each statement execute function mo_conversation_users_changed()`.execute(db);
      await sql`
        create trigger conversations_changed_delete after delete on conversations
        referencing old table as old_rows for each statement execute function mo_conversation_users_changed()`.execute(db);
      // A truncate has no rows to name: migration 016's function notifies with an empty payload, every artist.
      await sql`
        create trigger conversations_changed_truncate after truncate on conversations
        for each statement execute function mo_conversations_changed()`.execute(db);
    },
  };
}

/**
 * Membership follows payment (ADR 029): a row whose subscription was canceled, or whose first
 * payment failed, is final; no later event for it changes it again.
 */
function migration017MembershipFinal(dialect: Dialect): Migration {
  const c = columns(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('memberships').addColumn('final', c.flag, (col) => col.notNull().defaultTo(c.flagDefault)).execute();
    },
  };
}

/**
 * The ledger as an accounting record (issue 23, ADR 030): an entry is never edited or deleted; a
 * correction is a new entry that names the one it reverses (at most one reversal per entry, a
 * unique index) and says why. The audit log gains the artist's amount and currency, so every
 * earning, import, payout, mark-paid and correction reads there as who, what, amount, artist, when.
 */
/** What a ledger entry says, which nothing may change once it is written (ADR 030). */
const LEDGER_FIXED_COLUMNS = 'user_id, kind, amount_minor, currency, source, period, note, paid_to, reverses_id, reason, created_at';

function migration018LedgerRecord(dialect: Dialect): Migration {
  const money = dialect === 'postgres' ? ('bigint' as const) : ('integer' as const);
  return {
    async up(db: Kysely<any>) {
      // One column per statement: SQLite adds columns one at a time.
      await db.schema.alterTable('ledger_entries').addColumn('reverses_id', 'integer', (col) => col.references('ledger_entries.id').onDelete('cascade')).execute();
      await db.schema.alterTable('ledger_entries').addColumn('reason', 'text').execute();
      await db.schema.createIndex('ledger_entries_reverses_unique').on('ledger_entries').column('reverses_id').unique().execute();
      // The database itself refuses an edit of what an entry says (a pending payout becoming paid
      // changes only status, paid_at and updated_at; deleting an account still removes its rows).
      if (dialect === 'postgres') {
        await sql`
          create function mo_ledger_entry_immutable() returns trigger language plpgsql as $$
          begin
            raise exception 'ledger entries are never edited: record a reversing entry instead';
          end $$`.execute(db);
        await sql`
          create trigger ledger_entries_immutable before update of ${sql.raw(LEDGER_FIXED_COLUMNS)} on ledger_entries
          for each row execute function mo_ledger_entry_immutable()`.execute(db);
      } else {
        await sql`
          create trigger ledger_entries_immutable before update of ${sql.raw(LEDGER_FIXED_COLUMNS)} on ledger_entries
          begin select raise(abort, 'ledger entries are never edited: record a reversing entry instead'); end`.execute(db);
      }
      await db.schema.alterTable('audit_events').addColumn('amount_minor', money).execute();
      await db.schema.alterTable('audit_events').addColumn('currency', 'text').execute();
      await db.schema.alterTable('audit_events').addColumn('detail', 'text').execute();
    },
  };
}

/**
 * Usernames compared by their confusable skeleton (ADR 032): a unique `username_skeleton`, filled
 * here for the accounts that exist. When existing accounts already collide (`admin1` and `аdmin1` with a Cyrillic а
 * made before this rule), the oldest keeps the skeleton and the others keep their name and sign-in
 * with a null skeleton, so nobody is locked out and nobody new can take a look-alike of either.
 */
function migration020UsernameSkeletons(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('username_skeleton', 'text').execute();
      const users: { id: number; username: string }[] = await db.selectFrom('users').select(['id', 'username']).orderBy('id').execute();
      const taken = new Set<string>();
      for (const user of users) {
        const skeleton = usernameSkeleton(user.username);
        if (taken.has(skeleton)) continue;
        taken.add(skeleton);
        await db.updateTable('users').set({ username_skeleton: skeleton }).where('id', '=', user.id).execute();
      }
      await db.schema.createIndex('users_username_skeleton_idx').unique().on('users').column('username_skeleton').execute();
    },
  };
}

/**
 * A beat refused by the music service's rate limit keeps the service's Retry-After (ADR 033), so the
 * request waiting on it answers 429 with it in whichever process the wait runs, not only the job's.
 */
function migration021BeatRetryAfter(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('beats').addColumn('error_retry_after', 'text').execute();
    },
  };
}

/**
 * Songs (issue 26, ADR 040): a song owns its versions (tracks), links one Lyric Assist document and
 * one Studio beat; covers and marketing plans name their song. Existing uploads become versions:
 * each artist's tracks with the same title (case and a file extension aside) are one song, its
 * versions labelled v1, v2… in upload order; covers and plans follow their track (reviews hang on
 * their track already).
 */
export function songKey(title: string): string {
  return title
    .replace(/\.(mp3|wav|wave|m4a|mp4|aac|flac|ogg)$/i, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

function migration022Songs(dialect: Dialect): Migration {
  const c = columns(dialect);
  return {
    async up(db: Kysely<any>) {
      await c
        .id(db.schema.createTable('songs'))
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('artist_name', 'text')
        .addColumn('explicit', c.flag, (col) => col.notNull().defaultTo(c.flagDefault))
        .addColumn('genre', 'text')
        .addColumn('release_date', 'text')
        .addColumn('isrc', 'text')
        .addColumn('upc', 'text')
        .addColumn('lyrics_conversation_id', 'integer', (col) => col.references('conversations.id').onDelete('set null'))
        .addColumn('beat_id', 'integer', (col) => col.references('beats.id').onDelete('set null'))
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .addColumn('updated_at', c.timestamp, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('songs_user_updated_idx').on('songs').columns(['user_id', 'updated_at']).execute();
      // One column per statement: SQLite adds columns one at a time.
      await db.schema.alterTable('tracks').addColumn('song_id', 'integer', (col) => col.references('songs.id').onDelete('cascade')).execute();
      await db.schema.alterTable('tracks').addColumn('version_label', 'text').execute();
      await db.schema.createIndex('tracks_song_idx').on('tracks').columns(['song_id', 'created_at']).execute();
      await db.schema.alterTable('cover_arts').addColumn('song_id', 'integer', (col) => col.references('songs.id').onDelete('set null')).execute();
      await db.schema.createIndex('cover_arts_song_idx').on('cover_arts').columns(['song_id', 'created_at']).execute();
      await db.schema.alterTable('marketing_plans').addColumn('song_id', 'integer', (col) => col.references('songs.id').onDelete('set null')).execute();
      await db.schema.createIndex('marketing_plans_song_idx').on('marketing_plans').columns(['song_id', 'created_at']).execute();

      // Backfill, artist by artist, in upload order.
      const tracks: { id: number; user_id: number; title: string; created_at: unknown }[] = await db
        .selectFrom('tracks')
        .select(['id', 'user_id', 'title', 'created_at'])
        .orderBy('user_id')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));
      const songs = new Map<string, { id: number; count: number }>();
      for (const track of tracks) {
        const key = `${track.user_id}\u0000${songKey(track.title)}`;
        let song = songs.get(key);
        if (!song) {
          const title = track.title.replace(/\.(mp3|wav|wave|m4a|mp4|aac|flac|ogg)$/i, '').trim() || track.title;
          const row = await db
            .insertInto('songs')
            .values({ user_id: track.user_id, title, explicit: dialect === 'postgres' ? false : 0, created_at: iso(track.created_at), updated_at: iso(track.created_at) })
            .returning('id')
            .executeTakeFirstOrThrow();
          song = { id: Number(row.id), count: 0 };
          songs.set(key, song);
        }
        song.count += 1;
        await db.updateTable('tracks').set({ song_id: song.id, version_label: `v${song.count}` }).where('id', '=', track.id).execute();
        // The song was last changed by its newest version.
        await db.updateTable('songs').set({ updated_at: iso(track.created_at) }).where('id', '=', song.id).execute();
      }
      await sql`update cover_arts set song_id = (select t.song_id from tracks t where t.id = cover_arts.track_id) where track_id is not null`.execute(db);
      await sql`update marketing_plans set song_id = (select t.song_id from tracks t where t.id = marketing_plans.track_id) where track_id is not null`.execute(db);
    },
  };
}

/**
 * The Booth (issue 29, ADR 047): takes recorded over a song's backing, uploaded in chunks (raw
 * 16-bit mono PCM; `chunk_keys` lists the stored pieces until the last one merges them), and the
 * mixes made from them (the settings and comp, the job, the new version, the stems ZIP).
 */
function migration023Takes(dialect: Dialect): Migration {
  const c = columns(dialect);
  return {
    async up(db: Kysely<any>) {
      await c
        .id(db.schema.createTable('takes'))
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('song_id', 'integer', (col) => col.notNull().references('songs.id').onDelete('cascade'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('sample_rate', 'integer', (col) => col.notNull())
        .addColumn('start_ms', 'integer', (col) => col.notNull())
        .addColumn('from_bar', 'integer')
        .addColumn('to_bar', 'integer')
        .addColumn('latency_ms', 'integer')
        .addColumn('received_bytes', 'integer', (col) => col.notNull())
        .addColumn('complete', c.flag, (col) => col.notNull().defaultTo(c.flagDefault))
        .addColumn('file_base', 'text', (col) => col.notNull())
        .addColumn('chunk_keys', 'text', (col) => col.notNull())
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .addColumn('updated_at', c.timestamp, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('takes_song_idx').on('takes').columns(['song_id', 'created_at']).execute();
      await db.schema.createIndex('takes_user_idx').on('takes').columns(['user_id']).execute();
      await c
        .id(db.schema.createTable('mixes'))
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('song_id', 'integer', (col) => col.notNull().references('songs.id').onDelete('cascade'))
        .addColumn('job_id', 'integer')
        .addColumn('track_id', 'integer', (col) => col.references('tracks.id').onDelete('set null'))
        .addColumn('settings', 'text', (col) => col.notNull())
        .addColumn('takes', 'text', (col) => col.notNull())
        .addColumn('stems_filename', 'text')
        .addColumn('stems_bytes', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('mixes_song_idx').on('mixes').columns(['song_id', 'created_at']).execute();
      await db.schema.createIndex('mixes_track_idx').on('mixes').columns(['track_id']).execute();
      await db.schema.createIndex('mixes_job_idx').on('mixes').columns(['job_id']).execute();
    },
  };
}

/**
 * Split sheets (issue 30, ADR 049): one sheet per song; its contributors (a member, or an invited
 * person by name and e-mail) with roles and shares in basis points, each one's signature (typed
 * full name, time, address, SHA-256 of the signed text) or decline, and an invited person's link
 * (only the token's hash, its expiry and revocation). Earnings recorded for a song and each
 * contributor's part of them: a member's part names its ledger entry, an invited person's is owed.
 */
function migration026Splits(dialect: Dialect): Migration {
  const c = columns(dialect);
  const money = dialect === 'postgres' ? ('bigint' as const) : ('integer' as const);
  return {
    async up(db: Kysely<any>) {
      await c
        .id(db.schema.createTable('split_sheets'))
        .addColumn('song_id', 'integer', (col) => col.notNull().unique().references('songs.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        // What the sheet records of the song when it was last changed (the signed text names them).
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('isrc', 'text')
        .addColumn('sheet_date', 'text', (col) => col.notNull())
        .addColumn('statement', 'text', (col) => col.notNull())
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .addColumn('updated_at', c.timestamp, (col) => col.notNull())
        .execute();
      await c
        .id(db.schema.createTable('split_contributors'))
        .addColumn('sheet_id', 'integer', (col) => col.notNull().references('split_sheets.id').onDelete('cascade'))
        .addColumn('position', 'integer', (col) => col.notNull())
        // A member (name is their username when saved), or an invited person (user_id null, name and email).
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('email', 'text')
        // JSON array of roles.
        .addColumn('roles', 'text', (col) => col.notNull())
        .addColumn('publishing_bps', 'integer', (col) => col.notNull())
        .addColumn('master_bps', 'integer', (col) => col.notNull())
        .addColumn('signed_name', 'text')
        .addColumn('signed_at', c.timestamp)
        .addColumn('signed_ip', 'text')
        .addColumn('signed_hash', 'text')
        .addColumn('declined_at', c.timestamp)
        .addColumn('decline_reason', 'text')
        .addColumn('invite_token_hash', 'text', (col) => col.unique())
        .addColumn('invite_expires_at', c.timestamp)
        .addColumn('invite_revoked_at', c.timestamp)
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .addColumn('updated_at', c.timestamp, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('split_contributors_sheet_idx').on('split_contributors').columns(['sheet_id', 'position']).execute();
      await db.schema.createIndex('split_contributors_user_idx').on('split_contributors').columns(['user_id']).execute();
      await c
        .id(db.schema.createTable('split_earnings'))
        .addColumn('song_id', 'integer', (col) => col.notNull().references('songs.id').onDelete('cascade'))
        .addColumn('amount_minor', money, (col) => col.notNull())
        .addColumn('currency', 'text', (col) => col.notNull())
        .addColumn('source', 'text', (col) => col.notNull())
        .addColumn('period', 'text', (col) => col.notNull())
        .addColumn('note', 'text', (col) => col.notNull())
        .addColumn('content_hash', 'text', (col) => col.notNull())
        .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('reverses_id', 'integer', (col) => col.unique().references('split_earnings.id').onDelete('cascade'))
        .addColumn('reason', 'text')
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .execute();
      await db.schema.createIndex('split_earnings_song_idx').on('split_earnings').columns(['song_id', 'created_at']).execute();
      await c
        .id(db.schema.createTable('split_earning_parts'))
        .addColumn('earning_id', 'integer', (col) => col.notNull().references('split_earnings.id').onDelete('cascade'))
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('contributor_id', 'integer', (col) => col.references('split_contributors.id').onDelete('set null'))
        .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('email', 'text')
        .addColumn('master_bps', 'integer', (col) => col.notNull())
        .addColumn('amount_minor', money, (col) => col.notNull())
        // A member's part: the ledger entry it was paid into. Null: owed to an invited person (or nothing to pay).
        .addColumn('ledger_entry_id', 'integer', (col) => col.unique().references('ledger_entries.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('split_earning_parts_earning_idx').on('split_earning_parts').columns(['earning_id', 'position']).execute();
    },
  };
}

/** Release pages (issue 30, ADR 050): one per song, its e-mail sign-ups and its anonymous daily counts. */
function migration025Releases(dialect: Dialect): Migration {
  const c = columns(dialect);
  return {
    async up(db: Kysely<any>) {
      await c
        .id(db.schema.createTable('releases'))
        .addColumn('song_id', 'integer', (col) => col.notNull().unique().references('songs.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('slug', 'text', (col) => col.notNull().unique())
        .addColumn('published', c.flag, (col) => col.notNull().defaultTo(c.flagDefault))
        // JSON: [{ service, url }] in the page's order.
        .addColumn('links', 'text', (col) => col.notNull())
        .addColumn('preview_start', 'integer', (col) => col.notNull())
        .addColumn('preview_seconds', 'integer', (col) => col.notNull())
        .addColumn('cover_art_id', 'integer', (col) => col.references('cover_arts.id').onDelete('set null'))
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .addColumn('updated_at', c.timestamp, (col) => col.notNull())
        .execute();
      await c
        .id(db.schema.createTable('release_signups'))
        .addColumn('release_id', 'integer', (col) => col.notNull().references('releases.id').onDelete('cascade'))
        .addColumn('email', 'text', (col) => col.notNull())
        // The exact words the fan agreed to, kept with the time.
        .addColumn('consent_text', 'text', (col) => col.notNull())
        .addColumn('created_at', c.timestamp, (col) => col.notNull())
        .addUniqueConstraint('release_signups_release_email_key', ['release_id', 'email'])
        .execute();
      // One row per page view or link click: no address, no cookie, no user agent; the day and what was opened.
      await c
        .id(db.schema.createTable('release_events'))
        .addColumn('release_id', 'integer', (col) => col.notNull().references('releases.id').onDelete('cascade'))
        .addColumn('day', 'text', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('service', 'text')
        .execute();
      await db.schema.createIndex('release_events_release_day_idx').on('release_events').columns(['release_id', 'day']).execute();
    },
  };
}

export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations() {
      return {
        '001_foundation': migration001(dialect),
        '002_chat_messages': migration002(),
        '003_tracks_and_jobs': migration003(dialect),
        '004_lyric_snippets': migration004(dialect),
        '005_message_finish': migration005(),
        '006_quotas_and_throttles': migration006(dialect),
        '008_marketing_plans': migration008MarketingPlans(dialect),
        '007_track_reviews': migration007TrackReviews(dialect),
        '009_cover_arts': migration009CoverArts(dialect),
        '010_payouts': migration010Payouts(dialect),
        '011_beats': migration011Beats(dialect),
        '012_track_loudness_curve': migration012TrackLoudnessCurve(),
        '013_membership': migration013Membership(dialect),
        '014_audit_events': migration014AuditEvents(dialect),
        '015_beat_parts': migration015BeatParts(),
        '016_conversations_change_feed': migration016ConversationsChangeFeed(dialect),
        '017_membership_final': migration017MembershipFinal(dialect),
        '018_ledger_record': migration018LedgerRecord(dialect),
        '020_username_skeletons': migration020UsernameSkeletons(),
        '021_beat_retry_after': migration021BeatRetryAfter(),
        '022_songs': migration022Songs(dialect),
        '023_takes': migration023Takes(dialect),
        '025_releases': migration025Releases(dialect),
        '026_splits': migration026Splits(dialect),
        '028_conversation_changes_per_artist': migration028ConversationChangesPerArtist(dialect),
      };
    },
  };
}
