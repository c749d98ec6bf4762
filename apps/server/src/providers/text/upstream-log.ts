import type { Env } from '../../env';

/** Where an AI or speech service's own words go: the server log only, never a response (they can carry HTML). */
export interface UpstreamLog {
  warn(details: Record<string, unknown>, message: string): void;
}

const QUIET: ReadonlySet<Env['LOG_LEVEL']> = new Set(['error', 'fatal', 'silent']);

/** The last error each service answered with (this process), for the admin Services page. */
export interface LastUpstreamError {
  status: unknown;
  detail: string;
  at: string;
}
const lastErrors = new Map<string, LastUpstreamError>();

/** The last error the named service (the log's name: 'image', 'speech'...) answered with, if any. */
export function lastUpstreamError(name: string): LastUpstreamError | undefined {
  return lastErrors.get(name);
}

/**
 * A warn-level logger writing one JSON line per entry to stdout, in the shape of the server's own
 * log lines (pino: level 40 is warn), for providers built before the Fastify logger exists.
 */
export function createUpstreamLog(level: Env['LOG_LEVEL'] | undefined, name: string): UpstreamLog {
  const remember = (details: Record<string, unknown>) => {
    if (typeof details.detail === 'string') lastErrors.set(name, { status: details.status, detail: details.detail.slice(0, 300), at: new Date().toISOString() });
  };
  if (level && QUIET.has(level)) return { warn: remember };
  return {
    warn(details, message) {
      remember(details);
      process.stdout.write(`${JSON.stringify({ level: 40, time: Date.now(), name, ...details, msg: message })}\n`);
    },
  };
}
