import type { JobRow } from '../db/types';
import type { EnqueueOptions, JobRepository } from '../repositories/job.repository';
import { parseJobPayload, type JobName, type JobPayload } from './registry';

/** What services see of the queue: add work, read its state. Workers live in worker.ts. */
export interface JobQueue {
  /**
   * Adds a job. Inside a unit of work, pass its job repository (`options.jobs`) so the job is
   * written in the same transaction, and call `notify()` after it commits.
   */
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options?: EnqueueOptions & { jobs?: JobRepository }): Promise<JobRow>;
  find(id: number): Promise<JobRow | undefined>;
  /** Wakes this process's worker; others find new jobs on their next poll. */
  notify(): void;
  /** Puts a job that failed for good back in the queue; undefined when there is no such failed job. */
  retry(id: number): Promise<JobRow | undefined>;
}

export function createJobQueue(jobs: JobRepository, onEnqueued: () => void = () => {}): JobQueue {
  return {
    async enqueue(name, payload, options = {}) {
      const { jobs: inTransaction, ...rest } = options;
      const job = await (inTransaction ?? jobs).insert(name, parseJobPayload(name, payload), rest);
      if (!inTransaction) onEnqueued();
      return job;
    },
    notify: onEnqueued,
    find: (id) => jobs.findById(id),
    async retry(id) {
      const job = await jobs.retryFailed(id);
      if (job) onEnqueued();
      return job;
    },
  };
}
