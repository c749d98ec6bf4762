import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aiTextSchema, idParamSchema, sendMessageSchema, TOOL_TYPES, type ChatStreamEvent, type QuotaKind, type ToolType } from '@members-only/shared';
import type { ChatService } from '../../services/chat.service';
import type { CoverArtService } from '../../services/cover-art.service';
import type { ConversationService } from '../../services/conversation.service';
import type { QuotaService } from '../../services/quota.service';
import { presentMessage } from '../../presenters/conversation.presenter';
import { requireActor } from '../../plugins/authorization';
import { clientAbortSignal } from '../../plugins/client-abort';
import { AppError } from '../../errors';


/** Writes a streamed reply as server-sent events: user, delta..., then done or error. */
async function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  signal: AbortSignal,
  onFailure: () => Promise<void>,
  run: (signal: AbortSignal, send: (event: ChatStreamEvent) => void) => Promise<void>,
) {
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  const send = (e: ChatStreamEvent) => {
    if (!reply.raw.destroyed) reply.raw.write(`event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
  };
  try {
    await run(signal, send);
  } catch (error) {
    await onFailure().catch((err: unknown) => request.log.warn({ err }, 'quota refund failed'));
    if (error instanceof AppError) {
      const retryAfter = Number(error.headers?.['retry-after']);
      send({ event: 'error', data: { message: error.message, status: error.statusCode, code: error.code, ...(Number.isFinite(retryAfter) && error.headers?.['retry-after'] ? { retryAfter } : {}) } });
    } else if (!signal.aborted) {
      request.log.error({ err: error }, 'chat stream failed');
      send({ event: 'error', data: { message: 'Something went wrong on our side. Please try again.', status: 500, code: 'internal' } });
    }
  } finally {
    reply.raw.end();
  }
}

/** Which daily quota a one-off text generation spends, by the tool it is for. */
const QUOTA_FOR_TOOL: Record<ToolType, QuotaKind> = {
  chat: 'chat',
  lyrics: 'lyrics',
  coverart: 'cover',
  marketing: 'marketing',
  review: 'review',
};

export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService; conversations: ConversationService; quotas: QuotaService; covers: Pick<CoverArtService, 'imageKind' | 'imageEngine'> }> = async (
  app,
  { chat, conversations, quotas, covers },
) => {
  app.post(
    '/api/conversations/:id/messages',
    { config: { access: 'user' }, schema: { params: idParamSchema, body: sendMessageSchema } },
    async (request, reply) => {
      const actor = requireActor(request);
      const conversation = await conversations.get(actor, request.params.id, 'write');
      const clientGone = clientAbortSignal(reply);
      const messages = await quotas.spend(actor, 'chat', () => chat.send(conversation, request.body.content, clientGone), clientGone);
      return reply.status(201).send(messages.map(presentMessage));
    },
  );

  app.post(
    '/api/conversations/:id/messages/stream',
    { config: { access: 'user' }, schema: { params: idParamSchema, body: sendMessageSchema } },
    async (request, reply) => {
      const actor = requireActor(request);
      // Ownership, validation and the quota fail as ordinary JSON errors, before the stream starts.
      const conversation = await conversations.get(actor, request.params.id, 'write');
      const taken = await quotas.consume(actor, 'chat');
      const clientGone = clientAbortSignal(reply);
      await streamEvents(request, reply, clientGone, quotas.refundingUnlessClientGone(actor, 'chat', taken, clientGone), async (signal, send) => {
        const messages = await chat.send(conversation, request.body.content, signal, {
          onUserMessage: (m) => send({ event: 'user', data: presentMessage(m) }),
          onDelta: (text) => send({ event: 'delta', data: { text } }),
        });
        const assistant = messages[1];
        send({ event: 'done', data: { message: assistant ? presentMessage(assistant) : null, engine: chat.engineFor(conversation) } });
      });
    },
  );

  app.post('/api/conversations/:id/regenerate', { config: { access: 'user' }, schema: { params: idParamSchema } }, async (request, reply) => {
    const actor = requireActor(request);
    const conversation = await conversations.get(actor, request.params.id, 'write');
    await chat.assertCanRegenerate(conversation);
    const taken = await quotas.consume(actor, 'chat');
    const clientGone = clientAbortSignal(reply);
    await streamEvents(request, reply, clientGone, quotas.refundingUnlessClientGone(actor, 'chat', taken, clientGone), async (signal, send) => {
      const [assistant] = await chat.regenerate(conversation, signal, {
        onDelta: (text) => send({ event: 'delta', data: { text } }),
      });
      send({ event: 'done', data: { message: assistant ? presentMessage(assistant) : null, engine: chat.engineFor(conversation) } });
    });
  });

  app.post('/api/ai/text', { config: { access: 'user' }, schema: { body: aiTextSchema } }, async (request, reply) => {
    const actor = requireActor(request);
    const clientGone = clientAbortSignal(reply);
    const result = await quotas.spend(actor, QUOTA_FOR_TOOL[request.body.type], () => chat.generateText(request.body.prompt, request.body.type, clientGone), clientGone);
    return { response: result.text, engine: result.engine };
  });

  app.get('/api/ai/engine', { config: { access: 'user' } }, async (request) => {
    requireActor(request);
    return {
      isModel: chat.isModel,
      engines: Object.fromEntries(TOOL_TYPES.map((t) => [t, chat.engineForTask(t)])),
      coverImage: { kind: covers.imageKind, engine: covers.imageEngine },
    };
  });
};
