import type { Kysely, Updateable } from 'kysely';
import type { Database, TrackRow, TracksTable } from '../db/types';
import { lockKeys, nowIso } from '../db/index';

export type TrackWithProgress = TrackRow & { analysis_progress: number | null; transcription_progress: number | null };

export function createTrackRepository(db: Kysely<Database>) {
  /** Tracks with the progress of their analysis and transcription jobs. */
  const withProgress = () =>
    db
      .selectFrom('tracks')
      .leftJoin('jobs as aj', 'aj.id', 'tracks.analysis_job_id')
      .leftJoin('jobs as tj', 'tj.id', 'tracks.transcription_job_id')
      .selectAll('tracks')
      .select(['aj.progress as analysis_progress', 'tj.progress as transcription_progress']);

  return {
    /** With job progress; services pass it through `authorize` before showing it. */
    findWithProgress(id: number): Promise<TrackWithProgress | undefined> {
      return withProgress().where('tracks.id', '=', id).executeTakeFirst();
    },

    findById(id: number): Promise<TrackRow | undefined> {
      return db.selectFrom('tracks').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByFilename(filename: string): Promise<TrackRow | undefined> {
      return db.selectFrom('tracks').selectAll().where('filename', '=', filename).executeTakeFirst();
    },

    listForUser(userId: number, { limit, offset }: { limit: number; offset: number }): Promise<TrackWithProgress[]> {
      return withProgress()
        .where('tracks.user_id', '=', userId)
        .orderBy('tracks.created_at', 'desc')
        .orderBy('tracks.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    insert(values: Omit<TrackRow, 'id' | 'created_at' | 'updated_at' | 'song_id' | 'version_label'> & { song_id?: number | null; version_label?: string | null }): Promise<TrackRow> {
      const now = nowIso();
      return db.insertInto('tracks').values({ ...values, created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
    },

    async update(id: number, values: Omit<Updateable<TracksTable>, 'id' | 'updated_at'>) {
      await db.updateTable('tracks').set({ ...values, updated_at: nowIso() }).where('id', '=', id).execute();
    },

    /** Bytes of the artist's uploads: what counts against their storage allowance. */
    async usedBytesOf(userId: number): Promise<number> {
      // Uploads, Booth takes (what has arrived) and mixes' stems ZIPs (issue 29) share the allowance.
      const row = await db.selectFrom('tracks').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), eb.lit(0)).as('bytes')).where('user_id', '=', userId).executeTakeFirst();
      const takes = await db.selectFrom('takes').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('received_bytes'), eb.lit(0)).as('bytes')).where('user_id', '=', userId).executeTakeFirst();
      const stems = await db.selectFrom('mixes').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('stems_bytes'), eb.lit(0)).as('bytes')).where('user_id', '=', userId).executeTakeFirst();
      return Number(row?.bytes ?? 0) + Number(takes?.bytes ?? 0) + Number(stems?.bytes ?? 0);
    },

    /** Serialises the artist's uploads' last check against the allowance until the transaction ends. */
    lockStorageOf: (userId: number) => lockKeys(db, [`tracks:storage:${userId}`]),

    async delete(id: number) {
      await db.deleteFrom('tracks').where('id', '=', id).execute();
    },
  };
}
export type TrackRepository = ReturnType<typeof createTrackRepository>;
