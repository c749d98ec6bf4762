import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_MESSAGES } from '@members-only/shared/studio';
import type { QuotaKind } from '@members-only/shared';
import { createTestApp, dialects, registerUser, waitFor, type TestApp } from './helpers';
import { startFakeOpenAi, type FakeBehaviour, type FakeOpenAi } from './fake-openai';
import { startFakeStt, type FakeSttReply } from './fake-stt';
import { startFakeImages, type FakeImagesReply } from './fake-images';
import { startFakeReplicate, type FakeReplicate, type FakeReplicateMode } from './fake-replicate';
import { startFakeStripe, type FakeStripeFault, type RunningFakeStripe } from './fake-stripe';
import { startS3Server, type S3Fault, type TestS3Server } from './s3-server';
import { makeClickTrack } from '../src/audio/fixtures';
import { DEFAULT_QUOTAS } from '../src/env';

/**
 * Upstream faults for every outside service (issue 18): a local server speaking each one's
 * protocol answers 429, 500, something that is not its format ("garbage"), an empty result, or
 * nothing at all ("hang"). For each: the artist gets our message with the right status within the
 * configured timeout (small here), nothing is half-saved (no row, no file, no quota spent), and the
 * next request, with the service healthy again, works.
 */
const FAULTS = ['429', '500', 'garbage', 'empty', 'hang'] as const;
type Fault = (typeof FAULTS)[number];

/** Slack over a configured timeout for the app's own work (database, multipart, scheduling on a busy machine). */
const SLACK_MS = 4000;

type User = Awaited<ReturnType<typeof registerUser>>;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

const quotaUsed = async (t: TestApp, user: User, kind: QuotaKind): Promise<number> =>
  (await t.app.inject({ url: '/api/quotas', headers: { cookie: user.cookie } })).json().quotas[kind].used;

async function listen(t: TestApp) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

function uploadTrack(base: string, cookie: string, bytes: Buffer, filename: string) {
  const form = new FormData();
  form.append('audioFile', new Blob([new Uint8Array(bytes)]), filename);
  return fetch(`${base}/api/tracks/upload`, { method: 'POST', headers: { cookie }, body: form });
}

const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [e.name])) : [];

let wav: Buffer;
beforeAll(async () => {
  wav = fs.readFileSync(await makeClickTrack({ bpm: 100, seconds: 2, channels: 1 }));
});

describe.each(dialects)('upstream faults on %s', (dialect) => {
  describe('text model (AI_BASE_URL)', () => {
    const TIMEOUT_S = 1;
    let fake: FakeOpenAi;
    let t: TestApp;
    let alice: User;
    beforeAll(async () => {
      fake = await startFakeOpenAi();
      t = await createTestApp(dialect, { AI_BASE_URL: fake.baseUrl, AI_MODEL: 'fault-model', AI_TIMEOUT_SECONDS: TIMEOUT_S });
      alice = await registerUser(t.app);
    });
    afterEach(() => fake.reset());
    afterAll(async () => {
      await t?.close();
      await fake?.close();
    });

    const behaviours: Record<Fault, FakeBehaviour> = {
      '429': { kind: 'status', status: 429 },
      '500': { kind: 'status', status: 500 },
      garbage: { kind: 'malformed' },
      empty: { kind: 'empty', shape: 'empty-content' },
      hang: { kind: 'hang' },
    };
    const expected: Record<Fault, [number, string]> = {
      '429': [429, 'The AI service is rate limiting requests. Please try again in a moment.'],
      '500': [503, 'The AI service is unavailable (it answered 500). Please try again later.'],
      garbage: [502, 'The AI service sent a reply we could not read (invalid JSON in stream).'],
      empty: [502, 'The AI service sent an empty reply. Please try again.'],
      hang: [504, 'The AI service took too long to answer. Please try again.'],
    };

    it.each(FAULTS)('a chat message when the model answers %s', async (fault) => {
      const conversation = (await t.app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie: alice.cookie }, payload: { category: 'chat' } })).json();
      const url = `/api/conversations/${conversation.id}/messages`;
      const usedBefore = await quotaUsed(t, alice, 'chat');
      fake.enqueue(behaviours[fault]);
      const { value: res, ms } = await timed(() => t.app.inject({ method: 'POST', url, headers: { cookie: alice.cookie }, payload: { content: 'Help me with a hook' } }));
      const [status, message] = expected[fault];
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
      expect(ms).toBeLessThan(TIMEOUT_S * 1000 + SLACK_MS);
      // The artist's message stays (for Retry); no reply was saved, and the quota unit came back.
      const saved = (await t.app.inject({ url, headers: { cookie: alice.cookie } })).json() as { role: string }[];
      expect(saved.map((m) => m.role)).toEqual(['user']);
      expect(await quotaUsed(t, alice, 'chat')).toBe(usedBefore);

      fake.enqueue({ kind: 'reply', text: 'Here is a hook.' });
      const next = await t.app.inject({ method: 'POST', url, headers: { cookie: alice.cookie }, payload: { content: 'Try again' } });
      expect(next.statusCode, next.body).toBe(201);
      expect(next.json().at(-1)).toMatchObject({ role: 'assistant', content: 'Here is a hook.' });
    });
  });

  describe('speech-to-text (STT_BASE_URL)', () => {
    const replies: Record<Fault, FakeSttReply> = {
      '429': { status: 429 },
      '500': { status: 500 },
      garbage: { status: 200, body: '<html>Bad gateway</html>' },
      empty: { status: 200, text: '' },
      hang: { status: 200, hang: true },
    };
    const expected: Record<Fault, string> = {
      '429': 'The speech-to-text service is rate limiting requests',
      '500': 'The speech-to-text service answered 500',
      garbage: 'The speech-to-text service sent a reply we could not read',
      empty: 'The speech-to-text service heard no words in this recording',
      hang: 'The speech-to-text service took too long to answer',
    };

    // A transcription is a background job retried twice (2 s, then 4 s): the faults run side by side, each with its own service and app.
    it.concurrent.each(FAULTS)('a transcription when the service answers %s', async (fault) => {
      const stt = await startFakeStt();
      // The analysis job shares the process (and a busy machine) with four other apps here: a
      // short limit for the service that never answers, room to spare for those that answer at once.
      const t = await createTestApp(dialect, { WORKERS: 2, STT_BASE_URL: stt.baseUrl, STT_TIMEOUT_SECONDS: fault === 'hang' ? 3 : 15 });
      try {
        const base = await listen(t);
        const alice = await registerUser(t.app);
        stt.setDefault(replies[fault]);
        const uploaded = await uploadTrack(base, alice.cookie, wav, 'verse.wav');
        expect(uploaded.status).toBe(201);
        const track = (await uploaded.json()) as { id: number };
        const failed = await waitFor(
          async () => (await t.app.inject({ url: `/api/tracks/${track.id}`, headers: { cookie: alice.cookie } })).json(),
          (tr) => tr.transcriptionStatus !== 'pending' && tr.transcriptionStatus !== 'processing',
          45_000,
        );
        // Our words and the manual path; no half-written lyrics.
        expect(failed).toMatchObject({ transcriptionStatus: 'failed', transcription: null, transcriptionSource: null });
        expect(failed.transcriptionError).toBe(`The lyrics could not be written out (${expected[fault]}). Paste or type them instead.`);

        stt.setDefault({ status: 200, text: 'Bars from the booth' });
        const next = (await (await uploadTrack(base, alice.cookie, wav, 'verse two.wav')).json()) as { id: number };
        const done = await waitFor(
          async () => (await t.app.inject({ url: `/api/tracks/${next.id}`, headers: { cookie: alice.cookie } })).json(),
          (tr) => tr.transcriptionStatus === 'done',
          30_000,
        );
        expect(done).toMatchObject({ transcription: 'Bars from the booth', transcriptionSource: 'speech-to-text' });
      } finally {
        await t.close();
        await stt.close();
      }
    }, 100_000);
  });

  describe('image model (IMAGE_BASE_URL)', () => {
    // Two seconds, not one: the healthy request after each fault must fit in it too, and its fake
    // answers from this test's own process, which shares two cores with the browser journeys in CI.
    const TIMEOUT_S = 2;
    let images: Awaited<ReturnType<typeof startFakeImages>>;
    let t: TestApp;
    let alice: User;
    let dataDir: string;
    beforeAll(async () => {
      images = await startFakeImages();
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-faults-images-'));
      t = await createTestApp(dialect, { dataDir, IMAGE_BASE_URL: images.baseUrl, IMAGE_MODEL: 'image-test', IMAGE_TIMEOUT_SECONDS: TIMEOUT_S });
      alice = await registerUser(t.app);
    });
    afterEach(() => images.setDefault(undefined));
    afterAll(async () => {
      await t?.close();
      await images?.close();
    });

    const replies: Record<Fault, FakeImagesReply> = {
      '429': { status: 429 },
      '500': { status: 500 },
      garbage: { status: 200, body: '{"created": 1, "data": [{"b64_js' },
      empty: { status: 200, body: '{"created": 1, "data": []}' },
      hang: { hang: true },
    };
    const expected: Record<Fault, [number, string]> = {
      '429': [429, 'The image service is rate limiting requests. Please try again in a minute.'],
      '500': [503, 'The image service answered 500.'],
      garbage: [502, 'The image service sent a reply we could not read.'],
      empty: [502, 'The image service sent no image.'],
      hang: [504, 'The image service took too long to answer.'],
    };

    it.each(FAULTS)('a cover when the image service answers %s', async (fault) => {
      const coversBefore = (await t.app.inject({ url: '/api/coverarts', headers: { cookie: alice.cookie } })).json().length;
      const usedBefore = await quotaUsed(t, alice, 'cover');
      images.setDefault(replies[fault]);
      const payload = { prompt: 'Gold chains under a storm', title: 'Storm Gold' };
      const { value: res, ms } = await timed(() => t.app.inject({ method: 'POST', url: '/api/coverarts', headers: { cookie: alice.cookie }, payload }));
      expect([res.statusCode, res.json().message]).toEqual(expected[fault]);
      expect(ms).toBeLessThan(TIMEOUT_S * 1000 + SLACK_MS);
      expect((await t.app.inject({ url: '/api/coverarts', headers: { cookie: alice.cookie } })).json()).toHaveLength(coversBefore);
      expect(filesUnder(path.join(dataDir, 'uploads', 'covers'))).toHaveLength(coversBefore);
      expect(await quotaUsed(t, alice, 'cover')).toBe(usedBefore);

      images.setDefault(undefined);
      const next = await t.app.inject({ method: 'POST', url: '/api/coverarts', headers: { cookie: alice.cookie }, payload });
      expect(next.statusCode, next.body).toBe(201);
    }, 30_000);

    it("answers the image service's 429 with its Retry-After", async () => {
      images.enqueue({ status: 429, headers: { 'retry-after': '30' } });
      const res = await t.app.inject({ method: 'POST', url: '/api/coverarts', headers: { cookie: alice.cookie }, payload: { prompt: 'Storm', title: 'Storm Gold' } });
      expect([res.statusCode, res.headers['retry-after']]).toEqual([429, '30']);
    });

    it('a 400 about a parameter is the service rejecting the request; a content policy refusal is the prompt', async () => {
      const payload = { prompt: 'Gold chains under a storm', title: 'Storm Gold' };
      images.enqueue(
        { status: 400, body: JSON.stringify({ error: { message: "Invalid value: 'hd'.", type: 'invalid_request_error', param: 'quality', code: 'invalid_value' } }) },
        { status: 400, body: JSON.stringify({ error: { message: 'Rejected by the safety system.', type: 'invalid_request_error', param: null, code: 'content_policy_violation' } }) },
      );
      const rejected = await t.app.inject({ method: 'POST', url: '/api/coverarts', headers: { cookie: alice.cookie }, payload });
      expect([rejected.statusCode, rejected.json().code]).toEqual([502, 'upstream_rejected']);
      expect(rejected.json().message).not.toMatch(/prompt|rules|hd/);
      // The admin (the first account) reads the service's own words on the Services page.
      const services = (await t.app.inject({ url: '/api/admin/services', headers: { cookie: alice.cookie } })).json();
      const image = services.services.find((s: { id: string }) => s.id === 'image');
      expect(image.detail).toContain("Last error (HTTP 400");
      expect(image.detail).toContain("Invalid value: 'hd'.");
      const refused = await t.app.inject({ method: 'POST', url: '/api/coverarts', headers: { cookie: alice.cookie }, payload });
      expect([refused.statusCode, refused.json().code]).toEqual([422, 'upstream_prompt_refused']);
    });
  });

  describe('image models of each published family', () => {
    let images: Awaited<ReturnType<typeof startFakeImages>>;
    beforeAll(async () => {
      images = await startFakeImages();
    });
    afterAll(async () => images?.close());

    it.each([
      ['gpt-image-1', 32_000],
      ['dall-e-3', 4_000],
      ['dall-e-2', 1_000],
    ] as const)('makes and edits covers with %s, each request as its description allows, the prompt within %i characters', async (model, max) => {
      const t = await createTestApp(dialect, { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'mo-families-')), IMAGE_BASE_URL: images.baseUrl, IMAGE_MODEL: model, IMAGE_TIMEOUT_SECONDS: 10 });
      try {
        const alice = await registerUser(t.app);
        images.requests.length = 0;
        // A 600-character direction: with the concept and the rules it made 1,157 characters before.
        const direction = 'Rain on chrome, a lone figure on a rooftop at dusk, neon haze melting into violet. '.repeat(8).slice(0, 600);
        const created = await t.app.inject({ method: 'POST', url: '/api/coverarts', headers: { cookie: alice.cookie }, payload: { prompt: direction, title: 'Storm Gold' } });
        expect(created.statusCode, created.body).toBe(201);
        const edit = await t.app.inject({
          method: 'POST',
          url: '/api/coverarts',
          headers: { cookie: alice.cookie },
          payload: { mode: 'edit', parentId: created.json().id, prompt: 'Make the sky gold' },
        });
        expect(edit.statusCode, edit.body).toBe(201);
        expect(images.requests.map((r) => r.problems)).toEqual([[], []]);
        for (const r of images.requests) {
          const prompt = r.json?.prompt ?? r.fields?.prompt ?? '';
          expect(prompt.length).toBeLessThanOrEqual(max);
          expect(prompt.replace(/\s+/g, ' ')).toContain(direction.trim().replace(/\s+/g, ' '));
          expect(prompt).toContain('Storm Gold');
        }
      } finally {
        await t.close();
      }
    }, 60_000);
  });

  describe('music model (MUSIC_API_BASE_URL)', () => {
    // Five seconds, not three: the healthy request after each fault must fit in it too, and in a CI
    // run beside the journeys one took over three (504 where 201 was due).
    const TIMEOUT_S = 5;
    let music: FakeReplicate;
    let t: TestApp;
    let alice: User;
    let dataDir: string;
    beforeAll(async () => {
      // Sync mode (Prefer: wait): the healthy beat after each fault is answered by the create, not after a 1 s poll.
      music = await startFakeReplicate({ wait: true });
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-faults-music-'));
      t = await createTestApp(dialect, {
        dataDir,
        WORKERS: 1,
        MUSIC_API_BASE_URL: music.baseUrl,
        MUSIC_API_KEY: 'r8_test',
        MUSIC_TIMEOUT_SECONDS: TIMEOUT_S,
        MUSIC_OUTPUT_ALLOW_PRIVATE: true,
        QUOTAS_FREE: { ...DEFAULT_QUOTAS.free, beat: 100 },
      });
      alice = await registerUser(t.app);
    });
    afterEach(() => music.setMode('ok'));
    afterAll(async () => {
      await t?.close();
      await music?.close();
    });

    const modes: Record<Fault, FakeReplicateMode> = { '429': { status: 429 }, '500': { status: 500 }, garbage: 'garbage', empty: 'no-audio', hang: 'hang' };
    const expected: Record<Fault, [number, string]> = {
      '429': [429, STUDIO_MESSAGES.rateLimited],
      '500': [503, STUDIO_MESSAGES.unavailable],
      garbage: [502, STUDIO_MESSAGES.noAudio],
      empty: [502, STUDIO_MESSAGES.noAudio],
      hang: [504, STUDIO_MESSAGES.unavailable],
    };

    it.each(FAULTS)('a beat when the music service answers %s', async (fault) => {
      const usedBefore = await quotaUsed(t, alice, 'beat');
      const filesBefore = filesUnder(path.join(dataDir, 'uploads', 'beats')).length;
      music.setMode(modes[fault]);
      const payload = { prompt: 'dark trap, 140 bpm', model: 'trap' };
      const { value: res, ms } = await timed(() => t.app.inject({ method: 'POST', url: '/api/studio/generate', headers: { cookie: alice.cookie }, payload }));
      expect([res.statusCode, res.json().message]).toEqual(expected[fault]);
      expect(ms).toBeLessThan(TIMEOUT_S * 1000 + SLACK_MS);
      // The attempt is in the library as failed, with the same words, and no audio; the quota unit came back.
      const latest = (await t.app.inject({ url: '/api/studio/music', headers: { cookie: alice.cookie } })).json()[0];
      expect(latest).toMatchObject({ status: 'failed', audioUrl: null });
      expect(filesUnder(path.join(dataDir, 'uploads', 'beats'))).toHaveLength(filesBefore);
      expect(await quotaUsed(t, alice, 'beat')).toBe(usedBefore);

      music.setMode('ok');
      const next = await t.app.inject({ method: 'POST', url: '/api/studio/generate', headers: { cookie: alice.cookie }, payload });
      expect(next.statusCode, next.body).toBe(201);
      expect(next.json()).toMatchObject({ status: 'done', audioUrl: expect.stringMatching(/^\/uploads\/beats\//) });
    }, 30_000);

    it.each([
      ['a host that is not the service’s', { output: { url: 'https://example.com/beat.mp3' } }, STUDIO_MESSAGES.badAudio],
      ['something that is not audio', { output: { contentType: 'audio/mpeg', body: Buffer.from('<html>sign in</html>') } }, STUDIO_MESSAGES.badAudio],
      ['a prediction stopped by its deadline (aborted)', 'aborted', STUDIO_MESSAGES.stopped],
    ] as const)('a beat whose output is %s fails in plain words, keeps nothing and gives the unit back', async (_what, mode, message) => {
      const usedBefore = await quotaUsed(t, alice, 'beat');
      const filesBefore = filesUnder(path.join(dataDir, 'uploads', 'beats')).length;
      music.setMode(mode as FakeReplicateMode);
      const res = await t.app.inject({ method: 'POST', url: '/api/studio/generate', headers: { cookie: alice.cookie }, payload: { prompt: 'dark trap', model: 'trap' } });
      expect([res.statusCode, res.json().message]).toEqual([502, message]);
      const latest = (await t.app.inject({ url: '/api/studio/music', headers: { cookie: alice.cookie } })).json()[0];
      expect(latest).toMatchObject({ status: 'failed', audioUrl: null });
      expect(filesUnder(path.join(dataDir, 'uploads', 'beats'))).toHaveLength(filesBefore);
      expect(await quotaUsed(t, alice, 'beat')).toBe(usedBefore);
    }, 30_000);

    it("answers the music service's 429 with its Retry-After", async () => {
      music.setMode({ status: 429, retryAfter: '9' });
      const res = await t.app.inject({ method: 'POST', url: '/api/studio/generate', headers: { cookie: alice.cookie }, payload: { prompt: 'dark trap', model: 'trap' } });
      expect([res.statusCode, res.headers['retry-after']]).toEqual([429, '9']);
    }, 30_000);
  });

  describe('payments (Stripe, STRIPE_API_HOST/PORT/PROTOCOL)', () => {
    const TIMEOUT_S = 1;
    let stripe: RunningFakeStripe;
    let t: TestApp;
    beforeAll(async () => {
      stripe = await startFakeStripe();
      t = await createTestApp(dialect, { ...stripe.settings, STRIPE_TIMEOUT_SECONDS: TIMEOUT_S });
      await registerUser(t.app); // the admin
    });
    afterEach(() => stripe.setFault(undefined));
    afterAll(async () => {
      await t?.close();
      await stripe?.close();
    });

    const faults: Record<Fault, FakeStripeFault> = {
      '429': { kind: 'status', status: 429 },
      '500': { kind: 'status', status: 500 },
      garbage: { kind: 'garbage' },
      empty: { kind: 'empty' },
      hang: { kind: 'hang' },
    };
    const pending = async () => (await t.db.kysely.selectFrom('memberships').select('id').execute()).length;

    it.each(FAULTS)('a checkout when the payment service answers %s', async (fault) => {
      const artist = await registerUser(t.app);
      const before = await pending();
      stripe.setFault(faults[fault]);
      const checkout = () => t.app.inject({ method: 'POST', url: '/api/create-vip-checkout', headers: { cookie: artist.cookie }, payload: { mode: 'hosted' } });
      const { value: res, ms } = await timed(checkout);
      expect([res.statusCode, res.json().message]).toEqual([502, 'The payment service did not answer. Please try again.']);
      // The SDK retries a failed call once: two waits at most.
      expect(ms).toBeLessThan(2 * TIMEOUT_S * 1000 + SLACK_MS);
      // No membership held for a checkout that never opened.
      expect(await pending()).toBe(before);

      stripe.setFault(undefined);
      const next = await checkout();
      expect(next.statusCode, next.body).toBe(200);
      expect(next.json()).toEqual({ url: expect.stringContaining('/__stripe/pay/') });
    }, 30_000);
  });

  describe('file storage (S3_ENDPOINT)', () => {
    // The SDK retries throttling answers itself, with a backoff of up to 1.5 s over three attempts,
    // all within the deadline for a 503 rather than a 504. At 3 s a CI run at load 14 ran out of
    // deadline on the third attempt of a 429 upload; 6 s leaves twice the room.
    const TIMEOUT_S = 6;
    let s3: TestS3Server;
    let t: TestApp;
    let base: string;
    let alice: User;
    let stored: { id: number; audioUrl: string };
    beforeAll(async () => {
      s3 = await startS3Server();
      t = await createTestApp(dialect, { ...s3.settings(), S3_TIMEOUT_SECONDS: TIMEOUT_S });
      base = await listen(t);
      alice = await registerUser(t.app);
      stored = (await (await uploadTrack(base, alice.cookie, wav, 'stored.wav')).json()) as typeof stored;
    });
    afterEach(() => s3.heal());
    afterAll(async () => {
      await t?.close();
      await s3?.close();
    });

    const faults: Record<Fault, S3Fault> = {
      '429': { kind: 'status', status: 429, code: 'SlowDown' },
      '500': { kind: 'status', status: 500 },
      garbage: { kind: 'garbage' },
      empty: { kind: 'empty' },
      hang: { kind: 'hang' },
    };
    const unavailable: [number, string] = [503, 'File storage is not available right now. Please try again later.'];
    const timedOut: [number, string] = [504, 'File storage took too long to answer. Please try again.'];
    const trackCount = async () => (await t.db.kysely.selectFrom('tracks').select('id').execute()).length;

    it.each(FAULTS)('an upload when the store answers %s', async (fault) => {
      const objectsBefore = s3.objects();
      const tracksBefore = await trackCount();
      s3.fail(faults[fault]);
      const { value: res, ms } = await timed(() => uploadTrack(base, alice.cookie, wav, 'faulty.wav'));
      expect([res.status, ((await res.json()) as { message: string }).message]).toEqual(fault === 'hang' ? timedOut : unavailable);
      // Several steps (store, copy into place, remove the partial object) each wait at most the timeout.
      expect(ms).toBeLessThan(3 * TIMEOUT_S * 1000 + SLACK_MS);
      s3.heal();
      expect(s3.objects()).toEqual(objectsBefore);
      expect(s3.pendingUploads()).toEqual([]);
      expect(await trackCount()).toBe(tracksBefore);

      const next = await uploadTrack(base, alice.cookie, wav, 'healthy.wav');
      expect(next.status).toBe(201);
    }, 30_000);

    it.each(FAULTS)('playing a track when the store answers %s', async (fault) => {
      s3.fail(faults[fault]);
      const { value: res, ms } = await timed(() => fetch(`${base}${stored.audioUrl}`, { headers: { cookie: alice.cookie, range: 'bytes=0-99' } }));
      expect([res.status, ((await res.json()) as { message: string }).message]).toEqual(fault === 'hang' ? timedOut : unavailable);
      expect(ms).toBeLessThan(TIMEOUT_S * 1000 + SLACK_MS);
      s3.heal();
      const next = await fetch(`${base}${stored.audioUrl}`, { headers: { cookie: alice.cookie, range: 'bytes=0-99' } });
      expect(next.status).toBe(206);
      expect(Buffer.from(await next.arrayBuffer()).equals(wav.subarray(0, 100))).toBe(true);
    }, 30_000);

    it.each(FAULTS)('playing a track when the size answers but the read itself answers %s', async (fault) => {
      s3.fail(faults[fault], ['GET']);
      const { value: res, ms } = await timed(() => fetch(`${base}${stored.audioUrl}`, { headers: { cookie: alice.cookie, range: 'bytes=0-99' } }));
      // Nothing was sent yet: a JSON error with its own headers, not a 206 cut short.
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.headers.get('content-range')).toBeNull();
      expect([res.status, ((await res.json()) as { message: string }).message]).toEqual(fault === 'hang' ? timedOut : unavailable);
      expect(ms).toBeLessThan(TIMEOUT_S * 1000 + SLACK_MS);
      s3.heal();
      const next = await fetch(`${base}${stored.audioUrl}`, { headers: { cookie: alice.cookie, range: 'bytes=0-99' } });
      expect(next.status).toBe(206);
      expect(Buffer.from(await next.arrayBuffer()).equals(wav.subarray(0, 100))).toBe(true);
    }, 30_000);
  });
});
