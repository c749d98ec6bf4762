import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers one request. */
export type FakeBehaviour =
  | { kind: 'reply'; text: string; model?: string; chunkDelayMs?: number }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'hang' }
  | { kind: 'malformed' }
  | { kind: 'cut'; text: string };

export interface FakeRequestLog {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/**
 * A local server speaking the OpenAI Chat Completions protocol (JSON and server-sent events),
 * scripted per request. Tests point AI_BASE_URL at it; nothing leaves the machine.
 *
 * `port` 0 picks a free port. Other processes (the browser tests) script it over HTTP:
 * `POST /__control/enqueue` with a JSON array of FakeBehaviour, `POST /__control/reset`.
 */
export async function startFakeOpenAi(port = 0) {
  const queue: FakeBehaviour[] = [];
  let fallback: FakeBehaviour = { kind: 'reply', text: 'Default fake reply.' };
  const requests: FakeRequestLog[] = [];
  const open = new Set<http.ServerResponse>();

  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    let body: any = null;
    try {
      body = JSON.parse(raw);
    } catch {
      /* keep null */
    }
    if (req.url?.startsWith('/__control/')) {
      control(req.method ?? 'GET', req.url, body, res);
      return;
    }
    requests.push({ path: req.url ?? '', headers: req.headers, body });
    if (req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const behaviour = queue.shift() ?? fallback;
    const model = body?.model ?? 'fake-model';
    open.add(res);
    res.on('close', () => open.delete(res));

    switch (behaviour.kind) {
      case 'status':
        res.writeHead(behaviour.status, { 'content-type': 'application/json' });
        res.end(behaviour.body ?? JSON.stringify({ error: { message: `fake error ${behaviour.status}` } }));
        return;
      case 'hang':
        return; // never answers; the client's timeout must fire
      case 'malformed':
        res.writeHead(200, { 'content-type': body?.stream ? 'text/event-stream' : 'application/json' });
        res.end(body?.stream ? 'data: {not json\n\n' : '{"choices": [ {"mess');
        return;
      case 'reply':
      case 'cut': {
        const words = behaviour.text.match(/\S+\s*/g) ?? [];
        if (!body?.stream) {
          if (behaviour.kind === 'cut') {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end('{"choices":[{"message":{"content":"half');
            return;
          }
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({
            id: 'chatcmpl-fake', object: 'chat.completion', model: behaviour.model ?? model,
            choices: [{ index: 0, message: { role: 'assistant', content: behaviour.text }, finish_reason: 'stop' }],
          }));
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
        const delay = behaviour.kind === 'reply' ? behaviour.chunkDelayMs ?? 0 : 0;
        const total = behaviour.kind === 'cut' ? Math.max(1, Math.floor(words.length / 2)) : words.length;
        for (let i = 0; i < total; i++) {
          if (res.destroyed) return;
          send({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', model: (behaviour as any).model ?? model, choices: [{ index: 0, delta: { content: words[i] }, finish_reason: null }] });
          if (delay) await new Promise((r) => setTimeout(r, delay));
        }
        if (behaviour.kind === 'cut') {
          // Let what was written reach the client, then drop the connection mid-reply.
          await new Promise((r) => setTimeout(r, 50));
          res.destroy();
          return;
        }
        send({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
        res.end('data: [DONE]\n\n');
        return;
      }
    }
  });
  function control(method: string, url: string, body: any, res: http.ServerResponse) {
    const answer = (status: number, data: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data));
    if (method === 'POST' && url === '/__control/enqueue') {
      const list = Array.isArray(body) ? body : null;
      if (!list || !list.every((b) => b && typeof b === 'object' && typeof b.kind === 'string')) {
        answer(400, { error: { message: 'expected a JSON array of behaviours' } });
        return;
      }
      queue.push(...(list as FakeBehaviour[]));
      answer(200, { queued: queue.length });
      return;
    }
    if (method === 'POST' && url === '/__control/reset') {
      queue.length = 0;
      requests.length = 0;
      fallback = { kind: 'reply', text: 'Default fake reply.' };
      answer(200, { queued: 0 });
      return;
    }
    answer(404, { error: { message: 'unknown control endpoint' } });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port: boundPort } = server.address() as AddressInfo;

  return {
    port: boundPort,
    baseUrl: `http://127.0.0.1:${boundPort}/v1`,
    requests,
    /** Answer the next requests this way, in order. */
    enqueue: (...behaviours: FakeBehaviour[]) => queue.push(...behaviours),
    /** How to answer once the queue is empty. */
    setDefault: (behaviour: FakeBehaviour) => {
      fallback = behaviour;
    },
    reset() {
      queue.length = 0;
      requests.length = 0;
      fallback = { kind: 'reply', text: 'Default fake reply.' };
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;
