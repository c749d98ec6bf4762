import type { Insertable, Kysely, Updateable } from 'kysely';
import type { BeatRow, BeatsTable, Database } from '../db/types';
import { nowIso } from '../db/index';

/** A beat with its job's progress (0..1). */
export type BeatWithProgress = BeatRow & { job_progress: number | null };

export type NewBeat = Pick<BeatRow, 'user_id' | 'conversation_id' | 'title' | 'prompt' | 'style' | 'engine' | 'seed'> &
  Partial<Pick<Insertable<BeatsTable>, 'source_beat_id' | 'derivation' | 'variation' | 'extensions'>>;

export function createBeatRepository(db: Kysely<Database>) {
  return {
    findById(id: number): Promise<BeatRow | undefined> {
      return db.selectFrom('beats').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByFilename(filename: string): Promise<BeatRow | undefined> {
      return db.selectFrom('beats').selectAll().where('filename', '=', filename).executeTakeFirst();
    },
    /** The user's beats, newest first. */
    listForUser(userId: number, limit = 200): Promise<BeatWithProgress[]> {
      return db
        .selectFrom('beats')
        .leftJoin('jobs', 'jobs.id', 'beats.job_id')
        .selectAll('beats')
        .select('jobs.progress as job_progress')
        .where('beats.user_id', '=', userId)
        .orderBy('beats.created_at', 'desc')
        .orderBy('beats.id', 'desc')
        .limit(limit)
        .execute();
    },
    insert(values: NewBeat): Promise<BeatRow> {
      const now = nowIso();
      return db
        .insertInto('beats')
        .values({ ...values, status: 'queued', created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** Gives the beat a name unless it has one (an artist's rename wins over the made-up name). */
    async nameIfUnnamed(id: number, title: string): Promise<void> {
      await db.updateTable('beats').set({ title, updated_at: nowIso() }).where('id', '=', id).where('title', 'is', null).execute();
    },
    async update(id: number, values: Omit<Updateable<BeatsTable>, 'id' | 'user_id' | 'created_at'>): Promise<void> {
      await db.updateTable('beats').set({ ...values, updated_at: nowIso() }).where('id', '=', id).execute();
    },
  };
}
export type BeatRepository = ReturnType<typeof createBeatRepository>;
