import { z } from 'zod';
import { CONVERSATION_CATEGORIES, LIMITS } from './constants';

export const conversationCategorySchema = z.enum(CONVERSATION_CATEGORIES);

/**
 * POST /api/conversations. The spec's client sends `userId: 1`; it is accepted and ignored
 * (amendment B1). `type` is accepted as an alias of `category`.
 */
export const createConversationSchema = z
  .object({
    title: z.string().trim().max(LIMITS.titleMax).optional(),
    category: conversationCategorySchema.optional(),
    type: conversationCategorySchema.optional(),
    userId: z.unknown().optional(),
  })
  .transform(({ title, category, type }) => ({
    title: title || undefined,
    category: category ?? type ?? 'chat',
  }));
export type CreateConversationInput = z.input<typeof createConversationSchema>;

export const conversationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category: conversationCategorySchema,
  /** Alias of category, as parts of the spec call it. */
  type: conversationCategorySchema,
  userId: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const messageRoleSchema = z.enum(['user', 'assistant']);
export const messageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  role: messageRoleSchema,
  content: z.string(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/** Path ids are positive integers; anything else is a 400. */
export const idParamSchema = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
