import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkOpenAi, multipartFields } from './contracts/validator';

/** How the fake answers one request: `{ text }` with status 200 (an empty text is valid), else an error, `body` if given; or never (`hang`). */
export interface FakeSttReply {
  status: number;
  text?: string;
  body?: string;
  headers?: Record<string, string>;
  hang?: boolean;
}

/** A local server speaking the OpenAI /audio/transcriptions protocol, scripted per request. */
export async function startFakeStt() {
  const queue: FakeSttReply[] = [];
  const defaultReply: FakeSttReply = { status: 200, text: 'default transcription' };
  let fallback = defaultReply;
  const open = new Set<http.ServerResponse>();
  const requests: Array<{ contentType: string; size: number; model: string | undefined; hasFile: boolean; at: number; problems: string[] }> = [];
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const contentType = req.headers['content-type'] ?? '';
    const fields = contentType.startsWith('multipart/form-data') ? await multipartFields(contentType, body) : {};
    const problems = checkOpenAi({ method: req.method ?? 'POST', path: (req.url ?? '').replace(/^\/v1/, ''), contentType, body: body.length ? fields : undefined });
    requests.push({ contentType, size: body.length, model: fields.model, hasFile: fields.file === '<file>', at: Date.now(), problems });
    if (problems.length) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: problems.join('; '), type: 'invalid_request_error', param: null, code: null } }));
      return;
    }
    const next = queue.shift() ?? fallback;
    if (next.hang) {
      open.add(res);
      res.on('close', () => open.delete(res));
      return;
    }
    res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
    res.end(next.body ?? (next.status === 200 ? JSON.stringify({ text: next.text }) : JSON.stringify({ error: { message: 'fake failure' } })));
  };
  // A failure inside a handler closes that connection instead of going unhandled.
  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => res.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...items: FakeSttReply[]) => queue.push(...items),
    /** How to answer once the queue is empty (undefined: the default transcription). */
    setDefault: (reply: FakeSttReply | undefined) => {
      fallback = reply ?? defaultReply;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
