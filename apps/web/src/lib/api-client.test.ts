import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiErrorSchema } from '@members-only/shared/errors';
import fc from 'fast-check';
import {
  apiRequest,
  errorMessage,
  getJson,
  HttpError,
  INVALID_RESPONSE_MESSAGE,
  InvalidResponseError,
  parseErrorBody,
  sendJson,
} from './api-client';

const itemSchema = z.object({ id: z.number().int(), name: z.string() });

function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' }, ...init });
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('getJson', () => {
  it('GETs the url with the session cookie and returns the parsed body', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 7, name: 'Hook', extra: 'dropped' }));
    const controller = new AbortController();

    const item = await getJson('/api/items/7', itemSchema, { signal: controller.signal });

    expect(item).toEqual({ id: 7, name: 'Hook' });
    expect(fetchMock).toHaveBeenCalledWith('/api/items/7', { credentials: 'include', signal: controller.signal });
  });

  it('throws the spec’s invalid-response error for a body that does not match the schema, logging zod’s issues', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 'seven', name: 'Hook' }));

    const error = await getJson('/api/items/7', itemSchema).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(InvalidResponseError);
    expect((error as Error).message).toBe('Invalid response from server');
    expect((error as InvalidResponseError).url).toBe('/api/items/7');
    expect((error as InvalidResponseError).issues.map((issue) => issue.path)).toEqual([['id']]);
    expect(consoleError).toHaveBeenCalledWith(`${INVALID_RESPONSE_MESSAGE}: /api/items/7`, (error as InvalidResponseError).issues);
  });

  it('rejects a list endpoint that answers an object (spec §5: lists must be arrays)', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ items: [] }));
    await expect(getJson('/api/items', z.array(itemSchema))).rejects.toThrow(INVALID_RESPONSE_MESSAGE);
  });

  it.each([
    ['an empty body', ''],
    ['a non-JSON body', '<!doctype html><title>SPA</title>'],
  ])('treats %s as an invalid response', async (_label, body) => {
    fetchMock.mockResolvedValue(new Response(body, { status: 200 }));
    await expect(getJson('/api/items', itemSchema)).rejects.toBeInstanceOf(InvalidResponseError);
    expect(consoleError).toHaveBeenCalledOnce();
  });

  it('resolves a 401 to null when asked to (the current-user query)', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'Not signed in' }, { status: 401, statusText: 'Unauthorized' }));
    await expect(getJson('/api/user', itemSchema, { on401: 'returnNull' })).resolves.toBeNull();
  });

  it('throws HttpError for a 401 by default', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ message: 'Not signed in' }, { status: 401, statusText: 'Unauthorized' }));
    const error = await getJson('/api/user', itemSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect((error as HttpError).serverMessage).toBe('Not signed in');
  });

  it('does not turn other errors into null with on401: returnNull', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 500, statusText: 'Internal Server Error' }));
    await expect(getJson('/api/user', itemSchema, { on401: 'returnNull' })).rejects.toMatchObject({ status: 500 });
  });

  it('reads the server’s message and code from an error body', async () => {
    const body = { message: "You've used today's 30 chat messages. They reset at 00:00 UTC.", code: 'quota_exceeded' };
    fetchMock.mockResolvedValue(jsonResponse(body, { status: 429, statusText: 'Too Many Requests' }));

    const error = (await getJson('/api/quotas', itemSchema).catch((e: unknown) => e)) as HttpError;

    expect(error.status).toBe(429);
    expect(error.code).toBe('quota_exceeded');
    expect(error.serverMessage).toBe(body.message);
    expect(error.body).toEqual(body);
    expect(error.message).toBe(`429: ${JSON.stringify(body)}`);
  });
});

describe('sendJson', () => {
  it('sends the body as JSON with the method and parses the answer', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 1, name: 'New' }, { status: 201 }));

    const created = await sendJson('POST', '/api/items', { name: 'New' }, itemSchema);

    expect(created).toEqual({ id: 1, name: 'New' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/items');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"name":"New"}', headers: { 'Content-Type': 'application/json' } });
  });

  it('throws HttpError with the field errors of a 400', async () => {
    const body = { message: 'Check the form', fieldErrors: { name: ['Name is required'] } };
    fetchMock.mockResolvedValue(jsonResponse(body, { status: 400, statusText: 'Bad Request' }));

    const error = (await sendJson('PATCH', '/api/items/1', { name: '' }, itemSchema).catch((e: unknown) => e)) as HttpError;

    expect(error).toBeInstanceOf(HttpError);
    expect(error.body?.fieldErrors).toEqual({ name: ['Name is required'] });
  });

  it('throws the invalid-response error when a write answers the wrong shape', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    await expect(sendJson('PUT', '/api/items/1', {}, itemSchema)).rejects.toThrow(INVALID_RESPONSE_MESSAGE);
  });
});

describe('apiRequest', () => {
  it('sends no body and no Content-Type without data, and returns the response', async () => {
    const response = new Response(null, { status: 204 });
    fetchMock.mockResolvedValue(response);

    await expect(apiRequest('DELETE', '/api/items/1')).resolves.toBe(response);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'DELETE', headers: undefined, body: undefined });
  });

  it('lets a network failure through as the TypeError fetch throws', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('POST', '/api/items', {})).rejects.toBeInstanceOf(TypeError);
  });
});

describe('HttpError', () => {
  it('follows the spec’s `${status}: ${body || statusText}` message', () => {
    expect(new HttpError(502, 'Bad Gateway', '').message).toBe('502: Bad Gateway');
    expect(new HttpError(500, 'Internal Server Error', 'boom').message).toBe('500: boom');
  });

  it('has no server message when the body is not the error shape', () => {
    const error = new HttpError(500, 'Internal Server Error', 'boom');
    expect(error.body).toBeNull();
    expect(error.serverMessage).toBeNull();
    expect(error.code).toBeNull();
  });
});

describe('parseErrorBody', () => {
  it.each([
    ['', null],
    ['not json', null],
    ['{"error":"no message field"}', null],
    ['{"message":42}', null],
    ['"a string"', null],
    ['{"message":"Title cannot be empty","code":"validation"}', { message: 'Title cannot be empty', code: 'validation' }],
  ])('%j -> %j', (text, expected) => {
    expect(parseErrorBody(text)).toEqual(expected);
  });

  it('accepts exactly what apiErrorSchema accepts, with the same result', () => {
    const field = fc.oneof(fc.constant(undefined), fc.string(), fc.integer(), fc.constant(null), fc.array(fc.string()), fc.array(fc.oneof(fc.string(), fc.integer())));
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          message: field,
          code: field,
          fieldErrors: fc.oneof(field, fc.dictionary(fc.string(), fc.oneof(fc.array(fc.string()), field))),
          extra: field,
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(body, (value) => {
        const text = JSON.stringify(value) ?? '';
        let parsedValue: unknown = null;
        try {
          parsedValue = JSON.parse(text);
        } catch {
          // not JSON: both give null
        }
        const expected = text ? apiErrorSchema.safeParse(parsedValue) : { success: false as const };
        expect(parseErrorBody(text)).toEqual(expected.success ? expected.data : null);
      }),
    );
  });
});

describe('errorMessage', () => {
  it('prefers the server’s words, then the generic HTTP message', () => {
    expect(errorMessage(new HttpError(400, 'Bad Request', '{"message":"Title cannot be empty"}'))).toBe('Title cannot be empty');
    expect(errorMessage(new HttpError(503, 'Service Unavailable', ''))).toBe('503: Service Unavailable');
  });

  it('says network error for a TypeError, else the error’s message or the fallback', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe('Network error. Please check your connection.');
    expect(errorMessage(new InvalidResponseError('/api/x'))).toBe('Invalid response from server');
    expect(errorMessage('weird', 'Try later')).toBe('Try later');
  });
});
