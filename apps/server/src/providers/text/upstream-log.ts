import type { Env } from '../../env';

/** Where an AI or speech service's own words go: the server log only, never a response (they can carry HTML). */
export interface UpstreamLog {
  warn(details: Record<string, unknown>, message: string): void;
}

const QUIET: ReadonlySet<Env['LOG_LEVEL']> = new Set(['error', 'fatal', 'silent']);

/**
 * A warn-level logger writing one JSON line per entry to stdout, in the shape of the server's own
 * log lines (pino: level 40 is warn), for providers built before the Fastify logger exists.
 */
export function createUpstreamLog(level: Env['LOG_LEVEL'] | undefined, name: string): UpstreamLog {
  if (level && QUIET.has(level)) return { warn() {} };
  return {
    warn(details, message) {
      process.stdout.write(`${JSON.stringify({ level: 40, time: Date.now(), name, ...details, msg: message })}\n`);
    },
  };
}
