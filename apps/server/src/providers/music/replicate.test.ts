import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_MESSAGES } from '@members-only/shared/studio';
import { createReplicateMusic, type ReplicateSettings } from './replicate';
import { audioKind, hostAllowed, publicAddress } from './output';
import { MusicServiceError } from './types';
import { startFakeReplicate, type FakeReplicate } from '../../../test/fake-replicate';

let fake: FakeReplicate;
beforeAll(async () => {
  fake = await startFakeReplicate();
});
afterAll(() => fake.close());
const seen = () => fake.seen;

const provider = (apiKey?: string, extra: Partial<ReplicateSettings> = {}) =>
  createReplicateMusic({ baseUrl: fake.baseUrl, apiKey, model: 'meta/musicgen', timeoutMs: 5000, pollMs: 10, allowPrivateOutput: true, ...extra });
const request = { prompt: 'dark 140 bpm', style: 'trap' as const, seed: 7, title: null, artist: 'mc' };

async function failure(p: Promise<unknown>): Promise<MusicServiceError> {
  const error = await p.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(MusicServiceError);
  return error as MusicServiceError;
}

describe('Replicate music adapter', () => {
  it('creates a prediction (with a deadline), polls it, fetches the audio and decodes it end to end', async () => {
    fake.setMode('ok');
    const result = await provider('r8_test').generate(request);
    expect(audioKind(result.mp3)).toBe('mp3');
    // The decoder read the whole 2-second tone the fake serves.
    expect(result.durationSec).toBeGreaterThan(1.5);
    expect(result.durationSec).toBeLessThan(2.5);
    expect(result.engine).toBe('meta/musicgen (Replicate)');
    expect(seen().at(-1)).toMatchObject({
      auth: 'Bearer r8_test',
      prefer: 'wait',
      cancelAfter: '5s',
      body: { input: { prompt: expect.stringContaining('dark 140 bpm'), seed: 7, output_format: 'mp3' } },
    });
  });

  it('uses a prediction that finished within Prefer: wait (sync mode) without polling it', async () => {
    const sync = await startFakeReplicate({ wait: true });
    try {
      // A poll would wait a minute, past the 5 s deadline: the answer must come from the create.
      const result = await createReplicateMusic({ baseUrl: sync.baseUrl, apiKey: 'r8_test', model: 'meta/musicgen', timeoutMs: 5000, pollMs: 60_000, allowPrivateOutput: true }).generate(request);
      expect(audioKind(result.mp3)).toBe('mp3');
      expect(result.durationSec).toBeGreaterThan(1.5);
      expect(sync.seen).toHaveLength(1);
    } finally {
      await sync.close();
    }
  });

  it('takes WAV output too, and keeps it as MP3', async () => {
    fake.setMode({ output: { kind: 'wav' } });
    const result = await provider('r8_test').generate(request);
    expect(audioKind(result.mp3)).toBe('mp3');
    expect(result.durationSec).toBeGreaterThan(1.5);
  });

  it.each([
    ['401', 502, STUDIO_MESSAGES.authFailed],
    ['429', 429, STUDIO_MESSAGES.rateLimited],
    ['503', 503, STUDIO_MESSAGES.unavailable],
    ['no-audio', 502, STUDIO_MESSAGES.noAudio],
    ['aborted', 502, STUDIO_MESSAGES.stopped],
  ] as const)('maps %s to the spec’s message', async (m, status, message) => {
    fake.setMode(m === 'no-audio' || m === 'aborted' ? m : { status: Number(m) });
    const error = await failure(provider('r8_test').generate(request));
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
  });

  it("keeps a 429's Retry-After", async () => {
    fake.setMode({ status: 429, retryAfter: '17' });
    const error = await failure(provider('r8_test').generate(request));
    expect([error.status, error.retryAfter]).toEqual([429, '17']);
  });

  it('without a key says the key is missing, and sends nothing', async () => {
    const before = seen().length;
    const error = await failure(provider(undefined).generate(request));
    expect(error.message).toBe(STUDIO_MESSAGES.keyMissing);
    expect(seen().length).toBe(before);
  });

  it('cancels a prediction it stops waiting for: its own timeout, or the client giving up', async () => {
    fake.setMode('processing');
    const timedOut = await failure(provider('r8_test', { timeoutMs: 300 }).generate({ ...request, seed: 101 }));
    expect(timedOut.status).toBe(504);
    expect(fake.cancelled).toContain('p101-1');

    const controller = new AbortController();
    const running = provider('r8_test').generate({ ...request, seed: 102, signal: controller.signal, progress: (f) => f >= 0.5 && controller.abort() });
    await failure(running);
    expect(fake.cancelled).toContain('p102-1');
  });

  describe('refuses output it should not fetch, with a plain message', () => {
    const bad = async (mode: Parameters<FakeReplicate['setMode']>[0], extra: Partial<ReplicateSettings> = {}) => {
      fake.setMode(mode);
      return failure(provider('r8_test', extra).generate(request));
    };

    it('not https (outside tests), or on a loopback address', async () => {
      const error = await bad('ok', { allowPrivateOutput: false });
      expect([error.status, error.message]).toEqual([502, STUDIO_MESSAGES.badAudio]);
    });

    it('https on a host that resolves to a loopback address', async () => {
      // localhost is on the allowed list here, so only the address check can refuse it.
      const error = await bad({ output: { url: 'https://localhost:1/audio/x.mp3' } }, { allowPrivateOutput: false, deliveryHosts: ['localhost'] });
      expect(error.message).toBe(STUDIO_MESSAGES.badAudio);
    });

    it('a host that is not the service’s', async () => {
      const error = await bad({ output: { url: 'https://example.com/a.mp3' } });
      expect(error.message).toBe(STUDIO_MESSAGES.badAudio);
    });

    it('a content type that is not audio', async () => {
      const error = await bad({ output: { contentType: 'text/html' } });
      expect(error.message).toBe(STUDIO_MESSAGES.badAudio);
    });

    it('bytes that are not audio, whatever the content type says', async () => {
      const error = await bad({ output: { body: Buffer.from('<html>not audio</html>') } });
      expect(error.message).toBe(STUDIO_MESSAGES.badAudio);
    });

    it('audio magic that does not decode', async () => {
      const error = await bad({ output: { body: Buffer.concat([Buffer.from('ID3'), Buffer.alloc(4000, 7)]) } });
      expect(error.message).toBe(STUDIO_MESSAGES.badAudio);
    });

    it('more than the cap', async () => {
      const error = await bad('ok', { maxBytes: 1000 });
      expect(error.message).toBe(STUDIO_MESSAGES.audioTooLarge);
    });
  });
});

describe('output rules', () => {
  it('takes only public unicast addresses, IPv4 and IPv6, mapped ones as what they carry', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1', '::1', 'fe80::1', 'fc00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '::', 'not-an-ip']) {
      expect(publicAddress(a), a).toBe(false);
    }
    for (const a of ['8.8.8.8', '151.101.1.1', '2606:4700::1111', '::ffff:8.8.8.8']) expect(publicAddress(a), a).toBe(true);
  });

  it('matches delivery hosts exactly, or as subdomains of a *.name', () => {
    const hosts = ['replicate.delivery', '*.replicate.delivery'];
    expect(hostAllowed('replicate.delivery', hosts)).toBe(true);
    expect(hostAllowed('pbxt.replicate.delivery', hosts)).toBe(true);
    expect(hostAllowed('evilreplicate.delivery', hosts)).toBe(false);
    expect(hostAllowed('replicate.delivery.evil.com', hosts)).toBe(false);
  });

  it('knows MP3, WAV, FLAC and Ogg by their first bytes', () => {
    expect(audioKind(Buffer.from('ID3\x04'))).toBe('mp3');
    expect(audioKind(Buffer.from([0xff, 0xfb, 0x90, 0x00]))).toBe('mp3');
    expect(audioKind(Buffer.from('RIFF\0\0\0\0WAVE'))).toBe('wav');
    expect(audioKind(Buffer.from('fLaC\0'))).toBe('flac');
    expect(audioKind(Buffer.from('OggS\0'))).toBe('ogg');
    expect(audioKind(Buffer.from('<!DOCTYPE html>'))).toBeNull();
  });
});
