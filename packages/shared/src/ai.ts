import { z } from 'zod';
import { LIMITS, TOOL_TYPES } from './constants';
import { text } from './text';

/** POST /api/ai/text */
export const aiTextSchema = z.object({
  prompt: text()
    .max(LIMITS.messageMax, `Prompt must be at most ${LIMITS.messageMax} characters`)
    .refine((s) => s.trim().length > 0, 'Prompt cannot be empty'),
  type: z.enum(TOOL_TYPES).default('chat'),
});

export const aiTextResponseSchema = z.object({ response: z.string(), engine: z.string() });

/** GET /api/ai/engine: who answers each tool, so the UI can say it. */
export const aiEngineSchema = z.object({
  isModel: z.boolean(),
  engines: z.record(z.enum(TOOL_TYPES), z.string()),
  /** Who draws covers: an image model (its name) or the built-in cover renderer. */
  coverImage: z.object({ kind: z.enum(['model', 'built-in']), engine: z.string() }),
});
export type AiEngineInfo = z.infer<typeof aiEngineSchema>;
