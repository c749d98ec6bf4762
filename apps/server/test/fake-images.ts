import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** How the fake answers one request: an image of `width`×`height` (b64_json) with status 200, an error status, silence for `delayMs`, or never (`hang`). */
export interface FakeImagesReply {
  status?: number;
  width?: number;
  height?: number;
  body?: string;
  delayMs?: number;
  hang?: boolean;
}

export interface FakeImagesRequest {
  path: string;
  authorization: string | undefined;
  contentType: string;
  json?: { model?: string; prompt?: string; size?: string; response_format?: string };
  /** For edits: the multipart fields seen. */
  fields?: { model?: string; prompt?: string; hasImage: boolean };
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
    const entry: FakeImagesRequest = { path, authorization: req.headers.authorization, contentType: req.headers['content-type'] ?? '' };
    if (entry.contentType.startsWith('application/json')) entry.json = JSON.parse(body.toString('utf8'));
    else {
      const text = body.toString('latin1');
      entry.fields = {
        model: /name="model"\r\n\r\n([^\r]*)/.exec(text)?.[1],
        prompt: /name="prompt"\r\n\r\n([^]*?)\r\n--/.exec(text)?.[1],
        hasImage: /name="image"; filename="[^"]+"/.test(text),
      };
    }
    requests.push(entry);
    const next = queue.shift() ?? fallback;
    if (next.hang) {
      open.add(res);
      res.on('close', () => open.delete(res));
      return;
    }
    if (next.delayMs) await new Promise((r) => setTimeout(r, next.delayMs));
    if (res.destroyed) return;
    const status = next.status ?? 200;
    res.writeHead(status, { 'content-type': 'application/json' });
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
