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
});
