import { rhymeIdeasResultSchema } from '@members-only/shared/lyrics-responses';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';

export function rhymeIdeasUrl(word: string, syllables?: number): string {
  const params = new URLSearchParams({ word });
  if (syllables) params.set('syllables', String(syllables));
  return `/api/lyrics/rhymes?${params}`;
}

/** GET /api/lyrics/rhymes: rhyme ideas for a word from the built-in engine. */
export function getRhymeIdeas(word: string, syllables?: number, signal?: AbortSignal) {
  return getJson(rhymeIdeasUrl(word, syllables), rhymeIdeasResultSchema, { signal });
}

/** The same word always gives the same ideas, so they are cached. */
export function useRhymeIdeas(word: string | null, syllables?: number) {
  return useQuery({
    queryKey: [word ? rhymeIdeasUrl(word, syllables) : 'rhymes:none'],
    queryFn: ({ signal }) => getRhymeIdeas(word ?? '', syllables, signal),
    enabled: Boolean(word),
    placeholderData: keepPreviousData,
  });
}
