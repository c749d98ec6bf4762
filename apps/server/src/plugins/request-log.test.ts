import diagnostics from 'node:diagnostics_channel';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest } from './request-log';
import { loggerOptions } from './logging';

function appWithLog(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new OneLinePerRequest() });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  return { app, lines };
}

describe('request log', () => {
  it('writes one line per request with its id, method, url, status and time', async () => {
    const { app, lines } = appWithLog('info');
    await app.inject({ method: 'GET', url: '/ok?x=1' });
    await app.inject({ method: 'GET', url: '/ok' });
    const requestLines = lines.filter((l) => l.reqId !== undefined);
    expect(requestLines).toHaveLength(2);
    expect(requestLines[0]).toMatchObject({ level: 30, msg: 'request completed', req: { method: 'GET', url: '/ok?x=1' }, res: { statusCode: 200 } });
    expect(typeof requestLines[0].responseTime).toBe('number');
    expect(requestLines[0].reqId).not.toBe(requestLines[1].reqId);
    await app.close();
  });

  it('keeps the incoming line at debug level, and errors at error level', async () => {
    const { app, lines } = appWithLog('debug');
    await app.inject({ method: 'GET', url: '/fails' });
    const mine = lines.filter((l) => l.reqId !== undefined);
    expect(mine[0]).toMatchObject({ level: 20, msg: 'incoming request', req: { url: '/fails' } });
    expect(mine.find((l) => l.msg === 'request completed')).toMatchObject({ res: { statusCode: 500 }, req: { url: '/fails' } });
    await app.close();
  });

  it('writes the completed line as the redacting logger did, and keeps redaction on every other line', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify(loggerOptions('info', { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) }));
    app.get('/ok', async (request) => {
      request.log.info({ headers: { cookie: 'mo_session=secret' }, password: 'hunter2' }, 'handler line');
      return { ok: true };
    });
    await app.inject({ method: 'GET', url: '/ok?x=1', headers: { cookie: 'mo_session=secret', 'x-request-id': 'req-123' } });
    const completed = lines.find((l) => l.msg === 'request completed')!;
    expect(Object.keys(completed)).toEqual(['level', 'time', 'pid', 'hostname', 'requestId', 'req', 'res', 'responseTime', 'msg']);
    expect(completed).toMatchObject({ level: 30, requestId: 'req-123', req: { method: 'GET', url: '/ok?x=1', host: 'localhost:80', remoteAddress: '127.0.0.1' }, res: { statusCode: 200 } });
    expect(JSON.stringify(completed)).not.toContain('secret');
    const handler = lines.find((l) => l.msg === 'handler line')!;
    expect(handler).toMatchObject({ requestId: 'req-123', headers: { cookie: '[redacted]' }, password: '[redacted]' });
    await app.close();
  });

  it('writes the completed line it builds itself exactly as pino writes it', async () => {
    const raw: string[] = [];
    const app = Fastify(loggerOptions('info', { write: (line: string) => void raw.push(line) }));
    app.get('/ok', async () => ({ ok: true }));
    const requests = [
      { url: '/ok?x=1', headers: { 'x-request-id': 'req-1' } },
      { url: '/ok', headers: { 'x-request-id': 'req-2', 'accept-version': '1.x', host: 'example.com:8080' } },
      { url: '/ok?q=%22a%22&name=J\u00f8rn', headers: { 'x-request-id': 'req-3' } },
      // A backslash (escaped in JSON): pino writes this line in both runs.
      { url: '/ok?path=a\\b', headers: { 'x-request-id': 'req-4' } },
      { url: '/missing', headers: { 'x-request-id': 'req-5' } },
    ];
    const run = async () => {
      raw.length = 0;
      for (const request of requests) await app.inject({ method: 'GET', ...request });
      // The time and the response time differ from run to run.
      return raw.filter((line) => line.includes('request completed')).map((line) => line.replace(/"time":\d+/, '"time":0').replace(/"responseTime":[\d.e+-]+/, '"responseTime":0'));
    };
    const built = await run();
    // A subscriber to pino's tracing sends every line through pino's own path.
    const pinoPath = { start() {}, end() {}, asyncStart() {}, asyncEnd() {}, error() {} };
    diagnostics.tracingChannel('pino_asJson').subscribe(pinoPath);
    try {
      expect(await run()).toEqual(built);
    } finally {
      diagnostics.tracingChannel('pino_asJson').unsubscribe(pinoPath);
    }
    expect(built).toHaveLength(5);
    expect(JSON.parse(built[3]!)).toMatchObject({ req: { url: '/ok?path=a\\b' } });
    expect(JSON.parse(built[1]!)).toMatchObject({ req: { version: '1.x', host: 'example.com:8080' } });
    await app.close();
  });

  it("makes each request's logger when it writes, bound to the request id, at the app's level or the route's", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = Fastify(loggerOptions('info', { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) }));
    app.get('/quiet', async (request) => {
      request.log.debug('not written at info');
      return { level: request.log.level };
    });
    app.get('/writes', async (request) => {
      request.log.warn({ password: 'hunter2' }, 'handler warning');
      request.log.child({ step: 'inner' }).info('inner line');
      return { ok: true };
    });
    app.get('/verbose', { logLevel: 'debug' }, async (request) => {
      request.log.debug('written at debug');
      return { ok: true };
    });
    expect((await app.inject({ url: '/quiet', headers: { 'x-request-id': 'q-1' } })).json()).toEqual({ level: 'info' });
    await app.inject({ url: '/writes', headers: { 'x-request-id': 'w-1' } });
    await app.inject({ url: '/verbose', headers: { 'x-request-id': 'v-1' } });
    expect(lines.filter((l) => l.requestId === 'q-1').map((l) => l.msg)).toEqual(['request completed']);
    expect(lines.find((l) => l.msg === 'handler warning')).toMatchObject({ level: 40, requestId: 'w-1', password: '[redacted]' });
    expect(lines.find((l) => l.msg === 'inner line')).toMatchObject({ requestId: 'w-1', step: 'inner' });
    expect(lines.filter((l) => l.requestId === 'v-1').map((l) => l.msg)).toEqual(['incoming request', 'written at debug', 'request completed']);
    await app.close();
  });
});
