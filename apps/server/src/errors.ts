/** A failure the client should see, with its HTTP status and a stable code (amendment C4). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string,
    readonly fieldErrors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** Extra fields for the JSON body, e.g. the quota that ran out. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * A failure that no retry can fix (e.g. the file is not audio): the job fails at once. Thrown by
 * services and providers (speech-to-text refusing a file), caught by the job worker.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** The disk (or the database's) is full: 507, so the artist knows it is not their file (ADR 031). */
export const diskFull = () =>
  new AppError(507, 'The server has run out of storage space, so nothing new can be saved right now. Please try again later.', 'insufficient_storage');

/**
 * Whether `error` says the disk is full: Node's ENOSPC or EDQUOT (a file write), SQLite's
 * SQLITE_FULL, PostgreSQL's disk_full (53100), also when wrapped as another error's cause.
 */
export function isDiskFull(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.code === 'ENOSPC' || e.code === 'EDQUOT' || e.code === 'SQLITE_FULL' || e.code === '53100') return true;
  }
  return false;
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new AppError(400, message, 'bad_request', fieldErrors);
export const unauthorized = (message = 'You need to sign in first.') => new AppError(401, message, 'unauthorized');
export const invalidCredentials = () => new AppError(401, 'Invalid username or password', 'invalid_credentials');
export const forbidden = (message = 'You are not allowed to do that.') => new AppError(403, message, 'forbidden');
export const notFound = (what = 'Resource') => new AppError(404, `${what} not found`, 'not_found');
export const conflict = (message: string, field?: string) =>
  new AppError(409, message, 'conflict', field ? { [field]: [message] } : undefined);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, 'rate_limited', undefined, { 'retry-after': String(Math.ceil(retryAfterSeconds)) });
export const quotaExceeded = (message: string, retryAfterSeconds: number, quota: unknown) =>
  new AppError(429, message, 'quota_exceeded', undefined, { 'retry-after': String(Math.ceil(retryAfterSeconds)) }, { quota });
