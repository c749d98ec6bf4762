import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatMessageSchema,
  conversationListQuerySchema,
  conversationSchema,
  createConversationSchema,
  HAS_EARLIER_HEADER,
  idParamSchema,
  messagesQuerySchema,
  renameConversationSchema,
} from '@members-only/shared';
import type { ConversationService } from '../../services/conversation.service';
import { presentConversation, presentMessage } from '../../presenters/conversation.presenter';
import { requireActor } from '../../plugins/authorization';
import { z } from 'zod';
import { noContent, responses } from '../../plugins/responses';

export const conversationRoutes: FastifyPluginAsyncZod<{ conversations: ConversationService }> = async (
  app,
  { conversations },
) => {
  app.get('/api/conversations', { config: { access: 'user' }, schema: { querystring: conversationListQuerySchema, response: responses({ 200: z.array(conversationSchema) }) } }, async (request, reply) => {
    const actor = requireActor(request);
    // The database writes the list's JSON (presentConversation's shape, checked against it on both
    // databases by conversation-list-json.test.ts): no row objects, no JSON.stringify (ADR 025).
    const json = await conversations.listJson(actor, request.query);
    // A string is sent as it is (Fastify serialises objects only): the database wrote it in the declared shape.
    if (json !== undefined) return reply.type('application/json; charset=utf-8').send(json as never);
    const rows = await conversations.list(actor, request.query);
    return rows.map(presentConversation);
  });

  app.post('/api/conversations', { config: { access: 'user' }, schema: { body: createConversationSchema, response: responses({ 201: conversationSchema }) } }, async (request, reply) => {
    const actor = requireActor(request);
    const row = await conversations.create(actor, request.body);
    return reply.status(201).send(presentConversation(row));
  });

  app.get('/api/conversations/:id', { config: { access: 'user' }, schema: { params: idParamSchema, response: responses({ 200: conversationSchema }) } }, async (request) => {
    const actor = requireActor(request);
    return presentConversation(await conversations.get(actor, request.params.id));
  });

  app.patch('/api/conversations/:id', { config: { access: 'user' }, schema: { params: idParamSchema, body: renameConversationSchema, response: responses({ 200: conversationSchema }) } }, async (request) => {
    const actor = requireActor(request);
    return presentConversation(await conversations.rename(actor, request.params.id, request.body.title));
  });

  app.delete('/api/conversations/:id', { config: { access: 'user' }, schema: { params: idParamSchema, response: responses({ 204: noContent }) } }, async (request, reply) => {
    const actor = requireActor(request);
    await conversations.remove(actor, request.params.id);
    return reply.status(204).send();
  });

  // No parameters: every message, oldest first, as the spec has it. `limit` and/or `before`: a page
  // of them, still oldest first, with HAS_EARLIER_HEADER saying whether earlier ones exist.
  app.get('/api/conversations/:id/messages', { config: { access: 'user' }, schema: { params: idParamSchema, querystring: messagesQuerySchema, response: responses({ 200: z.array(chatMessageSchema) }) } }, async (request, reply) => {
    const actor = requireActor(request);
    const { limit, before } = request.query;
    const { rows, hasEarlier } = await conversations.listMessages(actor, request.params.id, { limit, before });
    if (limit !== undefined || before !== undefined) reply.header(HAS_EARLIER_HEADER, String(hasEarlier));
    return rows.map(presentMessage);
  });
};
