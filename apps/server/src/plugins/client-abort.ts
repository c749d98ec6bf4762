import type { FastifyReply } from 'fastify';

/**
 * Aborts when the client goes away before the response is finished (Stop button, a newer
 * request, a closed tab), so upstream model calls are cancelled rather than paid for. Kept on the
 * request as `clientGone`: work stopped that way keeps its quota unit spent (plugins/quota.ts).
 */
export function clientAbortSignal(reply: FastifyReply): AbortSignal {
  const existing = reply.request.clientGone;
  if (existing) return existing;
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  reply.request.clientGone = controller.signal;
  return controller.signal;
}
