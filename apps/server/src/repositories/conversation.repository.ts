import { sql, type Kysely } from 'kysely';
import type { ConversationRow, Database } from '../db/types';
import { compileOnce, conversationChangesOf, dialectOf, nowIso } from '../db/index';
import { createListCache } from './list-cache';

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `GET /api/conversations`'s body, built by the database as JSON text: the fields, order and
 * values `presentConversation` gives, byte for byte what `JSON.stringify` made of them
 * (conversation-list-json.test.ts compares the two on both databases). Columns of the page `c`.
 */
const SQLITE_ITEM = sql`json_object('id', c.id, 'title', c.title, 'category', c.category, 'type', c.category, 'userId', c.user_id, 'createdAt', c.created_at, 'updatedAt', c.updated_at)`;
/** SQLite timestamps are text; toIso passes those already in toISOString's form through unchanged. */
const SQLITE_CANONICAL = sql.raw(
  `'[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9].[0-9][0-9][0-9]Z'`,
);
/** PostgreSQL: timestamptz as toISOString writes it (UTC, milliseconds, truncated like the pg driver's Date). */
const pgIso = (column: string) => sql.raw(`'"' || to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`);
const PG_ITEM = sql`'{"id":' || c.id || ',"title":' || to_json(c.title)::text || ',"category":' || to_json(c.category)::text || ',"type":' || to_json(c.category)::text || ',"userId":' || c.user_id || ',"createdAt":' || ${pgIso('c.created_at')} || ',"updatedAt":' || ${pgIso('c.updated_at')} || '}'`;

interface PageOptions {
  limit: number;
  offset: number;
  search?: string;
}

/** One user's conversations, newest first; with `search`, only those whose title or any message contains it (case-insensitive). */
function page(db: Kysely<Database>, userId: number, { limit, offset, search }: PageOptions) {
  let query = db.selectFrom('conversations').selectAll('conversations').where('conversations.user_id', '=', userId);
  if (search) {
    const pattern = likePattern(search);
    // SQLite has no default LIKE escape character, so name one; PostgreSQL accepts the same clause.
    const matches = (column: 'conversations.title' | 'messages.content') =>
      sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    query = query.where((eb) =>
      eb.or([
        matches('conversations.title'),
        eb.exists(
          eb
            .selectFrom('messages')
            .select('messages.id')
            .whereRef('messages.conversation_id', '=', 'conversations.id')
            .where(matches('messages.content')),
        ),
      ]),
    );
  }
  return query
    .orderBy('conversations.updated_at', 'desc')
    .orderBy('conversations.id', 'desc')
    .limit(limit)
    .offset(offset);
}

/** The page as one row holding its JSON text (and, on SQLite, whether every timestamp is canonical). */
function pageJson(db: Kysely<Database>, userId: number, options: PageOptions) {
  const c = page(db, userId, options).as('c');
  if (dialectOf(db) === 'postgres') {
    return db
      .selectFrom(c)
      .select([
        sql<string>`coalesce('[' || string_agg(${PG_ITEM}, ',' order by c.updated_at desc, c.id desc) || ']', '[]')`.as('json'),
        sql<number | null>`1`.as('canonical'),
      ]);
  }
  return db
    .selectFrom(c)
    .select([
      sql<string>`json_group_array(${SQLITE_ITEM} order by c.updated_at desc, c.id desc)`.as('json'),
      sql<number | null>`min(c.created_at glob ${SQLITE_CANONICAL} and c.updated_at glob ${SQLITE_CANONICAL})`.as('canonical'),
    ]);
}

/** The unfiltered list (the common request) compiled once. */
const firstPagesJson = compileOnce((db, p: { userId: number; limit: number; offset: number }) => pageJson(db, p.userId, p), ['userId', 'limit', 'offset']);

export function createConversationRepository(db: Kysely<Database>) {
  // Unfiltered pages kept per artist until that artist's conversations change (repositories/list-cache.ts, ADR 060).
  const changes = conversationChangesOf(db);
  const pages = changes ? createListCache(changes) : undefined;
  return {
    /** Any user's row: services pass it through `authorize` before acting on it. */
    findById(id: number): Promise<ConversationRow | undefined> {
      return db.selectFrom('conversations').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Newest first; with `search`, only those whose title or any message contains it (case-insensitive). */
    listForUser(userId: number, options: PageOptions): Promise<ConversationRow[]> {
      return page(db, userId, options).execute();
    },

    /**
     * The same page as `listForUser`, presented (`presentConversation`) and serialised as a JSON
     * array by the database, so no row objects are made and nothing is parsed or stringified here.
     * Undefined when a SQLite timestamp is not in toISOString's form (written by hand, say): the
     * caller then presents the rows itself, which normalises it.
     */
    async listForUserJson(userId: number, options: PageOptions): Promise<string | undefined> {
      if (options.search) {
        const [row] = await pageJson(db, userId, options).execute();
        return row.canonical === 0 ? undefined : row.json;
      }
      const read = async () => {
        const [row] = await firstPagesJson(db, { userId, limit: options.limit, offset: options.offset });
        return row.canonical === 0 ? undefined : row.json;
      };
      return pages ? pages.read(userId, `${options.limit}:${options.offset}`, read) : read();
    },

    insert(values: { userId: number; title: string; category: string }): Promise<ConversationRow> {
      const now = nowIso();
      return db
        .insertInto('conversations')
        .values({ user_id: values.userId, title: values.title, category: values.category, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async rename(id: number, title: string): Promise<ConversationRow> {
      return db
        .updateTable('conversations')
        .set({ title, updated_at: nowIso() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async delete(id: number) {
      await db.deleteFrom('messages').where('conversation_id', '=', id).execute();
      await db.deleteFrom('conversations').where('id', '=', id).execute();
    },

    async touch(id: number) {
      await db.updateTable('conversations').set({ updated_at: nowIso() }).where('id', '=', id).execute();
    },
  };
}
export type ConversationRepository = ReturnType<typeof createConversationRepository>;
