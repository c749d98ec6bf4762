import type { JobRow } from '../db/types';
import type { EnqueueOptions, JobRepository } from './job.repository';

/** What services see of the queue: add work, read its state. Workers live in worker.ts. */
export interface JobQueue {
  enqueue(type: string, payload: unknown, options?: EnqueueOptions): Promise<JobRow>;
  find(id: number): Promise<JobRow | undefined>;
}

export function createJobQueue(jobs: JobRepository, onEnqueued: () => void = () => {}): JobQueue {
  return {
    async enqueue(type, payload, options) {
      const job = await jobs.insert(type, payload, options);
      onEnqueued();
      return job;
    },
    find: (id) => jobs.findById(id),
  };
}
