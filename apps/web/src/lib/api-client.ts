/**
 * The one fetch wrapper (spec §7, §8). Same-origin relative URLs only: the server refuses
 * state-changing requests from another Origin.
 */

/** Body of every API error (amendment C4); mirrors `apiErrorSchema` in @members-only/shared. */
export interface ApiErrorBody {
  message: string;
  code?: string;
  fieldErrors?: Record<string, string[]>;
}

/**
 * A non-2xx response. `message` follows the spec's generic format `${status}: ${bodyText || statusText}`;
 * `serverMessage` is the server's own `message` when the body was the JSON error shape.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;
  readonly serverMessage: string | null;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = parseErrorBody(bodyText);
    this.serverMessage = this.body?.message ?? null;
  }
}

function parseErrorBody(text: string): ApiErrorBody | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && typeof (value as { message?: unknown }).message === 'string') {
      return value as ApiErrorBody;
    }
  } catch {
    // Not JSON: the generic message already carries the text.
  }
  return null;
}

/** The message to show a person: the server's own words when it sent some. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof HttpError) return error.serverMessage ?? error.message;
  if (error instanceof TypeError) return 'Network error. Please check your connection.';
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => '');
  throw new HttpError(res.status, res.statusText, text);
}

export interface ApiRequestOptions {
  signal?: AbortSignal;
}

/** Sends a request with the session cookie; a body, when given, is JSON. Throws HttpError on non-2xx. */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  options: ApiRequestOptions = {},
): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { 'Content-Type': 'application/json' } : undefined,
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
    signal: options.signal,
  });
  await throwIfResNotOk(res);
  return res;
}

/** Parses a JSON body; an empty or non-JSON body is the spec's 'Invalid response from server'. */
export async function readJson<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (!text) throw new Error('Invalid response from server');
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error('Invalid response from server');
  }
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** GET `url`; with `on401: 'returnNull'` a 401 resolves to null instead of throwing. */
export async function getJson<T>(
  url: string,
  { on401 = 'throw', signal }: { on401?: UnauthorizedBehavior; signal?: AbortSignal } = {},
): Promise<T | null> {
  const res = await fetch(url, { credentials: 'include', signal });
  if (on401 === 'returnNull' && res.status === 401) return null;
  await throwIfResNotOk(res);
  return readJson<T>(res);
}
