import { lyricFeedbackResultSchema } from '@members-only/shared/lyrics-responses';
import { sendJson } from '@/lib/api-client';

/** POST /api/lyrics/feedback: a 1-10 score with feedback, a model's or the built-in engine's notes. */
export function getLyricFeedback(text: string, signal?: AbortSignal) {
  return sendJson('POST', '/api/lyrics/feedback', { text }, lyricFeedbackResultSchema, { signal });
}
