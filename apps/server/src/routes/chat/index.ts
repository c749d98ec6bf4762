import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { aiEngineSchema, aiTextResponseSchema, aiTextSchema, chatMessageSchema, idParamSchema, sendMessageSchema, TOOL_TYPES, type ChatMessage, type ChatStreamEvent, type QuotaKind, type ToolType } from '@members-only/shared';
import type { ChatService, ChatTurn, ReplyEvents } from '../../services/chat.service';
import type { CoverArtService } from '../../services/cover-art.service';
import { presentMessage } from '../../presenters/conversation.presenter';
import { requireActor } from '../../plugins/authorization';
import { clientAbortSignal } from '../../plugins/client-abort';
import { AppError } from '../../errors';
import { fileBody, responses } from '../../plugins/responses';


/**
 * Writes a streamed reply as server-sent events: user, delta..., then done or error. A failure
 * after the stream started gives the quota unit back (the plugin sees no error response here),
 * unless the client had gone: a reply stopped by its client keeps its unit spent (ADR 031).
 */
async function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  turn: ChatTurn,
  present: (messages: Awaited<ReturnType<ChatTurn['run']>>) => ChatMessage | null,
  events: (send: (event: ChatStreamEvent) => void) => ReplyEvents,
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
    const messages = await turn.run(signal, events(send));
    send({ event: 'done', data: { message: present(messages), engine: turn.engine } });
  } catch (error) {
    if (!signal.aborted) await request.quotaUnit?.failed().catch((err: unknown) => request.log.warn({ err }, 'quota refund failed'));
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

/** Chat replies spend the chat quota and count as generations (ADR 038: declared, spent by plugins/quota.ts). */
const CHAT_TURN = { access: 'user', limit: 'generate', quota: 'chat' } as const;

/** A streamed reply: server-sent events (ChatStreamEvent) once it starts; refusals before that are JSON errors. */
const STREAMED = responses({ 200: fileBody });

export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService; covers: Pick<CoverArtService, 'imageKind' | 'imageEngine'> }> = async (app, { chat, covers }) => {
  app.post('/api/conversations/:id/messages', { config: CHAT_TURN, schema: { params: idParamSchema, body: sendMessageSchema, response: responses({ 201: z.array(chatMessageSchema) }) } }, async (request, reply) => {
    const messages = await chat.send(requireActor(request), request.params.id, request.body.content, clientAbortSignal(reply));
    return reply.status(201).send(messages.map(presentMessage));
  });

  app.post('/api/conversations/:id/messages/stream', { config: CHAT_TURN, schema: { params: idParamSchema, body: sendMessageSchema, response: STREAMED } }, async (request, reply) => {
    // Ownership, validation and the quota fail as ordinary JSON errors, before the stream starts.
    const turn = await chat.startSend(requireActor(request), request.params.id, request.body.content);
    await streamEvents(
      request,
      reply,
      turn,
      ([, assistant]) => (assistant ? presentMessage(assistant) : null),
      (send) => ({
        onUserMessage: (m) => send({ event: 'user', data: presentMessage(m) }),
        onDelta: (text) => send({ event: 'delta', data: { text } }),
      }),
    );
  });

  app.post('/api/conversations/:id/regenerate', { config: CHAT_TURN, schema: { params: idParamSchema, response: STREAMED } }, async (request, reply) => {
    const turn = await chat.startRegenerate(requireActor(request), request.params.id);
    await streamEvents(
      request,
      reply,
      turn,
      ([assistant]) => (assistant ? presentMessage(assistant) : null),
      (send) => ({ onDelta: (text) => send({ event: 'delta', data: { text } }) }),
    );
  });

  app.post(
    '/api/ai/text',
    { config: { access: 'user', limit: 'generate', quota: (request) => QUOTA_FOR_TOOL[(request.body as z.infer<typeof aiTextSchema>).type] }, schema: { body: aiTextSchema, response: responses({ 200: aiTextResponseSchema }) } },
    async (request, reply) => {
      requireActor(request);
      const result = await chat.generateText(request.body.prompt, request.body.type, clientAbortSignal(reply));
      return { response: result.text, engine: result.engine };
    },
  );

  app.get('/api/ai/engine', { config: { access: 'user' }, schema: { response: responses({ 200: aiEngineSchema }) } }, async (request) => {
    requireActor(request);
    return {
      isModel: chat.isModel,
      engines: Object.fromEntries(TOOL_TYPES.map((t) => [t, chat.engineForTask(t)])) as Record<ToolType, string>,
      coverImage: { kind: covers.imageKind, engine: covers.imageEngine },
    };
  });
};
