import type { ApiError } from '@members-only/shared/errors';
import type { z } from 'zod';

/**
 * The one fetch wrapper (spec §7, §8). Same-origin relative URLs only: the server refuses
 * state-changing requests from another Origin. Every JSON response is checked against the shared
 * zod schema of its endpoint: `getJson` for reads, `sendJson` for writes that answer JSON.
 */

/** Body of every API error (amendment C4): `apiErrorSchema` in @members-only/shared. */
export type ApiErrorBody = ApiError;

/** The spec's text for a response that is not what the endpoint promises (§5). */
export const INVALID_RESPONSE_MESSAGE = 'Invalid response from server';

/**
 * A 2xx response whose body is empty, not JSON, or not the shape of the endpoint's schema.
 * Its message is always the spec's 'Invalid response from server'; `issues` says why (for developers).
 */
export class InvalidResponseError extends Error {
  readonly url: string;
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(url: string, issues: readonly z.core.$ZodIssue[] = []) {
    super(INVALID_RESPONSE_MESSAGE);
    this.name = 'InvalidResponseError';
    this.url = url;
    this.issues = issues;
  }
}

/**
 * A non-2xx response. `message` follows the spec's generic format `${status}: ${bodyText || statusText}`;
 * `serverMessage` and `code` are the server's own when the body was the JSON error shape.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;
  readonly serverMessage: string | null;
  /** The server's machine-readable reason, e.g. 'quota_exceeded' on a 429. */
  readonly code: string | null;
  /** Seconds to wait before trying again, from the answer's Retry-After (whole seconds), when it had one. */
  readonly retryAfter: number | undefined;

  constructor(status: number, statusText: string, bodyText: string, retryAfter?: string | null) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = parseErrorBody(bodyText);
    this.serverMessage = this.body?.message ?? null;
    this.code = this.body?.code ?? null;
    this.retryAfter = retryAfter && /^\d{1,6}$/.test(retryAfter.trim()) ? Number(retryAfter.trim()) : undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The JSON error shape, or null for anything else (an HTML error page, plain text, other JSON).
 * Checked by hand to the letter of `apiErrorSchema` rather than with it: every page reads error
 * bodies, and the schema would put zod in every page's first load (the test holds the two together).
 */
export function parseErrorBody(text: string): ApiErrorBody | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null; // Not JSON: the generic message already carries the text.
  }
  if (!isObject(value) || typeof value.message !== 'string') return null;
  const { message, code, fieldErrors } = value;
  if (code !== undefined && typeof code !== 'string') return null;
  if (fieldErrors !== undefined) {
    if (!isObject(fieldErrors)) return null;
    for (const messages of Object.values(fieldErrors)) {
      if (!Array.isArray(messages) || !messages.every((m) => typeof m === 'string')) return null;
    }
  }
  return {
    message,
    ...(code !== undefined && { code }),
    ...(fieldErrors !== undefined && { fieldErrors: { ...(fieldErrors as Record<string, string[]>) } }),
  };
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
  throw new HttpError(res.status, res.statusText, text, res.headers.get('retry-after'));
}

/**
 * A response schema, or a function that loads it. The loader form keeps a schema module (and the
 * full zod) out of a page's first load until a response actually needs checking, e.g. the current
 * user, which the signed-out sign-in page only ever receives as a 401.
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

const resolveSchema = <S extends z.ZodType>(source: SchemaSource<S>): S | Promise<S> =>
  typeof source === 'function' ? source() : source;

/**
 * Checks `value` (a parsed response body from `url`) against `schema`. A mismatch is logged with
 * zod's issues for developers and thrown as InvalidResponseError.
 */
export function parseResponse<S extends z.ZodType>(schema: S, value: unknown, url: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  console.error(`${INVALID_RESPONSE_MESSAGE}: ${url}`, result.error.issues);
  throw new InvalidResponseError(url, result.error.issues);
}

/** Parses a JSON body with `schema`; an empty or non-JSON body is invalid too. */
export async function readJson<S extends z.ZodType>(res: Response, schemaSource: SchemaSource<S>, url: string = res.url): Promise<z.output<S>> {
  const [text, schema] = await Promise.all([res.text(), resolveSchema(schemaSource)]);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    console.error(`${INVALID_RESPONSE_MESSAGE}: ${url}`, text ? 'the body is not JSON' : 'the body is empty');
    throw new InvalidResponseError(url);
  }
  return parseResponse(schema, value, url);
}

export interface ApiRequestOptions {
  signal?: AbortSignal;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Sends a request with the session cookie; a body, when given, is JSON. Throws HttpError on
 * non-2xx. For responses that are not JSON (204, event streams); JSON goes through getJson/sendJson.
 */
export async function apiRequest(method: HttpMethod, url: string, data?: unknown, options: ApiRequestOptions = {}): Promise<Response> {
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

export interface GetJsonOptions extends ApiRequestOptions {
  /** 'returnNull': a 401 resolves to null instead of throwing (the current-user query, spec §7). */
  on401?: 'throw' | 'returnNull';
}

/** GETs `url` and parses the body with `schema`. Throws HttpError on non-2xx, InvalidResponseError on a mismatch. */
export function getJson<S extends z.ZodType>(url: string, schema: SchemaSource<S>, options?: ApiRequestOptions & { on401?: 'throw' }): Promise<z.output<S>>;
export function getJson<S extends z.ZodType>(url: string, schema: SchemaSource<S>, options: ApiRequestOptions & { on401: 'returnNull' }): Promise<z.output<S> | null>;
export async function getJson<S extends z.ZodType>(url: string, schema: SchemaSource<S>, { on401 = 'throw', signal }: GetJsonOptions = {}): Promise<z.output<S> | null> {
  const res = await fetch(url, { credentials: 'include', signal });
  if (on401 === 'returnNull' && res.status === 401) return null;
  await throwIfResNotOk(res);
  return readJson(res, schema, url);
}

/** Sends `body` as JSON with `method` and parses the JSON answer with `schema`. */
export async function sendJson<S extends z.ZodType>(
  method: Exclude<HttpMethod, 'GET'>,
  url: string,
  body: unknown,
  schema: SchemaSource<S>,
  options: ApiRequestOptions = {},
): Promise<z.output<S>> {
  const res = await apiRequest(method, url, body, options);
  return readJson(res, schema, url);
}
