import { type Kysely, type Migration, type MigrationProvider, type CreateTableBuilder, sql } from 'kysely';
import type { Dialect } from './index';

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

export function migrationProvider(dialect: Dialect): MigrationProvider {
  return {
    async getMigrations() {
      return {
        '001_foundation': migration001(dialect),
        '002_chat_messages': migration002(),
      };
    },
  };
}
