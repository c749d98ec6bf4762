import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers one request: `{ text }` with status 200 (an empty text is valid), else an error, `body` if given; or never (`hang`). */
export interface FakeSttReply {
  status: number;
  text?: string;
  body?: string;
  hang?: boolean;
}

/** A local server speaking the OpenAI /audio/transcriptions protocol, scripted per request. */
export async function startFakeStt() {
  const queue: FakeSttReply[] = [];
  const defaultReply: FakeSttReply = { status: 200, text: 'default transcription' };
  let fallback = defaultReply;
  const open = new Set<http.ServerResponse>();
  const requests: Array<{ contentType: string; size: number; model: string | undefined; hasFile: boolean }> = [];
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const text = body.toString('latin1');
    requests.push({
      contentType: req.headers['content-type'] ?? '',
      size: body.length,
      model: /name="model"\r\n\r\n([^\r]*)/.exec(text)?.[1],
      hasFile: /name="file"; filename="[^"]+"/.test(text),
    });
    const next = queue.shift() ?? fallback;
    if (next.hang) {
      open.add(res);
      res.on('close', () => open.delete(res));
      return;
    }
    res.writeHead(next.status, { 'content-type': 'application/json' });
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
