import type { LyricsAnalysisResult } from '@members-only/shared/lyrics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, readJson } from '@/lib/api-client';

export async function analyzeLyrics(text: string, signal?: AbortSignal): Promise<LyricsAnalysisResult> {
  const res = await apiRequest('POST', '/api/lyrics/analyze', { text }, { signal });
  const analysis = await readJson<LyricsAnalysisResult>(res);
  if (!analysis || !Array.isArray(analysis.lines) || !Array.isArray(analysis.tokens) || !Array.isArray(analysis.families)) {
    throw new Error('Invalid response from server');
  }
  return analysis;
}

/**
 * The engine's analysis of `text` (already debounced by the caller). The previous analysis stays
 * while the next one loads, with the text it belongs to, so highlights can be mapped onto the
 * text as it is now.
 */
export function useLyricsAnalysis(text: string) {
  return useQuery({
    queryKey: ['lyrics-analysis', text],
    queryFn: async ({ signal }) => ({ text, analysis: await analyzeLyrics(text, signal) }),
    placeholderData: keepPreviousData,
    // Every draft is its own key: keep only recent ones.
    gcTime: 30_000,
  });
}
