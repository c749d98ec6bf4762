import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_BEAT_ENGINE, STUDIO_MESSAGES, studioMusicItemSchema, studioMusicListSchema } from '@members-only/shared/studio';
import { DEFAULT_QUOTAS } from '../../env';
import { createTestApp, dialects, registerUser, type TestApp } from '../../../test/helpers';

type User = Awaited<ReturnType<typeof registerUser>>;

describe.each(dialects)('studio API, built-in beat engine, on %s', (dialect) => {
  let t: TestApp;
  let admin: User;
  let alice: User;
  let bob: User;
  const generate = (cookie: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/studio/generate', headers: { cookie }, payload });

  beforeAll(async () => {
    t = await createTestApp(dialect, { WORKERS: 1, QUOTAS_FREE: { ...DEFAULT_QUOTAS.free, beat: 2 } });
    admin = await registerUser(t.app);
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
  }, 30_000);
  afterAll(async () => t?.close());

  it('makes a beat, answers the finished item with its audioUrl, and keeps its tempo, key, style, length and seed', async () => {
    const conversation = await t.app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie: alice.cookie }, payload: { title: 'Music Studio Session', category: 'studio' } });
    expect(conversation.statusCode).toBe(201);
    const conversationId = conversation.json().id as number;
    const res = await generate(alice.cookie, { prompt: '  dark trap 140 bpm in F# minor, 10 seconds  ', model: 'trap', conversationId, seed: 42 });
    expect(res.statusCode).toBe(201);
    const beat = studioMusicItemSchema.parse(res.json());
    expect(beat).toMatchObject({ status: 'done', progress: 1, model: 'trap', style: 'trap', prompt: 'dark trap 140 bpm in F# minor, 10 seconds', bpm: 140, key: 'F# minor', durationSec: 10, seed: 42, engine: BUILT_IN_BEAT_ENGINE, ownership: 'yours', conversationId });
    expect(beat.audioUrl).toMatch(/^\/uploads\/beats\/[0-9a-f]{32}\.mp3$/);

    const audio = await t.app.inject({ method: 'GET', url: beat.audioUrl!, headers: { cookie: alice.cookie } });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.rawPayload.subarray(0, 3).toString('latin1')).toBe('ID3');
    const range = await t.app.inject({ method: 'GET', url: beat.audioUrl!, headers: { cookie: alice.cookie, range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.length).toBe(100);

    // Someone else's beat does not exist for them; admins may listen (as to uploads).
    expect((await t.app.inject({ method: 'GET', url: beat.audioUrl!, headers: { cookie: bob.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: beat.audioUrl!, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: beat.audioUrl! })).statusCode).toBe(401);

    const mine = studioMusicListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/studio/music', headers: { cookie: alice.cookie } })).json());
    expect(mine.map((b) => b.id)).toEqual([beat.id]);
    const theirs = studioMusicListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/studio/music', headers: { cookie: bob.cookie } })).json());
    expect(theirs).toEqual([]);

    // The same seed makes the same audio.
    const again = studioMusicItemSchema.parse((await generate(alice.cookie, { prompt: 'dark trap 140 bpm in F# minor, 10 seconds', model: 'trap', seed: 42 })).json());
    const second = await t.app.inject({ method: 'GET', url: again.audioUrl!, headers: { cookie: alice.cookie } });
    expect(second.rawPayload.equals(audio.rawPayload)).toBe(true);

    // The beat quota (2 a day here) is spent.
    const over = await generate(alice.cookie, { prompt: 'one more', model: 'rap' });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toEqual(expect.any(String));
  }, 120_000);

  it('refuses a blank description with the spec’s message, and someone else’s conversation as missing', async () => {
    const blank = await generate(bob.cookie, { prompt: '   ', model: 'rap' });
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json())).toContain(STUDIO_MESSAGES.descriptionRequired);
    expect((await generate(bob.cookie, { prompt: 'x', model: 'polka' })).statusCode).toBe(400);
    const conversation = await t.app.inject({ method: 'POST', url: '/api/conversations', headers: { cookie: alice.cookie }, payload: { title: 'Music Studio Session', category: 'studio' } });
    const res = await generate(bob.cookie, { prompt: 'boom bap', model: 'rap', conversationId: conversation.json().id });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/studio/generate', payload: { prompt: 'x', model: 'rap' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/beats/nothere.mp3', headers: { cookie: bob.cookie } })).statusCode).toBe(404);
  });
});
