import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beatUnderstandingSchema, studioMusicItemSchema, studioMusicListSchema, type StudioMusicItem } from '@members-only/shared/studio';
import { DEFAULT_QUOTAS } from '../../env';
import { createTestApp, dialects, registerUser, waitFor, type TestApp } from '../../../test/helpers';

type User = Awaited<ReturnType<typeof registerUser>>;

// What the Studio page relies on (ADR 043): what a description will be read as before anything is
// made, and the artist's beats in the making, with their progress, for a page opened mid-generation.
describe.each(dialects)('studio page support, on %s', (dialect) => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  const understand = (cookie: string | undefined, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/studio/understand', headers: cookie ? { cookie } : {}, payload: payload as Record<string, unknown> });
  const list = async (cookie: string) => studioMusicListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/studio/music', headers: { cookie } })).json());

  beforeAll(async () => {
    t = await createTestApp(dialect, { WORKERS: 1, QUOTAS_FREE: { ...DEFAULT_QUOTAS.free, beat: 3 } });
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
  }, 30_000);
  afterAll(async () => t?.close());

  it('says what a description will be read as: the style, tempo and key it names win over the dropdown', async () => {
    const drill = await understand(alice.cookie, { prompt: 'UK drill, dark, 142 bpm, F# minor', model: 'trap' });
    expect(drill.statusCode).toBe(200);
    expect(beatUnderstandingSchema.parse(drill.json())).toEqual({
      builtIn: true,
      style: 'drill',
      chosenStyle: 'trap',
      bpm: 142,
      bpmRange: { min: 138, max: 145 },
      key: 'F# minor',
      mode: 'minor',
      mood: 'dark',
      instruments: expect.arrayContaining(['808']),
      lengthSec: null,
    });

    // 'sad trap' under Rap: trap's tempo range (not rap's 92), a minor key from the mood, no tonic named.
    const sad = beatUnderstandingSchema.parse((await understand(alice.cookie, { prompt: 'sad trap with piano, 1:30', model: 'rap' })).json());
    expect(sad).toMatchObject({ style: 'trap', chosenStyle: 'rap', bpm: null, bpmRange: { min: 130, max: 150 }, key: null, mode: 'minor', mood: 'sad', lengthSec: 90 });
    expect(sad.instruments).toContain('piano');

    // Nothing named: the dropdown's style and its conventions.
    const plain = beatUnderstandingSchema.parse((await understand(bob.cookie, { prompt: '', model: 'lofi' })).json());
    expect(plain).toMatchObject({ style: 'lofi', chosenStyle: 'lofi', bpm: null, bpmRange: { min: 70, max: 90 }, key: null, mood: null, lengthSec: null });

    // Bad input is a clear 400; no session is a 401.
    const polka = await understand(alice.cookie, { prompt: 'x', model: 'polka' });
    expect(polka.statusCode).toBe(400);
    expect(polka.json().message).toEqual(expect.any(String));
    const long = await understand(alice.cookie, { prompt: 'x'.repeat(1001), model: 'rap' });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json())).toContain('at most 1000 characters');
    expect((await understand(undefined, { prompt: 'drill', model: 'rap' })).statusCode).toBe(401);
  });

  it('makes what it said it understood', async () => {
    const prompt = 'chill lofi 84 bpm in Eb major with guitar, 12 seconds';
    const before = beatUnderstandingSchema.parse((await understand(alice.cookie, { prompt, model: 'trap' })).json());
    const made = await t.app.inject({ method: 'POST', url: '/api/studio/generate', headers: { cookie: alice.cookie }, payload: { prompt, model: 'trap', seed: 5 } });
    expect(made.statusCode).toBe(201);
    const beat = studioMusicItemSchema.parse(made.json());
    expect(beat).toMatchObject({ style: before.style, bpm: before.bpm, key: before.key, durationSec: before.lengthSec, model: 'trap' });
    expect(before).toMatchObject({ style: 'lofi', bpm: 84, key: 'Eb major', lengthSec: 12 });
  }, 60_000);

  it('lists a beat in the making with its progress until it lands, to its owner only, whoever is waiting for it', async () => {
    const [source] = await list(alice.cookie);
    expect(source.status).toBe('done');
    // The request that started the extension is not waited for here (as a page reloaded mid-extend).
    const extending = t.app.inject({ method: 'POST', url: `/api/studio/music/${source.id}/extend`, headers: { cookie: alice.cookie } });

    const seen: StudioMusicItem[] = [];
    const inMaking = await waitFor(
      () => list(alice.cookie),
      (items) => {
        const item = items.find((i) => i.derivation === 'extension');
        if (item) seen.push(item);
        return item !== undefined && item.status !== 'done';
      },
      30_000,
    );
    const item = inMaking.find((i) => i.derivation === 'extension')!;
    expect(item).toMatchObject({ sourceId: source.id, audioUrl: null, stemsUrl: null, midiUrl: null, derivable: false, prompt: source.prompt, conversationId: source.conversationId });
    expect(['queued', 'running']).toContain(item.status);
    expect(item.progress).toBeGreaterThanOrEqual(0);
    expect(item.progress).toBeLessThan(1);
    // Nobody else sees it.
    expect((await list(bob.cookie)).some((i) => i.id === item.id)).toBe(false);

    const landed = await waitFor(
      () => list(alice.cookie),
      (items) => {
        const now = items.find((i) => i.id === item.id);
        if (now) seen.push(now);
        return now?.status === 'done';
      },
      60_000,
    );
    expect(landed.find((i) => i.id === item.id)).toMatchObject({ status: 'done', progress: 1, audioUrl: expect.stringMatching(/^\/uploads\/beats\//), derivable: true });
    expect(landed[0].id).toBe(item.id);
    // Progress only goes forward.
    const progress = seen.filter((i) => i.id === item.id).map((i) => i.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect((await extending).statusCode).toBe(201);
  }, 120_000);
});
