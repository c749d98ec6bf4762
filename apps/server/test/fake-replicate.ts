import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeToneWav, toMp3 } from '../src/audio/fixtures';
import { checkReplicate } from './contracts/validator';

/**
 * How the fake answers the prediction request: 'ok' (a prediction still processing, then succeeded
 * with an MP3 URL), an error status in Replicate's problem shape (429 with `retryAfter` seconds),
 * 'no-audio' (succeeded without output), 'aborted' (the deadline passed before it started),
 * 'garbage' (a 201 that is not JSON), 'hang' (never answers), 'processing' (stays processing
 * forever: the client times out), or 'ok' with an `output` that replaces the audio's URL or body.
 */
export type FakeReplicateMode =
  | 'ok'
  | 'no-audio'
  | 'garbage'
  | 'hang'
  | 'aborted'
  | 'processing'
  | { status: number; retryAfter?: string }
  | { output: { url?: string; contentType?: string; body?: Buffer; kind?: 'wav' } };

/**
 * A local server speaking Replicate's predictions protocol (create, poll urls.get, cancel, fetch the
 * output), the Studio's hosted music provider. Every API request is checked against Replicate's
 * published description (test/contracts): a nonconforming one fails the test. The output is a real
 * MP3 (a 2-second tone made with ffmpeg), so the analyser decodes it.
 *
 * It counts predictions per seed, so a test sees from outside how many times each beat job really
 * ran; `hold(seed)` keeps the next prediction for that seed unanswered (a job caught mid-run) until
 * `answerHeld()` or `release()`.
 */
export async function startFakeReplicate(options: {
  delayMs?: number;
  /**
   * Honours `Prefer: wait` as Replicate's sync mode does: the create request answers with the
   * prediction once it has finished (here at once), so the client has nothing to poll. Off by
   * default, so the suites that test polling and cancelling see a prediction still processing.
   */
  wait?: boolean;
} = {}) {
  let mode: FakeReplicateMode = 'ok';
  const seen: { auth?: string; body?: unknown; prefer?: string; cancelAfter?: string }[] = [];
  const cancelled: string[] = [];
  const hanging = new Set<http.ServerResponse>();
  const seeds = new Map<number, number>();
  const held = new Set<number>();
  const waiting: Array<{ seed: number; answer: () => void; drop: () => void }> = [];
  const wav = await makeToneWav({ seconds: 2, freq: 220, sampleRate: 22050 });
  const mp3 = fs.readFileSync(await toMp3(wav));
  const wavBytes = fs.readFileSync(wav);
  let base = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const send = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (req.url?.startsWith('/audio/')) {
        const custom = typeof mode === 'object' && 'output' in mode ? mode.output : undefined;
        const body = custom?.body ?? (custom?.kind === 'wav' ? wavBytes : mp3);
        return res.writeHead(200, { 'content-type': custom?.contentType ?? (custom?.kind === 'wav' ? 'audio/wav' : 'audio/mpeg'), 'content-length': body.length }).end(body);
      }
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      const problems = checkReplicate({ method: req.method ?? 'GET', path: (req.url ?? '').replace(/^\/v1/, ''), contentType: req.headers['content-type'], body, headers: req.headers });
      if (problems.length) return send(422, { title: 'Invalid request', detail: problems.join('; '), status: 422 });
      const cancel = req.method === 'POST' && /^\/v1\/predictions\/(p[\w-]+)\/cancel$/.exec(req.url ?? '');
      if (cancel) {
        cancelled.push(cancel[1]!);
        return send(200, { id: cancel[1], status: 'canceled', output: null, urls: urls(cancel[1]!) });
      }
      if (req.method === 'POST' && req.url === '/v1/models/meta/musicgen/predictions') {
        const request = body as { input?: { seed?: number } };
        seen.push({ auth: req.headers.authorization, body: request, prefer: String(req.headers.prefer), cancelAfter: req.headers['cancel-after'] as string | undefined });
        if (mode === 'hang') {
          hanging.add(res);
          res.on('close', () => hanging.delete(res));
          return;
        }
        if (mode === 'garbage') return res.writeHead(201, { 'content-type': 'application/json' }).end('{"id": "p1", "status": "proc');
        if (typeof mode === 'object' && 'status' in mode) {
          const { status } = mode;
          if (status === 401) return send(401, { title: 'Unauthenticated', detail: 'You did not pass a valid authentication token', status });
          if (status === 429) {
            return res
              .writeHead(429, { 'content-type': 'application/problem+json', ...(mode.retryAfter ? { 'retry-after': mode.retryAfter } : {}) })
              .end(JSON.stringify({ title: 'Request was throttled', detail: 'Request was throttled. Expected available in 1 second.', status }));
          }
          return send(status, { detail: 'Service Unavailable', status });
        }
        const seed = Number(request.input?.seed ?? 0);
        const count = (seeds.get(seed) ?? 0) + 1;
        seeds.set(seed, count);
        const id = `p${seed}-${count}`;
        // Still running, so the client polls urls.get; in sync mode the create answers it settled.
        const sync = options.wait && /\bwait\b/.test(String(req.headers.prefer ?? ''));
        const answer = () => (sync ? send(201, { ...settled(id), id }) : send(201, { id, status: mode === 'aborted' ? 'aborted' : 'processing', output: null, urls: urls(id) }));
        if (held.delete(seed)) return void waiting.push({ seed, answer, drop: () => res.destroy() });
        if (options.delayMs) return void setTimeout(answer, options.delayMs);
        return answer();
      }
      const poll = req.method === 'GET' && /^\/v1\/predictions\/(p[\w-]+)$/.exec(req.url ?? '');
      if (poll) return send(200, settled(poll[1]!));
      send(404, { detail: 'not found' });
    });
  });
  const urls = (id: string) => ({ get: `${base}/v1/predictions/${id}`, cancel: `${base}/v1/predictions/${id}/cancel` });
  /** A prediction as `urls.get` shows it now (and as sync mode answers its create). */
  function settled(id: string) {
    if (cancelled.includes(id)) return { id, status: 'canceled', output: null, urls: urls(id) };
    if (mode === 'processing') return { id, status: 'processing', output: null, urls: urls(id) };
    if (mode === 'aborted') return { id, status: 'aborted', output: null, urls: urls(id) };
    const custom = typeof mode === 'object' && 'output' in mode ? mode.output : undefined;
    const output = mode === 'no-audio' ? null : (custom?.url ?? `${base}/audio/${id}.${custom?.kind ?? 'mp3'}`);
    return { id, status: 'succeeded', output, urls: urls(id) };
  }
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${base}/v1`,
    /** The server's own origin (the output URLs live on it). */
    origin: base,
    seen,
    /** The ids of the predictions cancelled through `POST /predictions/{id}/cancel`. */
    cancelled,
    /** Predictions made per seed. */
    seeds,
    setMode(next: FakeReplicateMode) {
      mode = next;
      if (next !== 'hang') for (const res of hanging) res.destroy();
    },
    hold: (seed: number) => void held.add(seed),
    /** Whether a held prediction for this seed is waiting for its answer. */
    holding: (seed: number) => waiting.some((w) => w.seed === seed),
    /** Answers the held predictions after all. */
    answerHeld() {
      for (const w of waiting.splice(0)) w.answer();
    },
    /** Drops the held predictions unanswered (their client is gone). */
    release() {
      for (const w of waiting.splice(0)) w.drop();
    },
    close: () =>
      new Promise<void>((r) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
export type FakeReplicate = Awaited<ReturnType<typeof startFakeReplicate>>;
