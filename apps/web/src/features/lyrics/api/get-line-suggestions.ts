import type { LyricSuggestionsResult } from '@members-only/shared/lyrics';
import { apiRequest, readJson } from '@/lib/api-client';

/** Four next-line ideas: a model's lines, or the built-in engine's rhyme targets. */
export async function getLineSuggestions(text: string, signal?: AbortSignal): Promise<LyricSuggestionsResult> {
  const res = await apiRequest('POST', '/api/lyrics/suggestions', { text }, { signal });
  const result = await readJson<LyricSuggestionsResult>(res);
  if (!result || !Array.isArray(result.suggestions) || typeof result.engine !== 'string') {
    throw new Error('Invalid response from server');
  }
  return result;
}
