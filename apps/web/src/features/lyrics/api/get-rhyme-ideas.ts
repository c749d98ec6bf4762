import type { RhymeIdeasResult } from '@members-only/shared/lyrics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';

export function rhymeIdeasUrl(word: string, syllables?: number): string {
  const params = new URLSearchParams({ word });
  if (syllables) params.set('syllables', String(syllables));
  return `/api/lyrics/rhymes?${params}`;
}

/** Rhyme ideas for a word (the same word always gives the same ideas, so they are cached). */
export function useRhymeIdeas(word: string | null, syllables?: number) {
  return useQuery({
    queryKey: [word ? rhymeIdeasUrl(word, syllables) : 'rhymes:none'],
    queryFn: async ({ signal }) => {
      const result = await getJson<RhymeIdeasResult>(rhymeIdeasUrl(word!, syllables), { signal });
      if (!result || !Array.isArray(result.ideas)) throw new Error('Invalid response from server');
      return result;
    },
    enabled: Boolean(word),
    placeholderData: keepPreviousData,
  });
}
