import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the fake answers the prediction request: 'ok' (a prediction still processing, then succeeded
 * with an MP3 URL), an error status in Replicate's problem shape, 'no-audio' (succeeded without
 * output: an empty result), 'garbage' (a 201 that is not JSON), or 'hang' (never answers).
 */
export type FakeReplicateMode = 'ok' | 'no-audio' | 'garbage' | 'hang' | { status: number };

/** A local server speaking Replicate's predictions protocol (create, poll urls.get, fetch the output). */
export async function startFakeReplicate() {
  let mode: FakeReplicateMode = 'ok';
  const seen: { auth?: string; body?: unknown; prefer?: string }[] = [];
  const hanging = new Set<http.ServerResponse>();
  let base = '';
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const send = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (req.url === '/audio/out.mp3') return res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(Buffer.from('ID3fake-mp3'));
      if (req.method === 'POST' && req.url === '/v1/models/meta/musicgen/predictions') {
        seen.push({ auth: req.headers.authorization, body: JSON.parse(body), prefer: String(req.headers.prefer) });
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
        // Still running: the client polls urls.get.
        return send(201, { id: 'p1', status: 'processing', output: null, urls: { get: `${base}/v1/predictions/p1` } });
      }
      if (req.method === 'GET' && req.url === '/v1/predictions/p1') {
        return send(200, { id: 'p1', status: 'succeeded', output: mode === 'no-audio' ? null : `${base}/audio/out.mp3`, urls: { get: `${base}/v1/predictions/p1` } });
      }
      send(404, { detail: 'not found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${base}/v1`,
    seen,
    setMode(next: FakeReplicateMode) {
      mode = next;
      if (next !== 'hang') for (const res of hanging) res.destroy();
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
