import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aiTextSchema, idParamSchema, sendMessageSchema, TOOL_TYPES, type ChatStreamEvent } from '@members-only/shared';
import type { ChatService } from '../../services/chat.service';
import type { ConversationService } from '../../services/conversation.service';
import { presentMessage } from '../../presenters/conversation.presenter';
import { requireActor } from '../../plugins/authorization';
import { clientAbortSignal } from '../../plugins/client-abort';
import { AppError } from '../../errors';


/** Writes a streamed reply as server-sent events: user, delta..., then done or error. */
async function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (signal: AbortSignal, send: (event: ChatStreamEvent) => void) => Promise<void>,
) {
  const signal = clientAbortSignal(reply);
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
    if (error instanceof AppError) {
      send({ event: 'error', data: { message: error.message, status: error.statusCode, code: error.code } });
    } else if (!signal.aborted) {
      request.log.error({ err: error }, 'chat stream failed');
      send({ event: 'error', data: { message: 'Something went wrong on our side. Please try again.', status: 500, code: 'internal' } });
    }
  } finally {
    reply.raw.end();
  }
}

export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService; conversations: ConversationService }> = async (
  app,
  { chat, conversations },
) => {
  app.post(
    '/api/conversations/:id/messages',
    { config: { access: 'user' }, schema: { params: idParamSchema, body: sendMessageSchema } },
    async (request, reply) => {
      const actor = requireActor(request);
      const conversation = await conversations.get(actor, request.params.id);
      const messages = await chat.send(conversation, request.body.content, clientAbortSignal(reply));
      return reply.status(201).send(messages.map(presentMessage));
    },
  );

  app.post(
    '/api/conversations/:id/messages/stream',
    { config: { access: 'user' }, schema: { params: idParamSchema, body: sendMessageSchema } },
    async (request, reply) => {
      const actor = requireActor(request);
      // Ownership and validation fail as ordinary JSON errors, before the stream starts.
      const conversation = await conversations.get(actor, request.params.id);
      await streamEvents(request, reply, async (signal, send) => {
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
    const conversation = await conversations.get(actor, request.params.id);
    await chat.assertCanRegenerate(conversation);
    await streamEvents(request, reply, async (signal, send) => {
      const [assistant] = await chat.regenerate(conversation, signal, {
        onDelta: (text) => send({ event: 'delta', data: { text } }),
      });
      send({ event: 'done', data: { message: assistant ? presentMessage(assistant) : null, engine: chat.engineFor(conversation) } });
    });
  });

  app.post('/api/ai/text', { config: { access: 'user' }, schema: { body: aiTextSchema } }, async (request, reply) => {
    requireActor(request);
    const result = await chat.generateText(request.body.prompt, request.body.type, clientAbortSignal(reply));
    return { response: result.text, engine: result.engine };
  });

  app.get('/api/ai/engine', { config: { access: 'user' } }, async (request) => {
    requireActor(request);
    return {
      isModel: chat.isModel,
      engines: Object.fromEntries(TOOL_TYPES.map((t) => [t, chat.engineForTask(t)])),
    };
  });
};
