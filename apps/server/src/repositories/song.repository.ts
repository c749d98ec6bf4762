import { sql, type Kysely, type Updateable } from 'kysely';
import type { CoverArtRow, Database, MarketingPlanRow, SongRow, SongsTable, TrackReviewRow } from '../db/types';
import { nowIso } from '../db/index';

/** A song in the list, with what the list shows of it (its newest version and cover, what is done). */
export type SongListRow = SongRow & {
  version_count: number | string;
  latest_track_id: number | null;
  cover_id: number | null;
  review_count: number | string;
  plan_count: number | string;
  lyrics_snippets: number | string;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createSongRepository(db: Kysely<Database>) {
  return {
    findById(id: number): Promise<SongRow | undefined> {
      return db.selectFrom('songs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * The artist's songs, last changed first, each with its newest version's id, newest cover's id,
     * and counts of versions, reviews, plans and lyric lines. `q` matches the title or the credited
     * artist anywhere, case aside.
     */
    list(userId: number, { limit, offset, q }: { limit: number; offset: number; q?: string }): Promise<SongListRow[]> {
      let query = db
        .selectFrom('songs as s')
        .selectAll('s')
        .select((eb) => [
          eb.selectFrom('tracks').select(eb.fn.countAll().as('n')).whereRef('tracks.song_id', '=', 's.id').as('version_count'),
          eb.selectFrom('tracks').select('tracks.id').whereRef('tracks.song_id', '=', 's.id').orderBy('tracks.created_at', 'desc').orderBy('tracks.id', 'desc').limit(1).as('latest_track_id'),
          eb.selectFrom('cover_arts').select('cover_arts.id').whereRef('cover_arts.song_id', '=', 's.id').orderBy('cover_arts.created_at', 'desc').orderBy('cover_arts.id', 'desc').limit(1).as('cover_id'),
          eb
            .selectFrom('track_reviews')
            .innerJoin('tracks', 'tracks.id', 'track_reviews.track_id')
            .select(eb.fn.countAll().as('n'))
            .whereRef('tracks.song_id', '=', 's.id')
            .as('review_count'),
          eb.selectFrom('marketing_plans').select(eb.fn.countAll().as('n')).whereRef('marketing_plans.song_id', '=', 's.id').as('plan_count'),
          eb.selectFrom('lyric_snippets').select(eb.fn.countAll().as('n')).whereRef('lyric_snippets.conversation_id', '=', 's.lyrics_conversation_id').as('lyrics_snippets'),
        ])
        .where('s.user_id', '=', userId);
      if (q) {
        const pattern = `%${escapeLike(q.toLowerCase())}%`;
        query = query.where((eb) =>
          eb.or([
            eb(sql`lower(s.title)`, 'like', sql`${pattern} escape '\\'`),
            eb(sql`lower(coalesce(s.artist_name, ''))`, 'like', sql`${pattern} escape '\\'`),
          ]),
        );
      }
      return query.orderBy('s.updated_at', 'desc').orderBy('s.id', 'desc').limit(limit).offset(offset).execute() as Promise<SongListRow[]>;
    },

    insert(values: { user_id: number; title: string; artist_name?: string | null; explicit?: boolean; genre?: string | null; release_date?: string | null; isrc?: string | null; upc?: string | null }): Promise<SongRow> {
      const now = nowIso();
      return db
        .insertInto('songs')
        .values({
          user_id: values.user_id,
          title: values.title,
          artist_name: values.artist_name ?? null,
          explicit: values.explicit ? 1 : 0,
          genre: values.genre ?? null,
          release_date: values.release_date ?? null,
          isrc: values.isrc ?? null,
          upc: values.upc ?? null,
          lyrics_conversation_id: null,
          beat_id: null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async update(id: number, values: Omit<Updateable<SongsTable>, 'id' | 'user_id' | 'created_at' | 'updated_at'>) {
      await db.updateTable('songs').set({ ...values, updated_at: nowIso() }).where('id', '=', id).execute();
    },

    /** Marks the song changed (a new version, cover, plan or review). */
    async touch(id: number) {
      await db.updateTable('songs').set({ updated_at: nowIso() }).where('id', '=', id).execute();
    },

    async delete(id: number) {
      await db.deleteFrom('songs').where('id', '=', id).execute();
    },

    /** Its versions, newest first (with job progress, as the tracks API shows them). */
    versions(songId: number) {
      return db
        .selectFrom('tracks')
        .leftJoin('jobs as aj', 'aj.id', 'tracks.analysis_job_id')
        .leftJoin('jobs as tj', 'tj.id', 'tracks.transcription_job_id')
        .selectAll('tracks')
        .select(['aj.progress as analysis_progress', 'tj.progress as transcription_progress'])
        .where('tracks.song_id', '=', songId)
        .orderBy('tracks.created_at', 'desc')
        .orderBy('tracks.id', 'desc')
        .execute();
    },

    /** Summaries of the given tracks (the list's "latest version"). */
    trackSummaries(ids: number[]) {
      if (!ids.length) return Promise.resolve([]);
      return db
        .selectFrom('tracks')
        .select(['id', 'original_name', 'version_label', 'duration', 'lufs', 'analysis_status', 'transcription_status', 'created_at'])
        .where('id', 'in', ids)
        .execute();
    },

    /** Names taken by the song's versions: the next "vN" follows the highest. */
    async versionLabels(songId: number): Promise<string[]> {
      const rows = await db.selectFrom('tracks').select('version_label').where('song_id', '=', songId).execute();
      return rows.map((r) => r.version_label ?? '');
    },

    reviews(songId: number): Promise<(TrackReviewRow & { version_label: string | null })[]> {
      return db
        .selectFrom('track_reviews')
        .innerJoin('tracks', 'tracks.id', 'track_reviews.track_id')
        .selectAll('track_reviews')
        .select('tracks.version_label')
        .where('tracks.song_id', '=', songId)
        .orderBy('track_reviews.created_at', 'desc')
        .orderBy('track_reviews.id', 'desc')
        .execute();
    },

    covers(songId: number): Promise<Pick<CoverArtRow, 'id' | 'track_id' | 'parent_id' | 'title' | 'style' | 'engine' | 'created_at'>[]> {
      return db
        .selectFrom('cover_arts')
        .select(['id', 'track_id', 'parent_id', 'title', 'style', 'engine', 'created_at'])
        .where('song_id', '=', songId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    latestPlan(songId: number): Promise<MarketingPlanRow | undefined> {
      return db
        .selectFrom('marketing_plans')
        .selectAll()
        .where('song_id', '=', songId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** The song's Lyric Assist notepad, in order. */
    async lyricLines(conversationId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('lyric_snippets')
        .select('content')
        .where('conversation_id', '=', conversationId)
        .orderBy('position', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.map((r) => r.content);
    },

    /** The Booth's stored files of the song: its takes' audio and its mixes' stems (deleted with it). */
    async boothFiles(songId: number): Promise<string[]> {
      const takes = await db.selectFrom('takes').select('chunk_keys').where('song_id', '=', songId).execute();
      const mixes = await db.selectFrom('mixes').select('stems_filename').where('song_id', '=', songId).execute();
      return [...takes.flatMap((t) => JSON.parse(t.chunk_keys) as string[]), ...mixes.flatMap((m) => (m.stems_filename ? [`mixes/${m.stems_filename}`] : []))];
    },

    /** The stored files of its versions (deleted with it). */
    trackFiles(songId: number): Promise<{ id: number; filename: string }[]> {
      return db.selectFrom('tracks').select(['id', 'filename']).where('song_id', '=', songId).execute();
    },
  };
}
export type SongRepository = ReturnType<typeof createSongRepository>;
