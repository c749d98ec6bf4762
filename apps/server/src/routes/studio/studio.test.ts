import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { parseMidi } from 'midi-file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBeat } from '@members-only/engines/beats';
import { BUILT_IN_BEAT_ENGINE, STUDIO_MESSAGES, studioMusicItemSchema, studioMusicListSchema } from '@members-only/shared/studio';
import { DEFAULT_QUOTAS } from '../../env';
import { decodeAudioFile } from '../../audio/decode';
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

describe.each(dialects)('studio stems, MIDI, variations and extensions, on %s', (dialect) => {
  let t: TestApp;
  let admin: User;
  let alice: User;
  let bob: User;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beat-parts-'));
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const post = (url: string, cookie?: string) => t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {} });
  const request = { prompt: 'boom bap 90 bpm in A minor, 12 seconds', model: 'rap' as const, seed: 9 };

  beforeAll(async () => {
    t = await createTestApp(dialect, { WORKERS: 1, QUOTAS_FREE: { ...DEFAULT_QUOTAS.free, beat: 4 } });
    admin = await registerUser(t.app);
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
  }, 30_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('downloads the stems as WAVs that line up with the mix and add up to it, and the parts as MIDI at the tempo; only for the owner and admins', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/studio/generate', headers: { cookie: alice.cookie }, payload: request });
    expect(res.statusCode).toBe(201);
    const beat = studioMusicItemSchema.parse(res.json());
    expect(beat).toMatchObject({ stemsUrl: `/api/studio/music/${beat.id}/stems`, midiUrl: `/api/studio/music/${beat.id}/midi`, derivable: true, sourceId: null, derivation: null });
    // Named from what was made: no mood word in the description, so style, key and tempo.
    expect(beat.title).toBe('Rap, A minor, 90');

    const stems = await get(beat.stemsUrl!, alice.cookie);
    expect(stems.statusCode).toBe(200);
    expect(stems.headers['content-type']).toBe('application/zip');
    expect(stems.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Rap%2C%20A%20minor%2C%2090%20stems.zip");
    const files = unzipSync(stems.rawPayload);
    expect(Object.keys(files).sort()).toEqual(['Bass.wav', 'Chords.wav', 'Drums.wav', 'Melody.wav', 'Mix.wav', 'README.txt']);
    expect(Buffer.from(files['README.txt']).toString()).toContain('90 BPM, key A minor');

    // Each stem: 16-bit stereo 44.1 kHz, exactly as long as the rendered mix; together they are the mix.
    const master = (await generateBeat({ style: 'rap', description: request.prompt, seed: 9 })).channels;
    const frames = master[0].length;
    expect(frames).toBe(12 * 44100);
    const sum = [new Float64Array(frames), new Float64Array(frames)];
    for (const name of ['Drums.wav', 'Bass.wav', 'Chords.wav', 'Melody.wav']) {
      const wav = Buffer.from(files[name]);
      expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(wav.readUInt16LE(22)).toBe(2);
      expect(wav.readUInt32LE(24)).toBe(44100);
      expect(wav.readUInt16LE(34)).toBe(16);
      expect(wav.readUInt32LE(40)).toBe(frames * 4);
      for (let i = 0; i < frames; i++) {
        sum[0][i] += wav.readInt16LE(44 + 4 * i) / 32768;
        sum[1][i] += wav.readInt16LE(46 + 4 * i) / 32768;
      }
    }
    let residual = 0;
    let energy = 0;
    for (let c = 0; c < 2; c++) for (let i = 0; i < frames; i++) { residual += (sum[c][i] - master[c][i]) ** 2; energy += master[c][i] ** 2; }
    expect(10 * Math.log10(residual / energy)).toBeLessThan(-60);
    // The mix is there too, as the lossless master the stems add up to.
    const mix = Buffer.from(files['Mix.wav']);
    expect(mix.readUInt32LE(40)).toBe(frames * 4);
    let mixResidual = 0;
    for (let i = 0; i < frames; i++) mixResidual += (mix.readInt16LE(44 + 4 * i) / 32768 - sum[0][i]) ** 2;
    expect(10 * Math.log10(mixResidual / energy)).toBeLessThan(-60);

    // The MP3 the artist downloads decodes to the same length (give or take the last frame's
    // padding), and lines up with the stems at no offset.
    const mp3 = path.join(dir, 'beat.mp3');
    fs.writeFileSync(mp3, (await get(beat.audioUrl!, alice.cookie)).rawPayload);
    const decoded = await decodeAudioFile(mp3);
    expect(decoded.channels[0].length).toBeGreaterThanOrEqual(frames);
    expect(decoded.channels[0].length).toBeLessThan(frames + 64);
    const mismatch = (lag: number) => {
      let e = 0;
      for (let i = 4410; i < frames - 4410; i++) e += (decoded.channels[0][i + lag] - sum[0][i]) ** 2;
      return e;
    };
    for (const lag of [-2, -1, 1, 2]) expect(mismatch(0)).toBeLessThan(mismatch(lag));

    const midi = await get(beat.midiUrl!, alice.cookie);
    expect(midi.statusCode).toBe(200);
    expect(midi.headers['content-type']).toBe('audio/midi');
    expect(midi.headers['content-disposition']).toBe("attachment; filename*=UTF-8''Rap%2C%20A%20minor%2C%2090.mid");
    const parsed = parseMidi(midi.rawPayload);
    expect(parsed.header.format).toBe(1);
    const events = parsed.tracks.flat();
    const tempo = events.find((e) => e.type === 'setTempo') as { microsecondsPerBeat: number } | undefined;
    expect(60_000_000 / tempo!.microsecondsPerBeat).toBeCloseTo(90, 3);
    const names = events.filter((e) => e.type === 'trackName').map((e) => (e as { text: string }).text);
    expect(names).toEqual(expect.arrayContaining(['Drums', 'Bass', 'Chords', 'Melody']));
    expect(events.filter((e) => e.type === 'noteOn').length).toBeGreaterThan(50);

    // Nobody else's: B gets 404s, anonymous 401s, the admin may download (as they may listen).
    for (const url of [beat.stemsUrl!, beat.midiUrl!]) {
      expect((await get(url, bob.cookie)).statusCode).toBe(404);
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, admin.cookie)).statusCode).toBe(200);
    }
    expect((await get('/api/studio/music/999999/stems', alice.cookie)).statusCode).toBe(404);
  }, 120_000);

  it('makes a variation and an extension as new beats linked to their source, counted as beats, the owner’s only', async () => {
    const [source] = studioMusicListSchema.parse((await get('/api/studio/music', alice.cookie)).json());
    expect((await post(`/api/studio/music/${source.id}/variation`, bob.cookie)).statusCode).toBe(404);
    expect((await post(`/api/studio/music/${source.id}/extend`, admin.cookie)).statusCode).toBe(404);
    expect((await post(`/api/studio/music/${source.id}/extend`)).statusCode).toBe(401);

    const variationRes = await post(`/api/studio/music/${source.id}/variation`, alice.cookie);
    expect(variationRes.statusCode).toBe(201);
    const variation = studioMusicItemSchema.parse(variationRes.json());
    expect(variation).toMatchObject({ sourceId: source.id, derivation: 'variation', bpm: source.bpm, key: source.key, durationSec: source.durationSec, seed: source.seed, style: 'rap', prompt: source.prompt, conversationId: source.conversationId, derivable: true });
    expect(variation.stemsUrl).not.toBeNull();
    const a = (await get(source.audioUrl!, alice.cookie)).rawPayload;
    const b = (await get(variation.audioUrl!, alice.cookie)).rawPayload;
    expect(b.equals(a)).toBe(false);

    const extendedRes = await post(`/api/studio/music/${variation.id}/extend`, alice.cookie);
    expect(extendedRes.statusCode).toBe(201);
    const extended = studioMusicItemSchema.parse(extendedRes.json());
    expect(extended).toMatchObject({ sourceId: variation.id, derivation: 'extension', bpm: source.bpm, key: source.key, seed: source.seed });
    expect(extended.durationSec!).toBeGreaterThan(source.durationSec! + 5);

    // Four beats today: the source, the variation, the extension, and one more; then the quota is spent.
    expect((await post(`/api/studio/music/${extended.id}/extend`, alice.cookie)).statusCode).toBe(201);
    const over = await post(`/api/studio/music/${source.id}/variation`, alice.cookie);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toEqual(expect.any(String));
    const quotas = (await get('/api/quotas', alice.cookie)).json();
    expect(quotas.quotas.beat).toMatchObject({ used: 4, limit: 4 });
  }, 120_000);

  it('has no stems, MIDI, variations or extensions for a hosted model’s beat', async () => {
    const now = new Date().toISOString();
    const row = await t.db.kysely
      .insertInto('beats')
      .values({ user_id: bob.user.id, conversation_id: null, title: null, prompt: 'hosted', style: 'trap', status: 'done', filename: `${'a'.repeat(32)}.mp3`, engine: 'meta/musicgen (Replicate)', seed: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [item] = studioMusicListSchema.parse((await get('/api/studio/music', bob.cookie)).json());
    expect(item).toMatchObject({ id: row.id, stemsUrl: null, midiUrl: null, derivable: false, ownership: 'per the music service’s terms' });
    expect((await get(`/api/studio/music/${row.id}/stems`, bob.cookie)).statusCode).toBe(404);
    expect((await get(`/api/studio/music/${row.id}/midi`, bob.cookie)).statusCode).toBe(404);
    const refused = await post(`/api/studio/music/${row.id}/variation`, bob.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(STUDIO_MESSAGES.notDerivable);
    expect((await post(`/api/studio/music/${row.id}/extend`, bob.cookie)).json().message).toBe(STUDIO_MESSAGES.notDerivable);
  });

  it('does not extend a beat past the engine’s 4 minutes, and gives the beat back to the quota', async () => {
    const now = new Date().toISOString();
    const row = await t.db.kysely
      .insertInto('beats')
      .values({ user_id: bob.user.id, conversation_id: null, title: null, prompt: 'long one, 3:55', style: 'lofi', status: 'done', filename: `${'b'.repeat(32)}.mp3`, engine: BUILT_IN_BEAT_ENGINE, seed: 5, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = (await get('/api/quotas', bob.cookie)).json().quotas.beat.used;
    const refused = await post(`/api/studio/music/${row.id}/extend`, bob.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(STUDIO_MESSAGES.tooLong);
    expect((await get('/api/quotas', bob.cookie)).json().quotas.beat.used).toBe(before);
  });

  it('names a beat from its description, renames it for its owner only, and saves its downloads under the name', async () => {
    const made = await t.app.inject({ method: 'POST', url: '/api/studio/generate', headers: { cookie: bob.cookie }, payload: { prompt: 'dark trap in F# minor, 142 bpm, 10 seconds', model: 'trap', seed: 3 } });
    expect(made.statusCode).toBe(201);
    const beat = studioMusicItemSchema.parse(made.json());
    expect(beat.title).toBe('Dark trap, F# minor, 142');
    const audio = await get(beat.audioUrl!, bob.cookie);
    expect(audio.headers['content-disposition']).toBe("inline; filename*=UTF-8''Dark%20trap%2C%20F%23%20minor%2C%20142.mp3");

    const rename = (id: number, cookie: string | undefined, payload: unknown) =>
      t.app.inject({ method: 'PATCH', url: `/api/studio/music/${id}`, headers: cookie ? { cookie } : {}, payload: payload as Record<string, unknown> });
    // Someone else's beat does not exist for them, admins included; nobody's name changes.
    for (const cookie of [alice.cookie, admin.cookie]) {
      const refused = await rename(beat.id, cookie, { title: 'Taken' });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toEqual(expect.any(String));
    }
    expect((await rename(beat.id, undefined, { title: 'Taken' })).statusCode).toBe(401);
    expect((await rename(2_147_483_000, bob.cookie, { title: 'Nowhere' })).statusCode).toBe(404);
    // A name is one line of up to 120 characters, not blank.
    for (const title of ['', '   ', 'two\nlines', 'x'.repeat(121), 42]) {
      const bad = await rename(beat.id, bob.cookie, { title });
      expect(bad.statusCode, JSON.stringify(title)).toBe(400);
      expect(bad.json().message).toEqual(expect.any(String));
    }
    expect(studioMusicListSchema.parse((await get('/api/studio/music', bob.cookie)).json()).find((b) => b.id === beat.id)!.title).toBe('Dark trap, F# minor, 142');

    const renamed = await rename(beat.id, bob.cookie, { title: '  Night Drive / Final  ' });
    expect(renamed.statusCode).toBe(200);
    expect(studioMusicItemSchema.parse(renamed.json())).toMatchObject({ id: beat.id, title: 'Night Drive / Final', audioUrl: beat.audioUrl });
    expect(studioMusicListSchema.parse((await get('/api/studio/music', bob.cookie)).json()).find((b) => b.id === beat.id)!.title).toBe('Night Drive / Final');
    // Downloads take the new name (a slash cannot be in a file name).
    expect((await get(beat.audioUrl!, bob.cookie)).headers['content-disposition']).toBe("inline; filename*=UTF-8''Night%20Drive%20%20Final.mp3");
    expect((await get(beat.stemsUrl!, bob.cookie)).headers['content-disposition']).toBe("attachment; filename*=UTF-8''Night%20Drive%20%20Final%20stems.zip");
    expect((await get(beat.midiUrl!, bob.cookie)).headers['content-disposition']).toBe("attachment; filename*=UTF-8''Night%20Drive%20%20Final.mid");
    // A variation keeps the artist's name.
    const variation = await post(`/api/studio/music/${beat.id}/variation`, bob.cookie);
    expect(variation.statusCode).toBe(201);
    expect(variation.json().title).toBe('Night Drive / Final');
    // A beat is rendered: 13 s in a CI run at load 13.
  }, 60_000);

  it('makes the style the description names, whatever the dropdown says, and keeps the dropdown’s as the model', async () => {
    const made = await t.app.inject({ method: 'POST', url: '/api/studio/generate', headers: { cookie: bob.cookie }, payload: { prompt: 'UK drill, sliding 808s, 142 bpm in F# minor, 10 seconds', model: 'trap', seed: 8 } });
    expect(made.statusCode).toBe(201);
    const beat = studioMusicItemSchema.parse(made.json());
    expect(beat).toMatchObject({ style: 'drill', model: 'trap', bpm: 142, key: 'F# minor', title: 'Drill, F# minor, 142' });
    const listed = studioMusicListSchema.parse((await get('/api/studio/music', bob.cookie)).json()).find((b) => b.id === beat.id)!;
    expect(listed).toMatchObject({ style: 'drill', model: 'trap' });
  });
});
