import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino, { type Logger } from 'pino';

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
      { level: root.level, serializers: s[pino.symbols.serializersSym] as pino.LoggerOptions['serializers'] },
      s[pino.symbols.streamSym] as pino.DestinationStream,
    );
    return this.#lines;
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else this.#completedLog(request).info({ [this.requestIdLogLabel]: request.id, req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
