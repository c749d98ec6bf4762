import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pino from 'pino';
import { OneLinePerRequest, requestLogger } from './request-log';

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

export const REQUEST_ID_HEADER = 'x-request-id';
/** An id a proxy or client sends is kept when it is short and plain; anything else gets a new one. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Never written to logs: credentials, cookies and payout numbers, wherever a log call puts them
 * (request and response headers, bodies logged with an error, settings logged at start).
 */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'cookie',
  'authorization',
  'password',
  'newPassword',
  'currentPassword',
  'sessionToken',
  'token',
  'cardNumber',
  'accountNumber',
  'routingNumber',
  'cvc',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.sessionToken',
  '*.token',
  '*.cardNumber',
  '*.accountNumber',
  '*.routingNumber',
  '*.cvc',
  '*.apiKey',
  '*.secret',
];

/** The request's id: the caller's X-Request-Id when it is usable, else a new UUID. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(given) ? given[0] : given;
  return value && ACCEPTED_ID.test(value) ? value : crypto.randomUUID();
}

/**
 * Standard output for the log lines: pino's own destination (sonic-boom: asynchronous, flushed at
 * exit), handed each line as bytes. Handed text, sonic-boom measures the UTF-8 length of all the
 * text it holds at every line (`Buffer.byteLength` of up to 16 KB, joined again each time), and a
 * busy server hands it a few dozen lines while each write is in flight: a few µs a request (issue
 * 31). Handed bytes, it keeps the lines as they come and joins them once per write.
 */
function standardOutput(): pino.DestinationStream {
  const out = pino.destination({ contentMode: 'buffer' });
  return {
    // sonic-boom's types know only its text mode.
    write: (line: string) => void out.write(Buffer.from(line) as unknown as string),
    // pino's logger.flush() passes through, as it would to sonic-boom itself.
    flush: (callback?: (err?: Error) => void) => out.flush(callback),
  } as pino.DestinationStream;
}

/**
 * Fastify's logger (pino): one JSON object per line on stdout, each request's lines carrying its
 * `requestId`, secrets redacted. `stream` replaces stdout (tests read the lines).
 */
export function loggerOptions(
  level: string,
  stream?: LogStream,
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'logController' | 'requestIdHeader' | 'childLoggerFactory'> {
  if (level === 'silent' && !stream) return { logger: false, genReqId: requestId, requestIdHeader: false };
  return {
    logger: {
      level,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      stream: stream ?? standardOutput(),
    },
    genReqId: requestId,
    requestIdHeader: false,
    // One line per request, on completion (plugins/request-log.ts).
    logController: new OneLinePerRequest({ requestIdLogLabel: 'requestId' }),
    // Each request's logger is made when a line is first written through it (plugins/request-log.ts).
    childLoggerFactory: requestLogger,
  };
}

/** Echoes the request id, so a user's report or a proxy's log line leads to the server's lines. */
export function registerRequestIdHeader(app: FastifyInstance) {
  // Callback-style hooks here and in the other per-request plugins: an async hook costs a promise
  // and a microtask on every request, for work that never waits (ADR 025).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
