import { lyricFeedbackResultSchema } from '@members-only/shared/lyrics-responses';
import { sendJson } from '@/lib/api-client';

/**
 * POST /api/lyrics/feedback: a 1-10 score with feedback, a model's or the built-in engine's notes.
 * `builtIn`: the engine's notes even with a model (opening a saved lyric spends nothing).
 */
export function getLyricFeedback(text: string, signal?: AbortSignal, { builtIn = false } = {}) {
  return sendJson('POST', '/api/lyrics/feedback', builtIn ? { text, builtIn } : { text }, lyricFeedbackResultSchema, { signal });
}
