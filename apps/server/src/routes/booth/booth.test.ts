import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { barStartMs } from '@members-only/shared/booth';
import { DEFAULT_QUOTAS } from '../../env';
import { createTestApp, dialects, registerUser, testEnv, waitFor, type TestApp } from '../../../test/helpers';
import { createServices } from '../../app';
import { makeChordWav } from '../../audio/fixtures';
import { decodeAudioFile } from '../../audio/decode';

type Registered = Awaited<ReturnType<typeof registerUser>>;

const TAKE_RATE = 48_000;
/** 2 s bars: the 8 s backing holds 4. */
const BPM = 120;

/** 16-bit little-endian mono PCM of `seconds` of `fn(t)`. */
function pcm(seconds: number, fn: (t: number, i: number) => number, rate = TAKE_RATE): Buffer {
  const n = Math.round(seconds * rate);
  const out = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) out.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(fn(i / rate, i) * 32767))), i * 2);
  return out;
}
const sine = (freq: number, amp: number) => (t: number) => amp * Math.sin(2 * Math.PI * freq * t);

/** A WAV file (any format) for a whole-take upload. */
function wavFile(samples: Float32Array[], rate: number, bits: 16 | 24 | 32): Buffer {
  const channels = samples.length;
  const bytes = bits / 8;
  const frames = samples[0].length;
  const data = Buffer.alloc(frames * channels * bytes);
  for (let i = 0; i < frames; i++)
    for (let c = 0; c < channels; c++) {
      const at = (i * channels + c) * bytes;
      const v = samples[c][i];
      if (bits === 32) data.writeFloatLE(v, at);
      else if (bits === 24) data.writeIntLE(Math.round(v * 8388607), at, 3);
      else data.writeInt16LE(Math.round(v * 32767), at);
    }
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(bits === 32 ? 3 : 1, 20);
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * channels * bytes, 28);
  h.writeUInt16LE(channels * bytes, 32);
  h.writeUInt16LE(bits, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

/** Zero crossings per second over [from, to) seconds of a mono signal: about twice its frequency. */
function crossingsPerSecond(x: Float32Array, rate: number, from: number, to: number): number {
  let n = 0;
  const a = Math.round(from * rate), b = Math.round(to * rate);
  for (let i = a + 1; i < b; i++) if ((x[i - 1] < 0) !== (x[i] < 0)) n++;
  return n / (to - from);
}

describe.each(dialects)('Booth API on %s', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  let small: TestApp;
  let base: string;
  let smallBase: string;
  let alice: Registered;
  let bob: Registered;
  let songId: number;
  let backingTrackId: number;

  const inject = (app: TestApp, cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    app.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const sendTake = async (cookie: string, song: number, fields: Record<string, string>, audio: Buffer, at = base) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('audioFile', new Blob([audio]), 'take.pcm');
    const res = await fetch(`${at}/api/songs/${song}/takes`, { method: 'POST', headers: { cookie }, body: form });
    return { status: res.status, body: (await res.json()) as any };
  };
  /** A whole take in one request: raw PCM chunk with final=true. */
  const wholeTake = async (cookie: string, song: number, audio: Buffer, fields: Record<string, string> = {}) =>
    sendTake(cookie, song, { sampleRate: String(TAKE_RATE), final: 'true', ...fields }, audio);
  const newSong = async (app: TestApp, cookie: string, title: string) => (await inject(app, cookie, 'POST', '/api/songs', { title })).json().id as number;
  const takeCount = async (app: TestApp) => Number((await app.db.kysely.selectFrom('takes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const mixCount = async () => Number((await t.db.kysely.selectFrom('mixes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  /** Runs a mixdown to the end and answers the new version (GET /api/tracks/:id, analysed). */
  const mixdown = async (body: unknown) => {
    const accepted = await inject(t, alice.cookie, 'POST', `/api/songs/${songId}/mixdown`, body);
    expect(accepted.statusCode, accepted.body).toBe(202);
    const job = await waitFor(() => inject(t, alice.cookie, 'GET', `/api/jobs/${accepted.json().jobId}`).then((r) => r.json()), (j) => j.status === 'done' || j.status === 'failed', 30_000);
    expect(job.status, job.error).toBe('done');
    expect(job.result.trackId).toEqual(expect.any(Number));
    return waitFor(() => inject(t, alice.cookie, 'GET', `/api/tracks/${job.result.trackId}`).then((r) => r.json()), (tr) => tr.analysis.status === 'done', 30_000);
  };
  const mixAudio = async (track: any) => {
    const file = path.join(os.tmpdir(), `mo-booth-mix-${track.id}-${dialect}.mp3`);
    fs.writeFileSync(file, (await inject(t, alice.cookie, 'GET', track.audioUrl)).rawPayload);
    try {
      return await decodeAudioFile(file, { maxChannels: 1 });
    } finally {
      fs.rmSync(file, { force: true });
    }
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-booth-'));
    t = await createTestApp(dialect, { dataDir, WORKERS: 1, QUOTAS_FREE: { ...DEFAULT_QUOTAS.free, beat: 50 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    small = await createTestApp(dialect, { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'mo-booth-small-')), MAX_UPLOAD_MB: 1, STORAGE_FREE_MB: 2 });
    await small.app.listen({ port: 0, host: '127.0.0.1' });
    smallBase = `http://127.0.0.1:${(small.app.server.address() as AddressInfo).port}`;
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
    // The backing: an 8 s chord progression uploaded as the song's first version; the analyser's tempo is set to 120 BPM (4 bars).
    songId = await newSong(t, alice.cookie, 'Paper Plans');
    const form = new FormData();
    form.append('songId', String(songId));
    form.append('audioFile', new Blob([fs.readFileSync(await makeChordWav({ secondsPerChord: 2 }))]), 'backing.wav');
    const up = await fetch(`${base}/api/tracks/upload`, { method: 'POST', headers: { cookie: alice.cookie }, body: form });
    backingTrackId = ((await up.json()) as any).id;
    await waitFor(() => inject(t, alice.cookie, 'GET', `/api/tracks/${backingTrackId}`).then((r) => r.json()), (tr) => tr.analysis.status === 'done', 30_000);
    await t.db.kysely.updateTable('tracks').set({ bpm: BPM }).where('id', '=', backingTrackId).execute();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await small?.close();
  });

  it('uploads a take in chunks, resumes after a wrong offset with 409 receivedBytes, lists, reads, renames and deletes it', async () => {
    const audio = pcm(1.5, sine(220, 0.3));
    const parts = [audio.subarray(0, 48_000), audio.subarray(48_000, 96_000), audio.subarray(96_000)];
    const first = await sendTake(alice.cookie, songId, { sampleRate: String(TAKE_RATE), startMs: '120', fromBar: '2', toBar: '3', latencyMs: '14', offset: '0' }, parts[0]);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ songId, name: 'Take 1', sampleRate: TAKE_RATE, startMs: 120, fromBar: 2, toBar: 3, latencyMs: 14, receivedBytes: 48_000, complete: false });
    const takeId = first.body.id;

    // A chunk sent again (the client did not see the answer): 409 with what the server holds; nothing is added.
    const again = await sendTake(alice.cookie, songId, { takeId: String(takeId), offset: '0' }, parts[0]);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ receivedBytes: 48_000, message: expect.stringMatching(/resume/) });
    // A gap: also 409.
    expect((await sendTake(alice.cookie, songId, { takeId: String(takeId), offset: '96000' }, parts[2])).status).toBe(409);
    const held = (await inject(t, alice.cookie, 'GET', `/api/songs/${songId}/takes/${takeId}`)).json();
    expect(held.receivedBytes).toBe(48_000);

    // Resume from receivedBytes.
    const second = await sendTake(alice.cookie, songId, { takeId: String(takeId), offset: String(held.receivedBytes) }, parts[1]);
    expect(second.status).toBe(200);
    expect(second.body.receivedBytes).toBe(96_000);
    const last = await sendTake(alice.cookie, songId, { takeId: String(takeId), offset: '96000', final: 'true' }, parts[2]);
    expect(last.body).toMatchObject({ receivedBytes: audio.length, complete: true, durationMs: 1500 });
    // Complete: no more chunks.
    expect((await sendTake(alice.cookie, songId, { takeId: String(takeId), offset: String(audio.length) }, parts[2])).status).toBe(409);

    // The audio is the chunks in order, as a 16-bit mono WAV.
    const wav = await inject(t, alice.cookie, 'GET', `/api/songs/${songId}/takes/${takeId}/audio`);
    expect(wav.statusCode).toBe(200);
    expect(wav.headers['content-type']).toBe('audio/wav');
    expect(wav.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.rawPayload.readUInt32LE(24)).toBe(TAKE_RATE);
    expect(Buffer.compare(wav.rawPayload.subarray(44), audio)).toBe(0);

    const renamed = await inject(t, alice.cookie, 'PATCH', `/api/songs/${songId}/takes/${takeId}`, { name: 'Verse, keeper', startMs: 100 });
    expect(renamed.json()).toMatchObject({ name: 'Verse, keeper', startMs: 100 });
    const list = (await inject(t, alice.cookie, 'GET', `/api/songs/${songId}/takes`)).json();
    expect(list.takes.map((x: any) => x.id)).toContain(takeId);

    expect((await inject(t, alice.cookie, 'DELETE', `/api/songs/${songId}/takes/${takeId}`)).statusCode).toBe(204);
    expect((await inject(t, alice.cookie, 'GET', `/api/songs/${songId}/takes/${takeId}`)).statusCode).toBe(404);
  });

  it('takes a whole WAV in one request (24-bit stereo mixed to mono, 32-bit float) and refuses what is not a take', async () => {
    const n = 24_000;
    const l = Float32Array.from({ length: n }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 440 * i) / 48_000));
    const stereo = await sendTake(alice.cookie, songId, { final: 'true', name: 'Hook idea' }, wavFile([l, l], 48_000, 24));
    expect(stereo.status).toBe(201);
    expect(stereo.body).toMatchObject({ name: 'Hook idea', sampleRate: 48_000, receivedBytes: n * 2, complete: true, durationMs: 500 });
    const float = await sendTake(alice.cookie, songId, { final: 'true' }, wavFile([l], 44_100, 32));
    expect(float.body).toMatchObject({ sampleRate: 44_100, receivedBytes: n * 2 });
    const audio = (await inject(t, alice.cookie, 'GET', `/api/songs/${songId}/takes/${float.body.id}/audio`)).rawPayload;
    expect(Math.abs(audio.readInt16LE(44 + 2 * 100) / 32767 - l[100])).toBeLessThan(1e-3);

    const before = await takeCount(t);
    // No sample rate for raw PCM, an odd byte count, a bad field, an empty take, a WAV of 8-bit samples.
    expect((await sendTake(alice.cookie, songId, { final: 'true' }, pcm(0.1, sine(200, 0.2)))).status).toBe(400);
    expect((await sendTake(alice.cookie, songId, { sampleRate: '48000' }, Buffer.alloc(3))).body.message).toMatch(/whole 16-bit samples/);
    expect((await sendTake(alice.cookie, songId, { sampleRate: '12345' }, Buffer.alloc(4))).body.message).toMatch(/sampleRate must be one of/);
    expect((await sendTake(alice.cookie, songId, { sampleRate: '48000', fromBar: '4', toBar: '2' }, Buffer.alloc(4))).status).toBe(400);
    expect((await sendTake(alice.cookie, songId, { sampleRate: '48000', final: 'true' }, Buffer.alloc(0))).body.message).toMatch(/no audio/);
    const eightBit = wavFile([l], 48_000, 16);
    eightBit.writeUInt16LE(8, 34);
    expect((await sendTake(alice.cookie, songId, { final: 'true' }, eightBit)).body.message).toMatch(/WAV file/);
    expect((await sendTake(alice.cookie, songId, { takeId: '999999', offset: '0' }, Buffer.alloc(4))).status).toBe(404);
    expect(await takeCount(t)).toBe(before);
    for (const id of [stereo.body.id, float.body.id]) await inject(t, alice.cookie, 'DELETE', `/api/songs/${songId}/takes/${id}`);
  });

  it("another artist's song or take is a 404 and nothing is made", async () => {
    const take = await wholeTake(alice.cookie, songId, pcm(0.2, sine(300, 0.2)));
    const before = await takeCount(t);
    expect((await wholeTake(bob.cookie, songId, pcm(0.2, sine(300, 0.2)))).status).toBe(404);
    expect((await sendTake(bob.cookie, songId, { takeId: String(take.body.id), offset: String(take.body.receivedBytes) }, Buffer.alloc(4))).status).toBe(404);
    const bobSong = await newSong(t, bob.cookie, 'Bob song');
    // Alice's take through Bob's song, and Bob's song through Alice.
    expect((await inject(t, bob.cookie, 'GET', `/api/songs/${bobSong}/takes/${take.body.id}`)).statusCode).toBe(404);
    expect((await inject(t, alice.cookie, 'GET', `/api/songs/${bobSong}/takes`)).statusCode).toBe(404);
    for (const [method, url] of [['GET', `/api/songs/${songId}/takes`], ['GET', `/api/songs/${songId}/takes/${take.body.id}`], ['GET', `/api/songs/${songId}/takes/${take.body.id}/audio`], ['PATCH', `/api/songs/${songId}/takes/${take.body.id}`], ['DELETE', `/api/songs/${songId}/takes/${take.body.id}`], ['GET', `/api/songs/${songId}/booth`], ['GET', `/api/songs/${songId}/mixes`]] as const) {
      const res = await inject(t, bob.cookie, method, url, method === 'PATCH' ? { name: 'mine' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await inject(t, bob.cookie, 'POST', `/api/songs/${songId}/mixdown`, { takes: [{ takeId: take.body.id }], vocal: { cleanup: true, presence: 5, evenness: 5, deess: 5, space: 5 } })).statusCode).toBe(404);
    expect(await takeCount(t)).toBe(before);
    expect((await inject(t, alice.cookie, 'GET', `/api/songs/${songId}/takes/${take.body.id}`)).json().name).toBe(take.body.name);
    await inject(t, alice.cookie, 'DELETE', `/api/songs/${songId}/takes/${take.body.id}`);
  });

  it('a take over the size limit is a 413; takes count against the storage allowance like uploads', async () => {
    const carol = await registerUser(small.app);
    const song = await newSong(small, carol.cookie, 'Small');
    const chunk = Buffer.alloc(600_000);
    const first = await sendTake(carol.cookie, song, { sampleRate: '48000' }, chunk, smallBase);
    expect(first.status).toBe(201);
    const over = await sendTake(carol.cookie, song, { takeId: String(first.body.id), offset: '600000' }, chunk, smallBase);
    expect(over.status).toBe(413);
    expect(over.body.message).toMatch(/A take can be at most 1 MB/);
    // Nothing was added.
    const held = (await inject(small, carol.cookie, 'GET', `/api/songs/${song}/takes/${first.body.id}`)).json();
    expect(held.receivedBytes).toBe(600_000);
    const storage = (await inject(small, carol.cookie, 'GET', '/api/storage')).json();
    expect(storage.usedBytes).toBe(600_000);

    // 0.6 + 0.9 + 0.9 MB > 2 MB: the third is refused as an upload would be.
    expect((await sendTake(carol.cookie, song, { sampleRate: '48000', final: 'true' }, Buffer.alloc(900_000), smallBase)).status).toBe(201);
    const full = await sendTake(carol.cookie, song, { sampleRate: '48000', final: 'true' }, Buffer.alloc(900_000), smallBase);
    expect(full.status).toBe(413);
    expect(full.body.code).toBe('storage_full');
    expect((await inject(small, carol.cookie, 'GET', `/api/songs/${song}/takes`)).json().takes).toHaveLength(2);
    // Deleting a take frees its space.
    await inject(small, carol.cookie, 'DELETE', `/api/songs/${song}/takes/${first.body.id}`);
    expect((await inject(small, carol.cookie, 'GET', '/api/storage')).json().usedBytes).toBe(900_000);
  });

  it('the booth answers the backing with its tempo and bars, and the lyrics; a song with nothing to play answers null', async () => {
    const booth = (await inject(t, alice.cookie, 'GET', `/api/songs/${songId}/booth`)).json();
    expect(booth.song).toMatchObject({ id: songId, title: 'Paper Plans' });
    expect(booth.backing).toMatchObject({ kind: 'version', id: backingTrackId, bpm: BPM, firstDownbeatMs: 0, bars: 4, audioUrl: expect.stringMatching(/^\/uploads\/tracks\//) });
    expect(Math.abs(booth.backing.durationMs - 8000)).toBeLessThan(50);
    const empty = await newSong(t, alice.cookie, 'Nothing yet');
    expect((await inject(t, alice.cookie, 'GET', `/api/songs/${empty}/booth`)).json()).toEqual({ song: { id: empty, title: 'Nothing yet', lyrics: null }, backing: null });
  });

  it('refuses a bad mixdown with 400 and queues nothing', async () => {
    const incomplete = await sendTake(alice.cookie, songId, { sampleRate: '48000' }, pcm(0.1, sine(200, 0.2)));
    const done = await wholeTake(alice.cookie, songId, pcm(0.2, sine(200, 0.2)));
    const vocal = { cleanup: true, presence: 5, evenness: 5, deess: 5, space: 5 };
    const before = await mixCount();
    const jobsBefore = Number((await t.db.kysely.selectFrom('jobs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const cases: [unknown, RegExp][] = [
      [{ takes: [], vocal }, /at least one take/],
      [{ takes: [{ takeId: incomplete.body.id }], vocal }, /not finished uploading/],
      [{ takes: [{ takeId: 999_999 }], vocal }, /not a take of this song/],
      [{ takes: [{ takeId: done.body.id, fromBar: 3, toBar: 5 }], vocal }, /outside the beat/],
      [{ takes: [{ takeId: done.body.id, fromBar: 3, toBar: 2 }], vocal }, /first bar/],
      [{ takes: [{ takeId: done.body.id }], vocal: { ...vocal, presence: 11 } }, /presence/],
      [{ takes: [{ takeId: done.body.id }], vocal, beatDuckDb: 7 }, /beatDuckDb/],
      [{ takes: [{ takeId: done.body.id }] }, /vocal/],
    ];
    for (const [body, message] of cases) {
      const res = await inject(t, alice.cookie, 'POST', `/api/songs/${songId}/mixdown`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message + JSON.stringify(res.json().fieldErrors ?? {})).toMatch(message);
    }
    const nothing = await newSong(t, alice.cookie, 'No beat');
    expect((await inject(t, alice.cookie, 'POST', `/api/songs/${nothing}/mixdown`, { takes: [{ takeId: done.body.id }], vocal })).json().message).toMatch(/Attach a beat/);
    expect(await mixCount()).toBe(before);
    expect(Number((await t.db.kysely.selectFrom('jobs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(jobsBefore);
    for (const id of [incomplete.body.id, done.body.id]) await inject(t, alice.cookie, 'DELETE', `/api/songs/${songId}/takes/${id}`);
  });

  it('mixes comped takes into a new version: −14 LUFS, true peak ≤ −1 dBTP, the backing’s length, a click on a bar line lands on it, the later take wins its bars; settings, lyrics and stems kept', async () => {
    // Take A: the whole song, a 330 Hz voice-like tone, with a click burst exactly on bar 3's line.
    const startMs = 250;
    const clickAt = barStartMs(3, BPM) - startMs;
    const a = await wholeTake(alice.cookie, songId, pcm(7.5, (tt) => {
      const ms = tt * 1000;
      if (ms >= clickAt && ms < clickAt + 4) return 0.9 * Math.sin(2 * Math.PI * 2500 * (tt - clickAt / 1000));
      return 0.25 * Math.sin(2 * Math.PI * 330 * tt);
    }), { startMs: String(startMs), name: 'Full' });
    // Take B: a punch-in over bar 2 only, at 880 Hz, recorded from bar 1 (pre-roll).
    const b = await wholeTake(alice.cookie, songId, pcm(4, sine(880, 0.25)), { startMs: '0', fromBar: '2', toBar: '2', name: 'Punch' });
    const settings = { cleanup: true, presence: 5, evenness: 5, deess: 4, space: 2 };
    const track = await mixdown({ takes: [{ takeId: a.body.id }, { takeId: b.body.id }], vocal: settings, beatDuckDb: 3 });

    expect(track).toMatchObject({ songId, title: 'Paper Plans (mix 1)', versionLabel: 'mix 1', transcriptionSource: null });
    expect(Math.abs(track.analysis.lufs - -14)).toBeLessThanOrEqual(0.5);
    expect(track.analysis.truePeak).toBeLessThanOrEqual(-1);
    expect(Math.abs(track.duration - 8)).toBeLessThan(0.05);
    // The mix is the song's newest version, yet not what the Booth plays: takes and later mixes go over the backing the takes were sung to
    // (also when the analyser finds the mix's tempo, as it does for a beat with clear clicks).
    await t.db.kysely.updateTable('tracks').set({ bpm: BPM }).where('id', '=', track.id).execute();
    expect((await inject(t, alice.cookie, 'GET', `/api/songs/${songId}/booth`)).json().backing).toMatchObject({ kind: 'version', id: backingTrackId });

    // The click lands within 10 ms of bar 3's line in the mix.
    const mix = await mixAudio(track);
    const rate = mix.sampleRate;
    const x = mix.channels[0];
    const bar3 = barStartMs(3, BPM) / 1000;
    const lo = Math.round((bar3 - 0.1) * rate), hi = Math.round((bar3 + 0.1) * rate);
    // The click is the only fast edge there: the first difference peaks at it (the tones and chords barely move sample to sample).
    let peak = 0;
    for (let i = lo + 1; i < hi; i++) peak = Math.max(peak, Math.abs(x[i] - x[i - 1]));
    let onset = -1;
    for (let i = lo + 1; i < hi && onset < 0; i++) if (Math.abs(x[i] - x[i - 1]) > 0.5 * peak) onset = i;
    expect(Math.abs(onset / rate - bar3) * 1000).toBeLessThan(10);

    // The stems: the dry vocal is take A, with take B in bar 2 (the later take wins its range), aligned to the backing.
    const stems = await inject(t, alice.cookie, 'GET', `/api/tracks/${track.id}/mix-stems`);
    expect(stems.statusCode).toBe(200);
    expect(stems.headers['content-type']).toBe('application/zip');
    const files = unzipSync(stems.rawPayload);
    expect(Object.keys(files).sort()).toEqual(['beat.wav', 'vocal-dry.wav', 'vocal-processed.wav']);
    const dryFile = path.join(os.tmpdir(), `mo-booth-dry-${dialect}.wav`);
    fs.writeFileSync(dryFile, files['vocal-dry.wav']);
    const dry = await decodeAudioFile(dryFile);
    fs.rmSync(dryFile);
    const r = dry.sampleRate;
    expect(Math.abs(dry.channels[0].length / r - 8)).toBeLessThan(0.05);
    expect(crossingsPerSecond(dry.channels[0], r, 0.5, 1.8)).toBeCloseTo(660, -1);
    expect(crossingsPerSecond(dry.channels[0], r, 2.2, 3.8)).toBeCloseTo(1760, -1);
    expect(crossingsPerSecond(dry.channels[0], r, 4.2, 5.8)).toBeCloseTo(660, -1);
    // Before take A starts (250 ms), silence.
    expect(Math.max(...dry.channels[0].subarray(0, Math.round(0.2 * r)).map(Math.abs))).toBeLessThan(0.01);

    const mixes = (await inject(t, alice.cookie, 'GET', `/api/songs/${songId}/mixes`)).json().mixes;
    expect(mixes).toEqual([{ trackId: track.id, settings: { vocal: settings, beatDuckDb: 3 }, takes: [{ takeId: a.body.id, fromBar: null, toBar: null }, { takeId: b.body.id, fromBar: null, toBar: null }], createdAt: expect.any(String) }]);
    // Another artist: 404; a track not made by a mixdown: 404.
    expect((await inject(t, bob.cookie, 'GET', `/api/tracks/${track.id}/mix-stems`)).statusCode).toBe(404);
    expect((await inject(t, alice.cookie, 'GET', `/api/tracks/${backingTrackId}/mix-stems`)).statusCode).toBe(404);
  }, 60_000);

  it('attaches the song’s lyrics to the mix', async () => {
    const conversation = (await inject(t, alice.cookie, 'POST', '/api/conversations', { title: 'Paper Plans lyrics', category: 'lyrics' })).json();
    expect(conversation.id).toEqual(expect.any(Number));
    expect((await inject(t, alice.cookie, 'POST', `/api/conversations/${conversation.id}/lyrics`, { content: 'Paper plans folded in my pocket every night', position: 0 })).statusCode).toBe(201);
    expect((await inject(t, alice.cookie, 'PATCH', `/api/songs/${songId}`, { lyricsId: conversation.id })).statusCode).toBe(200);
    const booth = (await inject(t, alice.cookie, 'GET', `/api/songs/${songId}/booth`)).json();
    expect(booth.song.lyrics).toMatch(/Paper plans folded/);
    const take = await wholeTake(alice.cookie, songId, pcm(1, sine(300, 0.3)), { startMs: '500' });
    const track = await mixdown({ takes: [{ takeId: take.body.id }], vocal: { cleanup: false, presence: 0, evenness: 0, deess: 0, space: 0 } });
    expect(track.title).toBe('Paper Plans (mix 2)');
    expect(track).toMatchObject({ transcriptionSource: 'manual', transcriptionStatus: 'done' });
    expect(track.transcription).toMatch(/Paper plans folded/);
  }, 60_000);

  it('deleting a mix’s version frees its stems; deleting the song removes its takes’ and mixes’ files', async () => {
    const files = (dir: string) => (fs.existsSync(path.join(dataDir, 'uploads', dir)) ? fs.readdirSync(path.join(dataDir, 'uploads', dir)).filter((f) => !f.includes('partial')) : []);
    const song = await newSong(t, alice.cookie, 'Short lived');
    await t.db.kysely.updateTable('songs').set({ beat_id: null }).where('id', '=', song).execute();
    // Its backing: the first song's analysed version, uploaded again as this song's.
    const form = new FormData();
    form.append('songId', String(song));
    form.append('audioFile', new Blob([fs.readFileSync(await makeChordWav({ secondsPerChord: 1 }))]), 'backing.wav');
    const backing = ((await (await fetch(`${base}/api/tracks/upload`, { method: 'POST', headers: { cookie: alice.cookie }, body: form })).json()) as any).id;
    await waitFor(() => inject(t, alice.cookie, 'GET', `/api/tracks/${backing}`).then((r) => r.json()), (tr) => tr.analysis.status === 'done', 30_000);
    await t.db.kysely.updateTable('tracks').set({ bpm: BPM }).where('id', '=', backing).execute();
    const takeFiles = files('takes').length;
    const take = await sendTake(alice.cookie, song, { sampleRate: '48000', offset: '0' }, pcm(0.5, sine(300, 0.3)));
    await sendTake(alice.cookie, song, { takeId: String(take.body.id), offset: String(take.body.receivedBytes), final: 'true' }, pcm(0.5, sine(300, 0.3)));
    expect(files('takes').length).toBe(takeFiles + 1);
    const accepted = (await inject(t, alice.cookie, 'POST', `/api/songs/${song}/mixdown`, { takes: [{ takeId: take.body.id }], vocal: { cleanup: true, presence: 1, evenness: 1, deess: 1, space: 1 } })).json();
    const job = await waitFor(() => inject(t, alice.cookie, 'GET', `/api/jobs/${accepted.jobId}`).then((r) => r.json()), (j) => j.status === 'done' || j.status === 'failed', 30_000);
    expect(job.status).toBe('done');
    const stemsFiles = files('mixes').length;
    const used = (await inject(t, alice.cookie, 'GET', '/api/storage')).json().usedBytes;
    const stemsBytes = Number((await t.db.kysely.selectFrom('mixes').select('stems_bytes').where('track_id', '=', job.result.trackId).executeTakeFirstOrThrow()).stems_bytes);
    const mixTrack = (await inject(t, alice.cookie, 'GET', `/api/tracks/${job.result.trackId}`)).json();
    expect(stemsBytes).toBeGreaterThan(100_000);
    expect((await inject(t, alice.cookie, 'DELETE', `/api/tracks/${job.result.trackId}`)).statusCode).toBe(204);
    expect((await inject(t, alice.cookie, 'GET', '/api/storage')).json().usedBytes).toBe(used - stemsBytes - mixTrack.sizeBytes);
    expect(files('mixes').length).toBe(stemsFiles - 1);
    expect((await inject(t, alice.cookie, 'GET', `/api/songs/${song}/mixes`)).json().mixes).toEqual([]);

    expect((await inject(t, alice.cookie, 'DELETE', `/api/songs/${song}`)).statusCode).toBe(204);
    expect(files('takes').length).toBe(takeFiles);
    expect(await t.db.kysely.selectFrom('takes').select('id').where('id', '=', take.body.id).executeTakeFirst()).toBeUndefined();
  }, 60_000);

  it('the hourly prune removes takes left incomplete for a day, and their chunks; complete ones stay', async () => {
    const song = await newSong(t, alice.cookie, 'Interrupted');
    const left = await sendTake(alice.cookie, song, { sampleRate: '48000' }, pcm(0.2, sine(300, 0.3)));
    const recent = await sendTake(alice.cookie, song, { sampleRate: '48000' }, pcm(0.2, sine(300, 0.3)));
    const done = await wholeTake(alice.cookie, song, pcm(0.2, sine(300, 0.3)));
    const dayAgo = new Date(Date.now() - 25 * 3600_000).toISOString();
    await t.db.kysely.updateTable('takes').set({ updated_at: dayAgo }).where('id', 'in', [left.body.id, done.body.id]).execute();
    const chunk = path.join(dataDir, 'uploads', 'takes', JSON.parse((await t.db.kysely.selectFrom('takes').select('chunk_keys').where('id', '=', left.body.id).executeTakeFirstOrThrow()).chunk_keys)[0].replace(/^takes\//, ''));
    expect(fs.existsSync(chunk)).toBe(true);
    expect(await createServices(t.db, testEnv({ dataDir })).booth.removeStale()).toBe(1);
    const ids = (await inject(t, alice.cookie, 'GET', `/api/songs/${song}/takes`)).json().takes.map((x: any) => x.id);
    expect(ids).toEqual([recent.body.id, done.body.id]);
    expect(fs.existsSync(chunk)).toBe(false);
  });
});
