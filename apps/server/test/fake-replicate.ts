import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the fake answers the prediction request: 'ok' (a prediction still processing, then succeeded
 * with an MP3 URL), an error status in Replicate's problem shape, 'no-audio' (succeeded without
 * output: an empty result), 'garbage' (a 201 that is not JSON), or 'hang' (never answers).
 */
export type FakeReplicateMode = 'ok' | 'no-audio' | 'garbage' | 'hang' | { status: number };

/**
 * A local server speaking Replicate's predictions protocol (create, poll urls.get, fetch the
 * output), the Studio's hosted music provider. It counts predictions per seed, so a test sees from
 * outside how many times each beat job really ran; `hold(seed)` keeps the next prediction for that
 * seed unanswered (a job caught mid-run) until `answerHeld()` or `release()`.
 */
export async function startFakeReplicate(options: { delayMs?: number } = {}) {
  let mode: FakeReplicateMode = 'ok';
  const seen: { auth?: string; body?: unknown; prefer?: string }[] = [];
  const hanging = new Set<http.ServerResponse>();
  const seeds = new Map<number, number>();
  const held = new Set<number>();
  const waiting: Array<{ seed: number; answer: () => void; drop: () => void }> = [];
  let base = '';
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const send = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (req.url?.startsWith('/audio/')) return res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(Buffer.from('ID3fake-mp3'));
      if (req.method === 'POST' && req.url === '/v1/models/meta/musicgen/predictions') {
        const request = JSON.parse(body) as { input?: { seed?: number } };
        seen.push({ auth: req.headers.authorization, body: request, prefer: String(req.headers.prefer) });
        if (mode === 'hang') {
          hanging.add(res);
          res.on('close', () => hanging.delete(res));
          return;
        }
        if (mode === 'garbage') return res.writeHead(201, { 'content-type': 'application/json' }).end('{"id": "p1", "status": "proc');
        if (typeof mode === 'object') {
          const { status } = mode;
          if (status === 401) return send(401, { title: 'Unauthenticated', detail: 'You did not pass a valid authentication token', status });
          if (status === 429) return send(429, { title: 'Request was throttled', detail: 'Request was throttled. Expected available in 1 second.', status });
          return send(status, { detail: 'Service Unavailable', status });
        }
        const seed = Number(request.input?.seed ?? 0);
        const count = (seeds.get(seed) ?? 0) + 1;
        seeds.set(seed, count);
        const id = `p${seed}-${count}`;
        // Still running: the client polls urls.get.
        const answer = () => send(201, { id, status: 'processing', output: null, urls: { get: `${base}/v1/predictions/${id}` } });
        if (held.delete(seed)) return void waiting.push({ seed, answer, drop: () => res.destroy() });
        if (options.delayMs) return void setTimeout(answer, options.delayMs);
        return answer();
      }
      const poll = req.method === 'GET' && /^\/v1\/predictions\/(p[\w-]+)$/.exec(req.url ?? '');
      if (poll) {
        const id = poll[1];
        return send(200, { id, status: 'succeeded', output: mode === 'no-audio' ? null : `${base}/audio/${id}.mp3`, urls: { get: `${base}/v1/predictions/${id}` } });
      }
      send(404, { detail: 'not found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${base}/v1`,
    seen,
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
