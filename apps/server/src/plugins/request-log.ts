import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One JSON log line per request, written when it completes: the request (method, url, host,
 * remote address), the status, the response time and the request id (`reqId`) together.
 * Fastify's default writes two lines (`incoming request`, then `request completed`), each
 * serialised by pino; the first is kept at `debug` level (LOG_LEVEL=debug shows when a long
 * request, an upload or a streamed reply, began). Errors still log as `request errored`.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
