import diagnostics from 'node:diagnostics_channel';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type Level, type Logger } from 'pino';

/**
 * Whether pino and JSON.stringify both write `text` as it is between quotes: printable ASCII
 * without a quote or a backslash. A loop rather than a regular expression: a line checks about a
 * dozen short strings, and each `test` call cost more than the loop over its characters.
 */
function plain(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return false;
  }
  return true;
}
/** pino's tracing of its line building (APM tools subscribe): while traced, lines go through pino. */
const traced = diagnostics.tracingChannel('pino_asJson');
const { chindingsSym, endSym, lsCacheSym, needsMetadataGsym, serializersSym, streamSym, timeSym } = pino.symbols;
type Serializer = (value: unknown) => unknown;

/**
 * `value` as JSON.stringify writes it, when it is a plain object whose values are plain strings
 * and finite numbers, or undefined (left out, as JSON.stringify does); otherwise undefined.
 */
function plainJson(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  let text = '';
  for (const key in value) {
    if (!Object.hasOwn(value, key) || !plain(key)) return undefined;
    const field = (value as Record<string, unknown>)[key];
    if (field === undefined) continue;
    if (typeof field === 'string' && plain(field)) text += `${text ? ',' : ''}"${key}":"${field}"`;
    else if (typeof field === 'number' && Number.isFinite(field)) text += `${text ? ',' : ''}"${key}":${field}`;
    else return undefined;
  }
  return `{${text}}`;
}

/**
 * One JSON log line per request, written when it completes: the request (method, url, host,
 * remote address), the status, the response time and the request id (`reqId`) together.
 * Fastify's default writes two lines (`incoming request`, then `request completed`), each
 * serialised by pino; the first is kept at `debug` level (LOG_LEVEL=debug shows when a long
 * request, an upload or a streamed reply, began). Errors still log as `request errored`.
 *
 * The completed line goes through a logger without redaction (ADR 025): its fields come only from
 * the `req` and `res` serializers (method, url, host, addresses, status), in which no redacted path
 * can occur, and pino's redaction cost ~10 µs a line, a tenth of a small request's CPU time. It is
 * made on first use with the root logger's level, serializers and destination, so the line is the
 * same, byte for byte, as the redacting logger wrote it. Every other line (errors included) keeps
 * the redaction. Should the `req` or `res` serializers ever include headers or a body, this line
 * must go back through the redacting logger.
 */
export class OneLinePerRequest extends LogController {
  #lines: Logger | undefined;

  /** The unredacted logger for completed lines, sharing the root logger's destination. */
  #completedLog(request: FastifyRequest): Logger {
    if (this.#lines) return this.#lines;
    const root = request.server.log as Logger;
    const s = root as unknown as Record<symbol, unknown>;
    this.#lines = pino(
      { level: root.level, serializers: s[serializersSym] as pino.LoggerOptions['serializers'] },
      s[streamSym] as pino.DestinationStream,
    );
    return this.#lines;
  }

  /**
   * The completed line. Through pino's generic path (each key of the object, its serializer,
   * JSON.stringify of the `req` and `res` objects) it took about a tenth of a small request's
   * instructions (issue 31); here the same text is put together from the same pieces (the
   * logger's level, time and bindings text, the root's `req` and `res` serializers) whenever
   * every value is plain (see `plain`; numbers finite), which pino and JSON.stringify write as
   * they are. Anything else (an odd URL, an unusual serializer, a traced pino) goes through pino
   * as before; request-log.test.ts compares both, byte for byte.
   */
  #completed(request: FastifyRequest, reply: FastifyReply): void {
    const lines = this.#completedLog(request);
    if (!lines.isLevelEnabled('info')) return;
    const responseTime = reply.elapsedTime;
    const s = lines as unknown as Record<symbol, unknown>;
    const serializers = s[serializersSym] as Record<string, Serializer | undefined>;
    const stream = s[streamSym] as pino.DestinationStream & Record<symbol, unknown>;
    const label = this.requestIdLogLabel;
    const id: unknown = request.id;
    const { req: reqOf, res: resOf } = serializers;
    const req = traced.hasSubscribers || stream[needsMetadataGsym] || !reqOf || !resOf ? undefined : plainJson(reqOf(request));
    const res = req === undefined || !resOf ? undefined : plainJson(resOf(reply));
    // pino would also pass the id, the time or the message through a serializer of that name.
    const serialized = serializers[label] !== undefined || serializers.responseTime !== undefined || serializers.msg !== undefined;
    if (res === undefined || serialized || typeof id !== 'string' || !plain(id) || !plain(label) || !Number.isFinite(responseTime)) {
      lines.info({ [label]: id, req: request, res: reply, responseTime }, 'request completed');
      return;
    }
    const time = (s[timeSym] as () => string)();
    const level = (s[lsCacheSym] as Record<number, string>)[30];
    stream.write(`${level}${time}${s[chindingsSym] as string},"${label}":"${id}","req":${req},"res":${res},"responseTime":${responseTime},"msg":"request completed"${s[endSym] as string}`);
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else this.#completed(request, reply);
  }
}

/**
 * A request's logger (`request.log`), made when a line is first written through it. Fastify makes
 * every request a child of the app's logger bound to its id, and pino passes that binding through
 * the redaction as it makes the child (about 1.5 µs, a few percent of a small request's CPU time,
 * issue 31), while a request that goes well writes no line through it: its completed line has a
 * logger of its own (above). A line below the logger's level makes no child either. The child,
 * once made, writes exactly what Fastify's own would have.
 */
class RequestLogger implements FastifyBaseLogger {
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  #child: Logger | undefined;

  constructor(parent: Logger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #log(): Logger {
    return (this.#child ??= this.#parent.child(this.#bindings));
  }

  #write(level: Level, args: unknown[]): void {
    // Without options of its own the child has its parent's level.
    if (this.#child === undefined && !this.#parent.isLevelEnabled(level)) return;
    (this.#log() as unknown as Record<Level, (...args: unknown[]) => void>)[level](...args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#log().level = level;
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.#write('error', args);
  }

  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }

  info(...args: unknown[]): void {
    this.#write('info', args);
  }

  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }

  silent(): void {}

  /** pino's own check, which libraries call before building a costly line (not in Fastify's type). */
  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.#parent).isLevelEnabled(level);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#log().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a RequestLogger, or, when the route gives options of its own
 * (`logLevel`, `logSerializers`), the child made at once as Fastify's default factory does.
 */
export const requestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  Object.keys(options).length > 0 ? logger.child(bindings, options) : new RequestLogger(logger as Logger, bindings);
