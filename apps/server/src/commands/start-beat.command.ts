import type { BeatRow } from '../db/types';
import type { NewBeat } from '../repositories/beat.repository';
import type { UnitOfWork } from '../repositories/index';
import type { JobQueue } from '../jobs/queue';

/**
 * Accepts a beat's work in one transaction: the beat's row, its generation job, the row's link to
 * the job and its conversation's "last edited" time. A failure leaves no beat without its job and
 * no job pointing at a missing beat. The caller (the studio service, which has already authorized
 * the actor and taken the quota unit) wakes the queue after it returns, once the job is committed.
 */
export async function startBeatCommand({ values }: { values: NewBeat }, deps: { uow: UnitOfWork; queue: Pick<JobQueue, 'enqueue'> }): Promise<BeatRow> {
  const { uow, queue } = deps;
  return uow.run(async (r) => {
    const row = await r.beats.insert(values);
    const job = await queue.enqueue('beat.generate', { beatId: row.id }, { jobs: r.jobs, userId: values.user_id, maxAttempts: 1 });
    await r.beats.update(row.id, { job_id: job.id });
    if (values.conversation_id !== null) await r.conversations.touch(values.conversation_id);
    return row;
  });
}
