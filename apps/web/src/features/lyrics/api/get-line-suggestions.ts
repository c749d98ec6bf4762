import { lyricSuggestionsResultSchema } from '@members-only/shared/lyrics-responses';
import { sendJson } from '@/lib/api-client';

/** POST /api/lyrics/suggestions: four next-line ideas, a model's lines or the built-in engine's rhyme targets. */
export function getLineSuggestions(text: string, signal?: AbortSignal) {
  return sendJson('POST', '/api/lyrics/suggestions', { text }, lyricSuggestionsResultSchema, { signal });
}
