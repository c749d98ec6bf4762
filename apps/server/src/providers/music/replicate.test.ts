import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_MESSAGES } from '@members-only/shared/studio';
import { createReplicateMusic } from './replicate';
import { MusicServiceError } from './types';
import { startFakeReplicate, type FakeReplicate } from '../../../test/fake-replicate';

let fake: FakeReplicate;
beforeAll(async () => {
  fake = await startFakeReplicate();
});
afterAll(() => fake.close());
const seen = () => fake.seen;

const provider = (apiKey?: string) => createReplicateMusic({ baseUrl: fake.baseUrl, apiKey, model: 'meta/musicgen', timeoutMs: 5000, pollMs: 10 });
const request = { prompt: 'dark 140 bpm', style: 'trap' as const, seed: 7, title: null, artist: 'mc' };

async function failure(p: Promise<unknown>): Promise<MusicServiceError> {
  const error = await p.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(MusicServiceError);
  return error as MusicServiceError;
}

describe('Replicate music adapter', () => {
  it('creates a prediction, polls it, and fetches the audio into our hands', async () => {
    fake.setMode('ok');
    const result = await provider('r8_test').generate(request);
    expect(result.mp3.toString()).toBe('ID3fake-mp3');
    expect(result.engine).toBe('meta/musicgen (Replicate)');
    expect(seen().at(-1)).toMatchObject({ auth: 'Bearer r8_test', prefer: 'wait', body: { input: { prompt: expect.stringContaining('dark 140 bpm'), seed: 7, output_format: 'mp3' } } });
  });

  it.each([
    ['401', 502, STUDIO_MESSAGES.authFailed],
    ['429', 429, STUDIO_MESSAGES.rateLimited],
    ['503', 503, STUDIO_MESSAGES.unavailable],
    ['no-audio', 502, STUDIO_MESSAGES.noAudio],
  ] as const)('maps %s to the spec’s message', async (m, status, message) => {
    fake.setMode(m === 'no-audio' ? m : { status: Number(m) });
    const error = await failure(provider('r8_test').generate(request));
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
  });

  it('without a key says the key is missing, and sends nothing', async () => {
    const before = seen().length;
    const error = await failure(provider(undefined).generate(request));
    expect(error.message).toBe(STUDIO_MESSAGES.keyMissing);
    expect(seen().length).toBe(before);
  });
});
