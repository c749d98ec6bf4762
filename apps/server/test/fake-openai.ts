import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkOpenAi } from './contracts/validator';

/**
 * How the fake answers one request; each behaviour has a non-streamed (JSON) and a streamed (SSE)
 * form, chosen by the request's `stream`. All replies are valid per the OpenAI Chat Completions API.
 */
export type FakeBehaviour =
  /** A reply, word by word when streamed; `finishReason` defaults to 'stop'. */
  | {
      kind: 'reply';
      text: string;
      model?: string;
      chunkDelayMs?: number;
      finishReason?: 'stop' | 'length' | 'content_filter';
      /** A non-streamed reply waits this long before answering. */
      delayMs?: number;
      /**
       * Streamed: once the text sent so far contains this, the stream holds until `release()` (or
       * `POST /__control/release`), so a test can look at a reply mid-stream however slow the
       * machine (a client that goes away ends the hold too).
       */
      holdAfter?: string;
    }
  /** The model declines: `message.refusal` (content null), or `delta.refusal` pieces. */
  | { kind: 'refusal'; text: string }
  /**
   * No reply text. 'no-choices': `choices: []` (streamed: only a choice-less usage chunk);
   * 'null-content': `content: null`; 'empty-content': `content: ""`. `finishReason` defaults to 'stop'.
   */
  | { kind: 'empty'; shape: 'no-choices' | 'null-content' | 'empty-content'; finishReason?: 'stop' | 'length' | 'content_filter' }
  /** Several choices (as for `n` > 1): texts[i] is choice i; streamed, each word of a higher index comes first. */
  | { kind: 'choices'; texts: string[] }
  | { kind: 'status'; status: number; body?: string; headers?: Record<string, string> }
  /** An `error` object with status 200, as gateways send it: the whole body, or an event after a first piece of text. */
  | { kind: 'error-in-reply'; message: string }
  | { kind: 'hang' }
  | { kind: 'malformed' }
  | { kind: 'cut'; text: string };

/** How `GET /v1/models` answers ("List models" in the OpenAI API): these ids, a status, or never. */
export type FakeModelsBehaviour = { kind: 'list'; models: string[] } | { kind: 'status'; status: number } | { kind: 'hang' };

const REQUEST_FIELDS = new Set(['model', 'messages', 'stream', 'stream_options', 'max_completion_tokens', 'temperature', 'top_p', 'n', 'stop', 'user']);
const ROLES = new Set(['developer', 'system', 'user', 'assistant']);

/**
 * Checks a chat completion request against the OpenAI API description, for the fields this app
 * may send: anything else (the deprecated `max_tokens` included) is refused with a 400, so a
 * nonconforming request fails the tests. Answers the problem, or null.
 */
export function requestProblem(body: any): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'The request body must be a JSON object.';
  for (const key of Object.keys(body)) {
    if (!REQUEST_FIELDS.has(key)) return `Unrecognized request argument supplied: ${key}`;
  }
  if (typeof body.model !== 'string' || !body.model) return "'model' must be a non-empty string.";
  if (!Array.isArray(body.messages) || body.messages.length === 0) return "'messages' must be a non-empty array.";
  for (const [i, m] of body.messages.entries()) {
    if (!m || typeof m !== 'object' || !ROLES.has(m.role)) return `messages[${i}].role is not one of developer, system, user, assistant.`;
    if (typeof m.content !== 'string') return `messages[${i}].content must be a string.`;
    if (Object.keys(m).some((k) => k !== 'role' && k !== 'content' && k !== 'name')) return `messages[${i}] has an unrecognized field.`;
  }
  if (body.stream !== undefined && typeof body.stream !== 'boolean') return "'stream' must be a boolean.";
  if (body.stream_options !== undefined && body.stream !== true) return "'stream_options' is only allowed when 'stream' is true.";
  if (body.max_completion_tokens !== undefined && !(Number.isInteger(body.max_completion_tokens) && body.max_completion_tokens > 0)) {
    return "'max_completion_tokens' must be a positive integer.";
  }
  if (body.temperature !== undefined && !(typeof body.temperature === 'number' && body.temperature >= 0 && body.temperature <= 2)) {
    return "'temperature' must be a number from 0 to 2.";
  }
  return null;
}

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
 * `POST /__control/enqueue` with a JSON array of FakeBehaviour, `POST /__control/models` with a
 * FakeModelsBehaviour (GET /v1/models), `POST /__control/reset`.
 */
export async function startFakeOpenAi(port = 0, options: { extra?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean } = {}) {
  const queue: FakeBehaviour[] = [];
  /** Streams held at their `holdAfter` text, waiting for a release. */
  const holds = new Set<() => void>();
  const releaseHolds = () => {
    for (const resolve of holds) resolve();
    holds.clear();
  };
  let fallback: FakeBehaviour = { kind: 'reply', text: 'Default fake reply.' };
  const requests: FakeRequestLog[] = [];
  const open = new Set<http.ServerResponse>();
  const defaultModels = (): FakeModelsBehaviour => ({ kind: 'list', models: ['fake-model'] });
  let models: FakeModelsBehaviour = defaultModels();
  /** When set, requests without `Authorization: Bearer <key>` get OpenAI's 401. */
  let apiKey: string | undefined;

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
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
    if (apiKey !== undefined && req.headers.authorization !== `Bearer ${apiKey}`) {
      // OpenAI's answer to a missing or wrong key (its message quotes part of the key sent).
      const sent = /^Bearer (.*)$/.exec(req.headers.authorization ?? '')?.[1];
      const message = sent ? `Incorrect API key provided: ${sent.slice(0, 3)}***${sent.slice(-4)}.` : "You didn't provide an API key.";
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message, type: 'invalid_request_error', param: null, code: sent ? 'invalid_api_key' : null } }));
      return;
    }
    if (req.url === '/v1/models' && req.method === 'GET') {
      if (models.kind === 'hang') {
        open.add(res);
        res.on('close', () => open.delete(res));
        return;
      }
      if (models.kind === 'status') {
        res.writeHead(models.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `fake error ${models.status}` } }));
        return;
      }
      const created = Math.floor(Date.now() / 1000);
      const data = models.models.map((id) => ({ id, object: 'model', created, owned_by: 'fake' }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data }));
      return;
    }
    if (req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const behaviour = queue.shift() ?? fallback;
    const model = body?.model ?? 'fake-model';
    open.add(res);
    res.on('close', () => open.delete(res));

    // The published description first (recorded: the test fails), then this fake's stricter rules.
    const reject = checkOpenAi({ method: req.method ?? 'POST', path: '/chat/completions', contentType: req.headers['content-type'], body })[0] ?? requestProblem(body);
    if (reject) {
      // What OpenAI answers to a request outside its API description.
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: reject, type: 'invalid_request_error', param: null, code: null } }));
      return;
    }

    const created = Math.floor(Date.now() / 1000);
    const completion = (choices: unknown[], usedModel = model) =>
      JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion', created, model: usedModel, choices });
    const message = (content: string | null, refusal: string | null = null) => ({ role: 'assistant', content, refusal });
    const startStream = () => res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (choices: unknown[], usedModel = model) =>
      res.write(`data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created, model: usedModel, choices })}\n\n`);
    const chunk = (delta: object, finishReason: string | null = null, index = 0) => ({ index, delta, finish_reason: finishReason });
    const words = (text: string) => text.match(/\S+\s*/g) ?? [];

    switch (behaviour.kind) {
      case 'status':
        res.writeHead(behaviour.status, { 'content-type': 'application/json', ...behaviour.headers });
        res.end(behaviour.body ?? JSON.stringify({ error: { message: `fake error ${behaviour.status}` } }));
        return;
      case 'hang':
        return; // never answers; the client's timeout must fire
      case 'malformed':
        res.writeHead(200, { 'content-type': body?.stream ? 'text/event-stream' : 'application/json' });
        res.end(body?.stream ? 'data: {not json\n\n' : '{"choices": [ {"mess');
        return;
      case 'error-in-reply': {
        const error = { error: { message: behaviour.message, type: 'server_error', param: null, code: null } };
        if (!body?.stream) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(error));
          return;
        }
        startStream();
        send([chunk({ role: 'assistant', content: 'Starting ' })]);
        res.end(`data: ${JSON.stringify(error)}\n\n`);
        return;
      }
      case 'refusal': {
        if (!body?.stream) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(completion([{ index: 0, message: message(null, behaviour.text), finish_reason: 'stop' }]));
          return;
        }
        startStream();
        send([chunk({ role: 'assistant', content: null, refusal: '' })]);
        for (const word of words(behaviour.text)) send([chunk({ refusal: word })]);
        send([chunk({}, 'stop')]);
        res.end('data: [DONE]\n\n');
        return;
      }
      case 'empty': {
        const finish = behaviour.finishReason ?? 'stop';
        const content = behaviour.shape === 'empty-content' ? '' : null;
        if (!body?.stream) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(completion(behaviour.shape === 'no-choices' ? [] : [{ index: 0, message: message(content), finish_reason: finish }]));
          return;
        }
        startStream();
        if (behaviour.shape === 'no-choices') {
          res.write(`data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created, model, choices: [], usage: { prompt_tokens: 9, completion_tokens: 0, total_tokens: 9 } })}\n\n`);
        } else {
          send([chunk({ role: 'assistant', content })]);
          send([chunk({}, finish)]);
        }
        res.end('data: [DONE]\n\n');
        return;
      }
      case 'choices': {
        if (!body?.stream) {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(completion(behaviour.texts.map((text, index) => ({ index, message: message(text), finish_reason: 'stop' }))));
          return;
        }
        startStream();
        const split = behaviour.texts.map(words);
        const longest = Math.max(0, ...split.map((w) => w.length));
        for (let i = 0; i < longest; i++) {
          // One choice per chunk, as OpenAI sends them: the highest index first.
          for (let index = split.length - 1; index >= 0; index--) {
            const word = split[index]![i];
            if (word !== undefined) send([chunk({ content: word }, null, index)]);
          }
        }
        for (let index = split.length - 1; index >= 0; index--) send([chunk({}, 'stop', index)]);
        res.end('data: [DONE]\n\n');
        return;
      }
      case 'reply':
      case 'cut': {
        const pieces = words(behaviour.text);
        const usedModel = behaviour.kind === 'reply' ? behaviour.model ?? model : model;
        const finish = behaviour.kind === 'reply' ? behaviour.finishReason ?? 'stop' : 'stop';
        if (!body?.stream) {
          if (behaviour.kind === 'cut') {
            // The whole reply's length is promised, half of it sent, then the connection drops.
            const full = completion([{ index: 0, message: message(behaviour.text), finish_reason: finish }], usedModel);
            res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(full) });
            res.write(full.slice(0, Math.floor(full.length / 2)));
            await new Promise((r) => setTimeout(r, 50));
            res.destroy();
            return;
          }
          if (behaviour.kind === 'reply' && behaviour.delayMs) await new Promise((r) => setTimeout(r, behaviour.delayMs));
          if (res.destroyed) return;
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(completion([{ index: 0, message: message(behaviour.text), finish_reason: finish }], usedModel));
          return;
        }
        startStream();
        const delay = behaviour.kind === 'reply' ? behaviour.chunkDelayMs ?? 0 : 0;
        const total = behaviour.kind === 'cut' ? Math.max(1, Math.floor(pieces.length / 2)) : pieces.length;
        const holdAfter = behaviour.kind === 'reply' ? behaviour.holdAfter : undefined;
        let sent = '';
        let held = false;
        for (let i = 0; i < total; i++) {
          if (res.destroyed) return;
          send([chunk({ content: pieces[i] })], usedModel);
          sent += pieces[i];
          if (holdAfter !== undefined && !held && sent.includes(holdAfter)) {
            held = true;
            await new Promise<void>((resolve) => {
              holds.add(resolve);
              res.once('close', resolve);
            });
          }
          if (delay) await new Promise((r) => setTimeout(r, delay));
        }
        if (behaviour.kind === 'cut') {
          // Let what was written reach the client, then drop the connection mid-reply.
          await new Promise((r) => setTimeout(r, 50));
          res.destroy();
          return;
        }
        send([chunk({}, finish)], usedModel);
        res.end('data: [DONE]\n\n');
        return;
      }
    }
  };
  // A failure inside a handler closes that connection instead of going unhandled.
  const server = http.createServer((req, res) => {
    // Another fake sharing the port (the browser tests' payment API) answers its own paths.
    if (options.extra?.(req, res)) return;
    handle(req, res).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
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
    if (method === 'POST' && url === '/__control/release') {
      const released = holds.size;
      releaseHolds();
      answer(200, { released });
      return;
    }
    if (method === 'POST' && url === '/__control/reset') {
      releaseHolds();
      queue.length = 0;
      requests.length = 0;
      fallback = { kind: 'reply', text: 'Default fake reply.' };
      models = defaultModels();
      apiKey = undefined;
      answer(200, { queued: 0 });
      return;
    }
    if (method === 'POST' && url === '/__control/models') {
      if (!body || typeof body !== 'object' || !['list', 'status', 'hang'].includes(body.kind)) {
        answer(400, { error: { message: 'expected a models behaviour' } });
        return;
      }
      models = body as FakeModelsBehaviour;
      answer(200, { ok: true });
      return;
    }
    answer(404, { error: { message: 'unknown control endpoint' } });
  }

  // Idle keep-alive connections stay open until the client closes them. With Node's default (5 s)
  // the server closed a connection a journey's request context had left idle for 5 s (an admin
  // command in between) just as the context sent its next control request on it: ECONNRESET.
  server.keepAliveTimeout = 0;
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
    /** How GET /v1/models answers from now on (by default it lists 'fake-model'). */
    setModels: (behaviour: FakeModelsBehaviour) => {
      models = behaviour;
    },
    /** Require this bearer key on every request (undefined: any or none). */
    requireKey: (key: string | undefined) => {
      apiKey = key;
    },
    /** How to answer once the queue is empty. */
    setDefault: (behaviour: FakeBehaviour) => {
      fallback = behaviour;
    },
    /** Lets every stream held at its `holdAfter` text go on. */
    release: releaseHolds,
    reset() {
      releaseHolds();
      queue.length = 0;
      requests.length = 0;
      fallback = { kind: 'reply', text: 'Default fake reply.' };
      models = defaultModels();
      apiKey = undefined;
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;
