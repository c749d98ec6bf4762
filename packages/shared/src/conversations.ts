import { z } from 'zod';
import { CONVERSATION_CATEGORIES, LIMITS } from './constants';
import { digits, idString, line, text } from './text';

export const conversationCategorySchema = z.enum(CONVERSATION_CATEGORIES);

/**
 * POST /api/conversations. The spec's client sends `userId: 1`; it is accepted and ignored
 * (amendment B1). `type` is accepted as an alias of `category`.
 */
export const createConversationSchema = z
  .object({
    title: line('Title').max(LIMITS.titleMax).optional(),
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

/** Path ids are positive 32-bit integers in plain decimal digits; anything else is a 400 'Invalid ID'. */
export const idParamSchema = z.object({
  id: idString('Invalid ID'),
});

export const conversationListQuerySchema = z.object({
  limit: digits(1, 200).default(50),
  offset: digits(0, 1_000_000).default(0),
  /** Matches titles and message text, case-insensitive. */
  q: line('Search').max(200).optional(),
});

/**
 * GET /api/conversations/:id/messages. Without parameters it answers every message, oldest first
 * (the spec's contract). With `limit` it answers the latest `limit` messages whose id is below
 * `before` (when given), still oldest first, and says in `HAS_EARLIER_HEADER` whether earlier
 * ones exist. `before` alone answers every message below it.
 */
export const messagesQuerySchema = z.object({
  limit: digits(1, 200).optional(),
  before: idString('Invalid message ID').optional(),
});

/** Response header of a paged message list: 'true' when the conversation has messages before the first one sent. */
export const HAS_EARLIER_HEADER = 'x-has-earlier';

export const renameConversationSchema = z.object({
  title: line('Title').min(1, 'Title cannot be empty').max(LIMITS.titleMax, `Title must be at most ${LIMITS.titleMax} characters`),
});

/** POST /api/conversations/:id/messages. The spec's client sends role 'user'; only users post. */
export const sendMessageSchema = z.object({
  role: z.literal('user').optional(),
  content: text()
    .max(LIMITS.messageMax, `Message must be at most ${LIMITS.messageMax} characters`)
    .refine((s) => s.trim().length > 0, 'Message cannot be empty'),
});

/**
 * Why the model ended a reply: 'stop' (a complete answer), 'length' (cut off at the length limit),
 * 'content_filter' (filtered by the model's content rules; the text may be partial) or 'refusal'
 * (the model declined; the text is its refusal). Null for user messages, stopped replies and
 * replies stored before this was recorded (complete).
 */
export const messageFinishReasonSchema = z.enum(['stop', 'length', 'content_filter', 'refusal']);
export type MessageFinishReason = z.infer<typeof messageFinishReasonSchema>;

/**
 * An assistant message also says which engine wrote it, whether the artist stopped it
 * (`status`), and why the model ended it (`finishReason`).
 */
export const chatMessageSchema = messageSchema.extend({
  engine: z.string().nullable(),
  status: z.enum(['complete', 'stopped']),
  finishReason: messageFinishReasonSchema.nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Server-sent events of a streamed reply. */
export type ChatStreamEvent =
  | { event: 'user'; data: ChatMessage }
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: { message: ChatMessage | null; engine: string } }
  /** `retryAfter`: seconds to wait before trying again, when the service said (its Retry-After on a 429). */
  | { event: 'error'; data: { message: string; status: number; code?: string; retryAfter?: number } };
