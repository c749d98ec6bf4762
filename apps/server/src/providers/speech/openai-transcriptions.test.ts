import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiTranscriber, EmptyTranscriptionError, TranscriptionRateLimitedError } from './openai-transcriptions';
import { startFakeStt } from '../../../test/fake-stt';
import { createTestApp, registerUser } from '../../../test/helpers';
import { makeClickTrack } from '../../audio/fixtures';
import { AppError, PermanentJobError } from '../../errors';

describe('OpenAI transcriptions provider', () => {
  let stt: Awaited<ReturnType<typeof startFakeStt>>;
  let file: { path: string; filename: string; mimeType: string };
  let logged: Array<Record<string, unknown>> = [];
  const transcriber = () =>
    createOpenAiTranscriber({ baseUrl: stt.baseUrl, model: 'whisper-test', timeoutMs: 5000, log: { warn: (details) => logged.push(details) } });

  beforeAll(async () => {
    stt = await startFakeStt();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-stt-unit-'));
    file = { path: path.join(dir, 'take.wav'), filename: 'take.wav', mimeType: 'audio/wav' };
    fs.writeFileSync(file.path, Buffer.alloc(1024, 1));
  });
  afterEach(() => {
    logged = [];
  });
  afterAll(async () => stt.close());

  it('answers the trimmed text', async () => {
    stt.enqueue({ status: 200, text: '  Bars from the booth \n' });
    expect(await transcriber().transcribe(file)).toBe('Bars from the booth');
  });

  it.each(['', '   \n '])('fails an empty transcription (%j) for good, with a clear message', async (text) => {
    stt.enqueue({ status: 200, text });
    const error = await transcriber().transcribe(file).then(() => undefined, (e) => e);
    expect(error).toBeInstanceOf(EmptyTranscriptionError);
    // Permanent: the job fails at once rather than asking again for the same silence.
    expect(error).toBeInstanceOf(PermanentJobError);
    expect(error.message).toBe('The speech-to-text service heard no words in this recording');
  });

  it.each([401, 403])('says a refused key (%i) in plain words, without a setting name, and does not retry it', async (status) => {
    stt.enqueue({ status });
    const error = await transcriber().transcribe(file).then(() => undefined, (e) => e);
    expect(error).toBeInstanceOf(PermanentJobError);
    expect(error.message).toBe("The speech-to-text service turned down this site's access.");
  });

  it.each([400, 404])('fails a refused request (%i) for good: asking again gets the same answer', async (status) => {
    stt.enqueue({ status });
    const error = await transcriber().transcribe(file).then(() => undefined, (e) => e);
    expect(error).toBeInstanceOf(PermanentJobError);
    expect(error.message).toBe(`The speech-to-text service refused the request (${status}).`);
  });

  it("carries a 429's Retry-After for the job's next attempt, and retries without one too", async () => {
    stt.enqueue({ status: 429, headers: { 'retry-after': '7' } }, { status: 429 });
    const error = await transcriber().transcribe(file).then(() => undefined, (e) => e);
    expect(error).toBeInstanceOf(TranscriptionRateLimitedError);
    expect(error).not.toBeInstanceOf(PermanentJobError);
    expect([error.statusCode, error.retryAfterMs, error.headers]).toEqual([429, 7000, { 'retry-after': '7' }]);
    const bare = await transcriber().transcribe(file).then(() => undefined, (e) => e);
    expect([bare.statusCode, bare.retryAfterMs]).toEqual([429, undefined]);
  });

  it("answers in our own words, never the service's, and logs its text", async () => {
    const page = '<html><body>502 Bad Gateway</body></html>';
    stt.enqueue({ status: 502, body: page });
    const error = await transcriber().transcribe(file).then(() => undefined, (e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error.message).toBe('The speech-to-text service answered 502.');
    expect(logged).toEqual([expect.objectContaining({ status: 502, detail: page })]);
  });
});

describe('an empty transcription of an uploaded track', () => {
  it('fails the transcription at once, so the artist pastes the lyrics', async () => {
    const stt = await startFakeStt();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-stt-empty-'));
    const t = await createTestApp('sqlite', { dataDir, WORKERS: 1, STT_BASE_URL: stt.baseUrl, STT_MODEL: 'whisper-test' });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const { cookie } = await registerUser(t.app);
      stt.enqueue({ status: 200, text: '' });
      const form = new FormData();
      form.append('audioFile', new Blob([fs.readFileSync(await makeClickTrack({ bpm: 90, seconds: 2 }))]), 'instrumental.wav');
      const uploaded = await fetch(`${base}/api/tracks/upload`, { method: 'POST', headers: { cookie }, body: form });
      expect(uploaded.status).toBe(201);
      const { id } = (await uploaded.json()) as { id: number };

      let track: any;
      for (const start = Date.now(); Date.now() - start < 20_000; await new Promise((r) => setTimeout(r, 100))) {
        track = await (await fetch(`${base}/api/tracks/${id}`, { headers: { cookie } })).json();
        if (track.transcriptionStatus === 'failed' || track.transcriptionStatus === 'done') break;
      }
      expect(track).toMatchObject({ transcriptionStatus: 'failed', transcription: null });
      expect(track.transcriptionError).toBe(
        'The lyrics could not be written out (The speech-to-text service heard no words in this recording). Paste or type them instead.',
      );
      expect(stt.requests).toHaveLength(1); // not retried
    } finally {
      await t.close();
      await stt.close();
    }
  }, 60_000);
});
