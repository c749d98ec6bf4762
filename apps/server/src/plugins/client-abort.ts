import type { FastifyReply } from 'fastify';

/**
 * Aborts when the client goes away before the response is finished (Stop button, a newer
 * request, a closed tab), so upstream model calls are cancelled rather than paid for.
 */
export function clientAbortSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
