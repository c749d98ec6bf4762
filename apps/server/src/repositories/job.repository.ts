import { CompiledQuery, type Kysely } from 'kysely';
import type { Database, JobRow } from '../db/types';
import { nowIso } from '../db/index';

export interface EnqueueOptions {
  userId?: number | null;
  maxAttempts?: number;
  runAt?: Date;
}

/** The jobs table: the queue's only SQL. Claiming is one conditional UPDATE, safe with several workers. */
export function createJobRepository(db: Kysely<Database>) {
  return {
    async insert(type: string, payload: unknown, options: EnqueueOptions = {}): Promise<JobRow> {
      const now = nowIso();
      return db
        .insertInto('jobs')
        .values({
          type,
          payload: JSON.stringify(payload),
          user_id: options.userId ?? null,
          status: 'queued',
          max_attempts: options.maxAttempts ?? 3,
          run_at: (options.runAt ?? new Date()).toISOString(),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    findById(id: number): Promise<JobRow | undefined> {
      return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** A job that failed for good goes back to the queue with fresh attempts (the admin's Retry). */
    async retryFailed(id: number): Promise<JobRow | undefined> {
      return db
        .updateTable('jobs')
        .set({ status: 'queued', attempts: 0, progress: 0, run_at: nowIso(), last_error: null, updated_at: nowIso() })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .returningAll()
        .executeTakeFirst();
    },

    /** How many jobs are in each state. */
    async countByStatus(): Promise<Record<string, number>> {
      const rows = await db.selectFrom('jobs').select((eb) => ['status', eb.fn.countAll().as('n')]).groupBy('status').execute();
      return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    },

    /** The latest jobs that failed for good, newest first. */
    recentFailed(limit: number): Promise<JobRow[]> {
      return db.selectFrom('jobs').selectAll().where('status', '=', 'failed').orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    /** Takes the oldest due job, if any. The outer status check makes a lost race claim nothing. */
    async claim(workerId: string, types: string[]): Promise<JobRow | undefined> {
      const now = nowIso();
      return db
        .updateTable('jobs')
        .set((eb) => ({
          status: 'running',
          attempts: eb('attempts', '+', 1),
          locked_at: now,
          locked_by: workerId,
          updated_at: now,
        }))
        .where('status', '=', 'queued')
        .where('id', '=', (eb) =>
          eb
            .selectFrom('jobs')
            .select('id')
            .where('status', '=', 'queued')
            .where('run_at', '<=', now)
            .where('type', 'in', types)
            .orderBy('run_at')
            .orderBy('id')
            .limit(1),
        )
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Starts a run of a job handed over by the PostgreSQL queue (pg-boss): queued, or running
     * under a worker that died. Nothing when it already finished (a late second delivery).
     */
    async begin(id: number, lockedBy: string): Promise<JobRow | undefined> {
      const now = nowIso();
      return db
        .updateTable('jobs')
        .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), locked_at: now, locked_by: lockedBy, updated_at: now }))
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'running'])
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * This repository's connection (the pool, or the unit of work's transaction) in the form the
     * job library (pg-boss) takes, so its job is written in the same transaction as this row.
     */
    connection() {
      return {
        async executeSql(text: string, values: unknown[] = []): Promise<{ rows: any[] }> {
          const query = CompiledQuery.raw(text, values);
          if (db.isTransaction || values.length > 0) return { rows: (await db.executeQuery(query)).rows as any[] };
          // The library's maintenance and schema scripts are several statements with their own
          // BEGIN/COMMIT; one that fails must not hand its connection back inside a failed transaction.
          return db.connection().execute(async (connection) => {
            try {
              return { rows: (await connection.executeQuery(query)).rows as any[] };
            } catch (error) {
              await connection.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => {});
              throw error;
            }
          });
        },
      };
    },

    async setProgress(id: number, progress: number) {
      await db.updateTable('jobs').set({ progress, updated_at: nowIso() }).where('id', '=', id).execute();
    },

    async heartbeat(ids: number[], workerId: string) {
      if (ids.length === 0) return;
      await db
        .updateTable('jobs')
        .set({ locked_at: nowIso() })
        .where('id', 'in', ids)
        .where('locked_by', '=', workerId)
        .where('status', '=', 'running')
        .execute();
    },

    /** Done. With `lockedBy`, only while that run still holds the job. */
    async complete(id: number, lockedBy?: string) {
      await db
        .updateTable('jobs')
        .set({ status: 'done', progress: 1, locked_at: null, locked_by: null, last_error: null, updated_at: nowIso() })
        .where('id', '=', id)
        .$if(lockedBy !== undefined, (q) => q.where('locked_by', '=', lockedBy!))
        .execute();
    },

    /** Back in the queue for another attempt at `retryAt`, or failed for good. With `lockedBy`, only while that run holds it. */
    async fail(id: number, error: string, retryAt: Date | null, lockedBy?: string) {
      await db
        .updateTable('jobs')
        .set({
          status: retryAt ? 'queued' : 'failed',
          run_at: (retryAt ?? new Date()).toISOString(),
          locked_at: null,
          locked_by: null,
          last_error: error.slice(0, 1000),
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .$if(lockedBy !== undefined, (q) => q.where('locked_by', '=', lockedBy!))
        .execute();
    },

    /** Running jobs whose worker stopped renewing its lease (crash, kill): returned to the queue. */
    async requeueStale(leaseMs: number): Promise<JobRow[]> {
      const cutoff = new Date(Date.now() - leaseMs).toISOString();
      return db
        .updateTable('jobs')
        .set({ status: 'queued', locked_at: null, locked_by: null, updated_at: nowIso() })
        .where('status', '=', 'running')
        .where('locked_at', '<', cutoff)
        .returningAll()
        .execute();
    },

    /** Returns running jobs held by a worker that is starting again under the same id. */
    async releaseWorker(workerId: string) {
      await db
        .updateTable('jobs')
        .set({ status: 'queued', locked_at: null, locked_by: null, updated_at: nowIso() })
        .where('status', '=', 'running')
        .where('locked_by', '=', workerId)
        .execute();
    },
  };
}
export type JobRepository = ReturnType<typeof createJobRepository>;
