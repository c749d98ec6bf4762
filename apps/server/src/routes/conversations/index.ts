import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversationListQuerySchema,
  createConversationSchema,
  idParamSchema,
  renameConversationSchema,
} from '@members-only/shared';
import type { ConversationService } from '../../services/conversation.service';
import { presentConversation, presentMessage } from '../../presenters/conversation.presenter';
import { requireUser } from '../../plugins/session';

export const conversationRoutes: FastifyPluginAsyncZod<{ conversations: ConversationService }> = async (
  app,
  { conversations },
) => {
  app.get('/api/conversations', { schema: { querystring: conversationListQuerySchema } }, async (request) => {
    const user = requireUser(request);
    const rows = await conversations.list(user.id, request.query);
    return rows.map(presentConversation);
  });

  app.post('/api/conversations', { schema: { body: createConversationSchema } }, async (request, reply) => {
    const user = requireUser(request);
    const row = await conversations.create(user.id, request.body);
    return reply.status(201).send(presentConversation(row));
  });

  app.get('/api/conversations/:id', { schema: { params: idParamSchema } }, async (request) => {
    const user = requireUser(request);
    return presentConversation(await conversations.getOwned(user.id, request.params.id));
  });

  app.patch('/api/conversations/:id', { schema: { params: idParamSchema, body: renameConversationSchema } }, async (request) => {
    const user = requireUser(request);
    return presentConversation(await conversations.rename(user.id, request.params.id, request.body.title));
  });

  app.delete('/api/conversations/:id', { schema: { params: idParamSchema } }, async (request, reply) => {
    const user = requireUser(request);
    await conversations.remove(user.id, request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/conversations/:id/messages', { schema: { params: idParamSchema } }, async (request) => {
    const user = requireUser(request);
    const rows = await conversations.listMessages(user.id, request.params.id);
    return rows.map(presentMessage);
  });
};
