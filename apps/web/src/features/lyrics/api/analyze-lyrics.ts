import { lyricsAnalysisResultSchema } from '@members-only/shared/lyrics-responses';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sendJson } from '@/lib/api-client';

/** POST /api/lyrics/analyze: the built-in engine's lines, rhyming words and families (fast; no quota). */
export function analyzeLyrics(text: string, signal?: AbortSignal) {
  return sendJson('POST', '/api/lyrics/analyze', { text }, lyricsAnalysisResultSchema, { signal });
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
