import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { AdminListQuery } from '@members-only/shared';
import type { Database } from '../db/types';

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** `lower(column) like pattern`, with the escape character both databases accept. */
const matches = (column: string, pattern: string) => sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`;

/** Rows an export reads at a time: memory stays flat however long the table is. */
const EXPORT_BATCH = 500;

export interface AdminUserListRow {
  id: number;
  username: string;
  email: string;
  phone_number: string | null;
  is_admin: number | boolean;
  is_premium: number | boolean;
  membership_status: string;
  created_at: Date | string;
  track_count: number | string;
  recent_track_name: string | null;
  /** Filled in after the page is read: the user's payout methods, last 4 digits only. */
  payment_methods?: AdminPaymentMethodRow[];
}
export interface AdminPaymentMethodRow {
  user_id: number;
  type: string;
  account_type: string | null;
  card_type: string | null;
  last4: string;
  is_default: number | boolean;
}
export interface AdminTrackListRow {
  id: number;
  user_id: number;
  username: string;
  phone_number: string | null;
  filename: string;
  original_name: string;
  title: string;
  duration: number | null;
  created_at: Date | string;
}
export interface AdminLyricListRow {
  id: number;
  user_id: number;
  username: string;
  conversation_id: number;
  content: string;
  position: number;
  created_at: Date | string;
}

export interface AdminCoverArtListRow {
  id: number;
  user_id: number;
  username: string;
  title: string;
  prompt: string;
  track_id: number | null;
  created_at: Date | string;
}

type Page<R> = { rows: R[]; total: number };
type Order = 'asc' | 'desc';

/**
 * The admin dashboard's lists: one page of a search, sorted on the server (spec §2 'Admin
 * dashboard'), and every matching row in id order, batch by batch, for a streamed export.
 */
export function createAdminListRepository(db: Kysely<Database>) {
  function usersQuery(q: string) {
    let query = db.selectFrom('users');
    if (q) {
      const p = likePattern(q);
      query = query.where((eb) => eb.or([matches('users.username', p), matches('users.email', p), matches('users.phone_number', p)]));
    }
    return query;
  }
  const userColumns = (query: ReturnType<typeof usersQuery>) =>
    query.select((eb) => [
      'users.id',
      'users.username',
      'users.email',
      'users.phone_number',
      'users.is_admin',
      'users.is_premium',
      'users.membership_status',
      'users.created_at',
      eb.selectFrom('tracks').whereRef('tracks.user_id', '=', 'users.id').select(eb.fn.countAll().as('n')).as('track_count'),
      eb
        .selectFrom('tracks')
        .whereRef('tracks.user_id', '=', 'users.id')
        .select('tracks.original_name')
        .orderBy('tracks.created_at', 'desc')
        .orderBy('tracks.id', 'desc')
        .limit(1)
        .as('recent_track_name'),
    ]);

  function tracksQuery(q: string) {
    let query = db.selectFrom('tracks').innerJoin('users', 'users.id', 'tracks.user_id');
    if (q) {
      const p = likePattern(q);
      query = query.where((eb) =>
        eb.or([matches('tracks.original_name', p), matches('tracks.title', p), matches('users.username', p), matches('users.phone_number', p)]),
      );
    }
    return query;
  }
  const trackColumns = (query: ReturnType<typeof tracksQuery>) =>
    query.select([
      'tracks.id',
      'tracks.user_id',
      'users.username',
      'users.phone_number',
      'tracks.filename',
      'tracks.original_name',
      'tracks.title',
      'tracks.duration',
      'tracks.created_at',
    ]);

  function lyricsQuery(q: string) {
    let query = db
      .selectFrom('lyric_snippets')
      .innerJoin('conversations', 'conversations.id', 'lyric_snippets.conversation_id')
      .innerJoin('users', 'users.id', 'conversations.user_id');
    if (q) {
      const p = likePattern(q);
      query = query.where((eb) => eb.or([matches('lyric_snippets.content', p), matches('users.username', p)]));
    }
    return query;
  }
  const lyricColumns = (query: ReturnType<typeof lyricsQuery>) =>
    query.select([
      'lyric_snippets.id',
      'conversations.user_id',
      'users.username',
      'lyric_snippets.conversation_id',
      'lyric_snippets.content',
      'lyric_snippets.position',
      'lyric_snippets.created_at',
    ]);

  function coverArtsQuery(q: string) {
    let query = db.selectFrom('cover_arts').innerJoin('users', 'users.id', 'cover_arts.user_id');
    if (q) {
      const p = likePattern(q);
      query = query.where((eb) => eb.or([matches('cover_arts.title', p), matches('cover_arts.prompt', p), matches('users.username', p)]));
    }
    return query;
  }
  const coverArtColumns = (query: ReturnType<typeof coverArtsQuery>) =>
    query.select(['cover_arts.id', 'cover_arts.user_id', 'users.username', 'cover_arts.title', 'cover_arts.prompt', 'cover_arts.track_id', 'cover_arts.created_at']);

  /** Attaches each user's payout methods (never more than the last 4 digits) in one query. */
  async function withPaymentMethods(rows: AdminUserListRow[]): Promise<AdminUserListRow[]> {
    if (rows.length === 0) return rows;
    const methods = (await db
      .selectFrom('payment_methods')
      .select(['user_id', 'type', 'account_type', 'card_type', 'last4', 'is_default'])
      .where(
        'user_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('user_id')
      .orderBy('is_default', 'desc')
      .orderBy('id')
      .execute()) as AdminPaymentMethodRow[];
    return rows.map((r) => ({ ...r, payment_methods: methods.filter((m) => m.user_id === r.id) }));
  }

  async function page<R>(
    base: SelectQueryBuilder<any, any, object>,
    withColumns: (q: SelectQueryBuilder<any, any, object>) => SelectQueryBuilder<any, any, any>,
    sortColumn: string,
    idColumn: string,
    { limit, offset, order }: { limit: number; offset: number; order: Order },
  ): Promise<Page<R>> {
    const [rows, count] = await Promise.all([
      withColumns(base).orderBy(sql.ref(sortColumn), order).orderBy(sql.ref(idColumn), order).limit(limit).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    ]);
    return { rows: rows as R[], total: Number((count as { n?: unknown } | undefined)?.n ?? 0) };
  }

  async function* batches<R extends { id: number }>(
    base: SelectQueryBuilder<any, any, object>,
    withColumns: (q: SelectQueryBuilder<any, any, object>) => SelectQueryBuilder<any, any, any>,
    idColumn: string,
  ): AsyncGenerator<R[]> {
    let after = 0;
    for (;;) {
      const rows = (await withColumns(base).where(sql.ref(idColumn), '>', after).orderBy(sql.ref(idColumn), 'asc').limit(EXPORT_BATCH).execute()) as R[];
      if (rows.length === 0) return;
      yield rows;
      after = rows[rows.length - 1].id;
      if (rows.length < EXPORT_BATCH) return;
    }
  }

  const USER_SORT: Record<string, string> = { createdAt: 'users.created_at', username: 'users.username_key', email: 'users.email_key' };
  const TRACK_SORT: Record<string, string> = {
    createdAt: 'tracks.created_at',
    originalName: 'tracks.original_name',
    duration: 'tracks.duration',
    username: 'users.username_key',
  };
  const COVER_SORT: Record<string, string> = { createdAt: 'cover_arts.created_at' };
  const LYRIC_SORT: Record<string, string> = { createdAt: 'lyric_snippets.created_at', position: 'lyric_snippets.position' };

  return {
    users: async (query: AdminListQuery) => {
      const result = await page<AdminUserListRow>(usersQuery(query.q) as never, userColumns as never, USER_SORT[query.sort] ?? 'users.created_at', 'users.id', query);
      return { ...result, rows: await withPaymentMethods(result.rows) };
    },
    tracks: (query: AdminListQuery) =>
      page<AdminTrackListRow>(tracksQuery(query.q) as never, trackColumns as never, TRACK_SORT[query.sort] ?? 'tracks.created_at', 'tracks.id', query),
    lyrics: (query: AdminListQuery) =>
      page<AdminLyricListRow>(
        lyricsQuery(query.q) as never,
        lyricColumns as never,
        LYRIC_SORT[query.sort] ?? 'lyric_snippets.created_at',
        'lyric_snippets.id',
        query,
      ),

    coverArts: (query: AdminListQuery) =>
      page<AdminCoverArtListRow>(coverArtsQuery(query.q) as never, coverArtColumns as never, COVER_SORT[query.sort] ?? 'cover_arts.created_at', 'cover_arts.id', query),

    /** Every matching row in id order, a batch at a time (for CSV exports). */
    allUsers: async function* (q: string) {
      for await (const batch of batches<AdminUserListRow>(usersQuery(q) as never, userColumns as never, 'users.id')) yield await withPaymentMethods(batch);
    },
    allTracks: (q: string) => batches<AdminTrackListRow>(tracksQuery(q) as never, trackColumns as never, 'tracks.id'),
    allCoverArts: (q: string) => batches<AdminCoverArtListRow>(coverArtsQuery(q) as never, coverArtColumns as never, 'cover_arts.id'),
    allLyrics: (q: string) => batches<AdminLyricListRow>(lyricsQuery(q) as never, lyricColumns as never, 'lyric_snippets.id'),

    async userById(id: number): Promise<AdminUserListRow | undefined> {
      const row = (await userColumns(db.selectFrom('users').where('users.id', '=', id)).executeTakeFirst()) as AdminUserListRow | undefined;
      return row ? (await withPaymentMethods([row]))[0] : undefined;
    },

    async recentTracksOf(userId: number, limit: number): Promise<AdminTrackListRow[]> {
      return (await trackColumns(tracksQuery(''))
        .where('tracks.user_id', '=', userId)
        .orderBy('tracks.created_at', 'desc')
        .orderBy('tracks.id', 'desc')
        .limit(limit)
        .execute()) as AdminTrackListRow[];
    },

    async countsOf(userId: number): Promise<{ tracks: number; lyrics: number; conversations: number; coverArts: number; beats: number }> {
      const count = (table: 'tracks' | 'conversations' | 'cover_arts' | 'beats') =>
        db.selectFrom(table).where('user_id', '=', userId).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      const [tracks, lyrics, conversations, coverArts, beats] = await Promise.all([
        count('tracks'),
        db
          .selectFrom('lyric_snippets')
          .innerJoin('conversations', 'conversations.id', 'lyric_snippets.conversation_id')
          .where('conversations.user_id', '=', userId)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst(),
        count('conversations'),
        count('cover_arts'),
        count('beats'),
      ]);
      const n = (row: { n: unknown } | undefined) => Number(row?.n ?? 0);
      return { tracks: n(tracks), lyrics: n(lyrics), conversations: n(conversations), coverArts: n(coverArts), beats: n(beats) };
    },
  };
}
export type AdminListRepository = ReturnType<typeof createAdminListRepository>;
