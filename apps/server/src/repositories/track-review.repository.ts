import type { Kysely } from 'kysely';
import type { Database, TrackReviewRow, TrackRow } from '../db/types';
import { nowIso } from '../db/index';

export function createTrackReviewRepository(db: Kysely<Database>) {
  return {
    /** Newest first; callers have already checked the track is the actor's. */
    listForTrack(trackId: number): Promise<TrackReviewRow[]> {
      return db.selectFrom('track_reviews').selectAll().where('track_id', '=', trackId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    },

    latestForTrack(trackId: number): Promise<TrackReviewRow | undefined> {
      return db.selectFrom('track_reviews').selectAll().where('track_id', '=', trackId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
    },

    insert(values: { trackId: number; userId: number; reviewText: string; rating: number | null; engine: string | null }): Promise<TrackReviewRow> {
      return db
        .insertInto('track_reviews')
        .values({
          track_id: values.trackId,
          user_id: values.userId,
          review_text: values.reviewText,
          rating: values.rating,
          engine: values.engine,
          created_at: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * The version before this one: the song's version uploaded just before it (issue 26); for a
     * track without a song, the same artist's most recent earlier upload with the same title.
     */
    previousVersion(track: Pick<TrackRow, 'id' | 'user_id' | 'title' | 'song_id'>): Promise<TrackRow | undefined> {
      const base = db.selectFrom('tracks').selectAll().where('user_id', '=', track.user_id);
      return (track.song_id !== null ? base.where('song_id', '=', track.song_id) : base.where('title', '=', track.title))
        .where('id', '<', track.id)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
  };
}
export type TrackReviewRepository = ReturnType<typeof createTrackReviewRepository>;
