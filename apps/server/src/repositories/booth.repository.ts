import type { Kysely, Updateable } from 'kysely';
import type { Database, MixRow, MixesTable, TakeRow, TakesTable } from '../db/types';
import { nowIso } from '../db/index';

export type NewTake = Omit<TakeRow, 'id' | 'created_at' | 'updated_at' | 'complete'> & { complete: boolean };

/** The Booth's takes and mixes (migration 023). */
export function createBoothRepository(db: Kysely<Database>) {
  const flag = (v: boolean) => (v ? 1 : 0);
  return {
    findTake(id: number): Promise<TakeRow | undefined> {
      return db.selectFrom('takes').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** A song's takes, oldest first. */
    takesOf(songId: number): Promise<TakeRow[]> {
      return db.selectFrom('takes').selectAll().where('song_id', '=', songId).orderBy('created_at').orderBy('id').execute();
    },

    countTakes(songId: number): Promise<number> {
      return db.selectFrom('takes').select((eb) => eb.fn.countAll<number>().as('n')).where('song_id', '=', songId).executeTakeFirstOrThrow().then((r) => Number(r.n));
    },

    async insertTake(values: NewTake): Promise<TakeRow> {
      const now = nowIso();
      return db.insertInto('takes').values({ ...values, complete: flag(values.complete), created_at: now, updated_at: now }).returningAll().executeTakeFirstOrThrow();
    },

    /**
     * Appends a stored chunk if the take still holds `expectedBytes` and is not complete: false when
     * another request got there first (the caller discards its chunk and answers 409).
     */
    async appendChunk(id: number, expectedBytes: number, values: { received_bytes: number; chunk_keys: string; complete: boolean }): Promise<boolean> {
      const result = await db
        .updateTable('takes')
        .set({ received_bytes: values.received_bytes, chunk_keys: values.chunk_keys, complete: flag(values.complete), updated_at: nowIso() })
        .where('id', '=', id)
        .where('received_bytes', '=', expectedBytes)
        .where('complete', '=', flag(false))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async updateTake(id: number, values: Updateable<TakesTable>): Promise<void> {
      await db.updateTable('takes').set({ ...values, updated_at: nowIso() }).where('id', '=', id).execute();
    },

    async deleteTake(id: number): Promise<void> {
      await db.deleteFrom('takes').where('id', '=', id).execute();
    },

    /** Incomplete takes last written before `before` (the cleanup job removes them). */
    staleTakes(before: string): Promise<TakeRow[]> {
      return db.selectFrom('takes').selectAll().where('complete', '=', flag(false)).where('updated_at', '<', before).limit(500).execute();
    },

    async insertMix(values: Omit<MixRow, 'id' | 'created_at' | 'stems_bytes'>): Promise<MixRow> {
      return db.insertInto('mixes').values({ ...values, created_at: nowIso() }).returningAll().executeTakeFirstOrThrow();
    },

    findMix(id: number): Promise<MixRow | undefined> {
      return db.selectFrom('mixes').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findMixByTrack(trackId: number): Promise<MixRow | undefined> {
      return db.selectFrom('mixes').selectAll().where('track_id', '=', trackId).executeTakeFirst();
    },

    findMixByJob(jobId: number): Promise<MixRow | undefined> {
      return db.selectFrom('mixes').selectAll().where('job_id', '=', jobId).executeTakeFirst();
    },

    /** A song's finished mixes whose version is still there, oldest first. */
    mixesOf(songId: number): Promise<MixRow[]> {
      return db.selectFrom('mixes').selectAll().where('song_id', '=', songId).where('status', '=', 'done').where('track_id', 'is not', null).orderBy('created_at').orderBy('id').execute();
    },

    countDoneMixes(songId: number): Promise<number> {
      return db.selectFrom('mixes').select((eb) => eb.fn.countAll<number>().as('n')).where('song_id', '=', songId).where('status', '=', 'done').executeTakeFirstOrThrow().then((r) => Number(r.n));
    },

    async updateMix(id: number, values: Updateable<MixesTable>): Promise<void> {
      await db.updateTable('mixes').set(values).where('id', '=', id).execute();
    },
  };
}
export type BoothRepository = ReturnType<typeof createBoothRepository>;
