import { z } from 'zod';
import { PermanentJobError } from '../errors';
import type { JobProcessor } from './worker';

const id = z.number().int().positive();

/**
 * Every kind of background job: its name and the payload it carries (after Immich's JobName →
 * JobItem map). Enqueueing checks the payload against its schema, and so does the worker before a
 * processor sees it, so a job written by an older version fails clearly instead of half-running.
 */
export const JOBS = {
  'track.analyze': z.object({ trackId: id }),
  'track.transcribe': z.object({ trackId: id }),
  'beat.generate': z.object({ beatId: id }),
  'booth.mixdown': z.object({ mixId: id }),
} as const satisfies Record<string, z.ZodType>;

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]>;

/** One processor per job name: a name without one is a type error. */
export type JobProcessors = { [N in JobName]: JobProcessor<JobPayload<N>> };

export function parseJobPayload<N extends JobName>(name: N, payload: unknown): JobPayload<N> {
  const result = JOBS[name].safeParse(payload);
  if (!result.success) throw new PermanentJobError(`Invalid payload for job ${name}: ${result.error.issues[0]?.message ?? 'invalid'}`);
  return result.data as JobPayload<N>;
}

/** The worker's view of the processors: each checks its payload before running. */
export function registerProcessors(processors: JobProcessors): Record<string, JobProcessor> {
  const entries = (Object.keys(processors) as JobName[]).map((name) => {
    const processor = processors[name] as JobProcessor<unknown>;
    const checked: JobProcessor = {
      run: (payload, context) => processor.run(parseJobPayload(name, payload), context),
      async onFinalFailure(payload, error) {
        const parsed = JOBS[name].safeParse(payload);
        if (parsed.success) await processor.onFinalFailure?.(parsed.data, error);
      },
    };
    return [name, checked] as const;
  });
  return Object.fromEntries(entries);
}
