import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { checkOpenAi, coerceFormNumbers, multipartFields } from './contracts/validator';

/** How the fake answers one request: an image of `width`×`height` (b64_json) with status 200, an error status, silence for `delayMs`, or never (`hang`). */
export interface FakeImagesReply {
  status?: number;
  width?: number;
  height?: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
  hang?: boolean;
}

export interface FakeImagesRequest {
  path: string;
  authorization: string | undefined;
  contentType: string;
  json?: { model?: string; prompt?: string; size?: string; response_format?: string; output_format?: string };
  /** For edits: the multipart fields seen. */
  fields?: { model?: string; prompt?: string; size?: string; response_format?: string; output_format?: string; hasImage: boolean };
  /** What the published API description finds wrong with the request (a 400 was answered). */
  problems: string[];
}

/** A local server speaking the OpenAI Images protocol (`/images/generations`, `/images/edits`, `/models`), scripted per request. */
export async function startFakeImages() {
  const queue: FakeImagesReply[] = [];
  let fallback: FakeImagesReply = {};
  const open = new Set<http.ServerResponse>();
  const requests: FakeImagesRequest[] = [];
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const path = (req.url ?? '').replace(/^\/v1/, '');
    if (req.method === 'GET' && path === '/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: [{ id: 'image-test' }] }));
      return;
    }
    const entry: FakeImagesRequest = { path, authorization: req.headers.authorization, contentType: req.headers['content-type'] ?? '', problems: [] };
    let checked: unknown;
    if (entry.contentType.startsWith('application/json')) checked = entry.json = JSON.parse(body.toString('utf8'));
    else {
      const fields = await multipartFields(entry.contentType, body);
      checked = coerceFormNumbers(fields, ['n', 'output_compression', 'partial_images']);
      entry.fields = { model: fields.model, prompt: fields.prompt, size: fields.size, response_format: fields.response_format, output_format: fields.output_format, hasImage: fields.image === '<file>' };
    }
    entry.problems = checkOpenAi({ method: req.method ?? 'POST', path, contentType: entry.contentType, body: checked });
    requests.push(entry);
    if (entry.problems.length) {
      // What OpenAI answers to a request outside its description.
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: entry.problems.join('; '), type: 'invalid_request_error', param: null, code: 'invalid_value' } }));
      return;
    }
    const next = queue.shift() ?? fallback;
    if (next.hang) {
      open.add(res);
      res.on('close', () => open.delete(res));
      return;
    }
    if (next.delayMs) await new Promise((r) => setTimeout(r, next.delayMs));
    if (res.destroyed) return;
    const status = next.status ?? 200;
    res.writeHead(status, { 'content-type': 'application/json', ...next.headers });
    if (status !== 200 || next.body !== undefined) {
      res.end(next.body ?? JSON.stringify({ error: { message: 'fake failure <b>upstream</b>' } }));
      return;
    }
    // A real picture: a horizontal gradient, so normalising it has something to scale.
    const width = next.width ?? 1024;
    const height = next.height ?? 1024;
    const png = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer();
    res.end(JSON.stringify({ created: 1, data: [{ b64_json: png.toString('base64') }] }));
  };
  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...items: FakeImagesReply[]) => queue.push(...items),
    /** How to answer once the queue is empty (undefined: an image). */
    setDefault: (reply: FakeImagesReply | undefined) => {
      fallback = reply ?? {};
    },
    close: () =>
      new Promise<void>((r) => {
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
