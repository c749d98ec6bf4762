import type { LyricFeedbackResult } from '@members-only/shared/lyrics';
import { apiRequest, readJson } from '@/lib/api-client';

/** A 1-10 score with feedback: a model's, or the built-in engine's notes. */
export async function getLyricFeedback(text: string, signal?: AbortSignal): Promise<LyricFeedbackResult> {
  const res = await apiRequest('POST', '/api/lyrics/feedback', { text }, { signal });
  const result = await readJson<LyricFeedbackResult>(res);
  if (!result || typeof result.score !== 'number' || typeof result.feedback !== 'string') {
    throw new Error('Invalid response from server');
  }
  return result;
}
