import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking Replicate's predictions protocol (the Studio's hosted music provider),
 * answering at once with a finished prediction and a tiny MP3. It counts predictions per seed, so
 * a test sees from outside how many times each beat job really ran; `hold(seed)` keeps the next
 * prediction for that seed unanswered (a job caught mid-run) until `release()`.
 */
export async function startFakeReplicate(options: { delayMs?: number } = {}) {
  const seeds = new Map<number, number>();
  const held = new Set<number>();
  const waiting: Array<{ seed: number; answer: () => void }> = [];
  const sockets = new Map<number, () => void>();
  let base = '';
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.url?.startsWith('/audio/')) {
        res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(Buffer.from('ID3fake-mp3-frames'));
        return;
      }
      if (req.method !== 'POST' || req.url !== '/v1/models/meta/musicgen/predictions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"not found"}');
        return;
      }
      const seed = Number((JSON.parse(body) as { input: { seed: number } }).input.seed);
      seeds.set(seed, (seeds.get(seed) ?? 0) + 1);
      sockets.set(seed, () => res.destroy());
      const answer = () =>
        res
          .writeHead(201, { 'content-type': 'application/json' })
          .end(JSON.stringify({ id: `p${seed}-${seeds.get(seed)}`, status: 'succeeded', output: `${base}/audio/${seed}.mp3` }));
      if (held.delete(seed)) {
        waiting.push({ seed, answer });
        return;
      }
      if (options.delayMs) setTimeout(answer, options.delayMs);
      else answer();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${base}/v1`,
    /** Predictions made per seed. */
    seeds,
    hold: (seed: number) => void held.add(seed),
    /** Whether a held prediction for this seed is waiting for its answer. */
    holding: (seed: number) => waiting.some((w) => w.seed === seed),
    /** Answers the held predictions after all. */
    answerHeld() {
      for (const w of waiting.splice(0)) w.answer();
    },
    /** Drops the held predictions unanswered (their client is gone). */
    release() {
      for (const w of waiting.splice(0)) sockets.get(w.seed)?.();
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
