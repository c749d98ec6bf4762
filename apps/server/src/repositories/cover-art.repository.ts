import type { Kysely } from 'kysely';
import type { CoverArtRow, Database } from '../db/types';
import { nowIso } from '../db/index';

export type NewCoverArt = Omit<CoverArtRow, 'id' | 'created_at' | 'advisory' | 'song_id'> & { advisory: number; song_id?: number | null };

export function createCoverArtRepository(db: Kysely<Database>) {
  return {
    findById(id: number): Promise<CoverArtRow | undefined> {
      return db.selectFrom('cover_arts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The user's covers, newest first, optionally of one track or one conversation. */
    listForUser(userId: number, filter: { trackId?: number; conversationId?: number } = {}, limit = 200): Promise<CoverArtRow[]> {
      let query = db.selectFrom('cover_arts').selectAll().where('user_id', '=', userId);
      if (filter.trackId !== undefined) query = query.where('track_id', '=', filter.trackId);
      if (filter.conversationId !== undefined) query = query.where('conversation_id', '=', filter.conversationId);
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    insert(values: NewCoverArt): Promise<CoverArtRow> {
      return db
        .insertInto('cover_arts')
        .values({ ...values, created_at: nowIso() })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
export type CoverArtRepository = ReturnType<typeof createCoverArtRepository>;
