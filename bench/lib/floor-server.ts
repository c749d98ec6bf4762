/**
 * A second baseline for the many-artists targets (issue 31, ADR 070): the least work a signed-in
 * JSON answer of this app takes, on the same framework, with none of the app's own code. Fastify
 * and @fastify/cookie as the app has them; one JSON log line per request through pino to stdout;
 * the same response headers the app sends (copied from one of its answers); the session found by
 * its cookie in a Map, as the app's session cache finds it; `GET /api/user` answering a fixed user
 * and `GET /api/conversations` a fixed list of the same size as the app's, both JSON.stringify'd.
 * It has no database, no schema, no authorization, CSRF or quota hooks, no routes but these.
 *
 * Measured beside the app and the bare node:http server, it splits the gap to the raw server into
 * what the framework and the per-request musts cost (this server) and what the app adds over that.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Artist } from '../../apps/server/test/many-artists';
import { ROOT, freePort, waitFor200 } from './server';

const FLOOR_SERVER = String.raw`
const crypto = require('node:crypto');
const Fastify = require('fastify');
const [port, headersJson, userJson, listJson] = process.argv.slice(1);
// One line per request, as the app writes: the request, the status and the time, on completion.
class OneLine extends Fastify.LogController {
  incomingRequest() {}
  requestCompleted(error, request, reply) {
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
const app = Fastify({ logger: { level: 'info' }, logController: new OneLine({ requestIdLogLabel: 'requestId' }), genReqId: () => crypto.randomUUID() });
app.register(require('@fastify/cookie'), { secret: crypto.randomBytes(32).toString('hex') });
const headers = Object.entries(JSON.parse(headersJson));
const sessions = new Map();
app.addHook('onRequest', (request, reply, done) => {
  reply.header('x-request-id', request.id);
  for (const [name, value] of headers) reply.header(name, value);
  const cookie = request.cookies.mo_session;
  request.artist = cookie === undefined ? undefined : sessions.get(cookie);
  done();
});
const signedIn = (handler) => (request, reply) => (request.artist === undefined ? reply.code(401).send({ message: 'Sign in first.' }) : handler(request, reply));
app.get('/api/user', signedIn((request, reply) => reply.send(JSON.parse(userJson))));
app.get('/api/conversations', signedIn((request, reply) => reply.type('application/json; charset=utf-8').send(listJson)));
app.get('/health', (request, reply) => reply.send({ ok: true }));
app.post('/sign-in/:n', (request, reply) => {
  const signed = app.signCookie(crypto.randomBytes(32).toString('base64url'));
  sessions.set(signed, Number(request.params.n));
  reply.setCookie('mo_session', signed, { path: '/', httpOnly: true, sameSite: 'lax' }).send({ ok: true });
});
app.listen({ port: Number(port), host: '127.0.0.1' });
`;

/** Headers every answer gets or that describe this one body: not copied from the app's answer. */
const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-type', 'x-request-id', 'transfer-encoding']);

export interface FloorServer {
  origin: string;
  child: ChildProcess;
  artists: Artist[];
  stop(): void;
}

/**
 * Starts the floor server with the response headers, user and conversation list the app gave
 * `artist`, and signs `count` artists in; resolves once they are.
 */
export async function startFloorServer(appOrigin: string, artist: Artist, count: number): Promise<FloorServer> {
  const [user, list] = await Promise.all(['/api/user', '/api/conversations'].map((p) => fetch(`${appOrigin}${p}`, { headers: { cookie: artist.cookie } })));
  if (user!.status !== 200 || list!.status !== 200) throw new Error(`the app answered ${user!.status} and ${list!.status} for the floor server's samples`);
  const headers = Object.fromEntries([...user!.headers].filter(([name]) => !OWN_HEADERS.has(name)));
  const port = await freePort();
  // Run from the server's folder, so fastify and @fastify/cookie resolve to the app's own copies.
  const child = spawn(process.execPath, ['-e', FLOOR_SERVER, String(port), JSON.stringify(headers), await user!.text(), await list!.text()], {
    cwd: path.join(ROOT, 'apps/server'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor200(`${origin}/health`, performance.now(), 10_000, child);
  const artists: Artist[] = [];
  for (let n = 0; n < count; n++) {
    const res = await fetch(`${origin}/sign-in/${n}`, { method: 'POST' });
    artists.push({ cookie: res.headers.getSetCookie()[0]!.split(';')[0]!, conversations: [] });
  }
  return { origin, child, artists, stop: () => void child.kill('SIGTERM') };
}
