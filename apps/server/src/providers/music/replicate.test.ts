import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_MESSAGES } from '@members-only/shared/studio';
import { createReplicateMusic } from './replicate';
import { MusicServiceError } from './types';

/** A local server speaking Replicate's predictions protocol; `mode` picks its behaviour. */
let mode: 'ok' | '401' | '429' | '503' | 'no-audio' = 'ok';
const seen: { auth?: string; body?: unknown; prefer?: string }[] = [];
let base = '';
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const send = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
    if (req.url === '/audio/out.mp3') return res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(Buffer.from('ID3fake-mp3'));
    if (req.method === 'POST' && req.url === '/v1/models/meta/musicgen/predictions') {
      seen.push({ auth: req.headers.authorization, body: JSON.parse(body), prefer: String(req.headers.prefer) });
      if (mode === '401') return send(401, { title: 'Unauthenticated', detail: 'You did not pass a valid authentication token', status: 401 });
      if (mode === '429') return send(429, { title: 'Request was throttled', status: 429 });
      if (mode === '503') return send(503, { detail: 'Service Unavailable' });
      // Still running: the client polls urls.get.
      return send(201, { id: 'p1', status: 'processing', output: null, urls: { get: `${base}/v1/predictions/p1` } });
    }
    if (req.method === 'GET' && req.url === '/v1/predictions/p1') {
      return send(200, { id: 'p1', status: 'succeeded', output: mode === 'no-audio' ? null : `${base}/audio/out.mp3`, urls: { get: `${base}/v1/predictions/p1` } });
    }
    send(404, { detail: 'not found' });
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const provider = (apiKey?: string) => createReplicateMusic({ baseUrl: `${base}/v1`, apiKey, model: 'meta/musicgen', timeoutMs: 5000, pollMs: 10 });
const request = { prompt: 'dark 140 bpm', style: 'trap' as const, seed: 7, title: null, artist: 'mc' };

async function failure(p: Promise<unknown>): Promise<MusicServiceError> {
  const error = await p.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(MusicServiceError);
  return error as MusicServiceError;
}

describe('Replicate music adapter', () => {
  it('creates a prediction, polls it, and fetches the audio into our hands', async () => {
    mode = 'ok';
    const result = await provider('r8_test').generate(request);
    expect(result.mp3.toString()).toBe('ID3fake-mp3');
    expect(result.engine).toBe('meta/musicgen (Replicate)');
    expect(seen.at(-1)).toMatchObject({ auth: 'Bearer r8_test', prefer: 'wait', body: { input: { prompt: expect.stringContaining('dark 140 bpm'), seed: 7, output_format: 'mp3' } } });
  });

  it.each([
    ['401', 502, STUDIO_MESSAGES.authFailed],
    ['429', 429, STUDIO_MESSAGES.rateLimited],
    ['503', 503, STUDIO_MESSAGES.unavailable],
    ['no-audio', 502, STUDIO_MESSAGES.noAudio],
  ] as const)('maps %s to the spec’s message', async (m, status, message) => {
    mode = m;
    const error = await failure(provider('r8_test').generate(request));
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
  });

  it('without a key says the key is missing, and sends nothing', async () => {
    const before = seen.length;
    const error = await failure(provider(undefined).generate(request));
    expect(error.message).toBe(STUDIO_MESSAGES.keyMissing);
    expect(seen.length).toBe(before);
  });
});
