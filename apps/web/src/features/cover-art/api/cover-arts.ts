import { coverArtListSchema, coverArtSchema, coverConceptSchema, type CreateCoverArtInput } from '@members-only/shared/cover';
import { useQuery } from '@tanstack/react-query';
import { getJson, sendJson } from '@/lib/api-client';

export const coverVersionsQueryKey = (conversationId: number) => ['/api/coverarts', { conversationId }] as const;

/** POST /api/coverarts (spec §7): a new cover, a restyle or an edit, saved as a new version. */
export function createCoverArt(input: CreateCoverArtInput, signal?: AbortSignal) {
  return sendJson('POST', '/api/coverarts', input, coverArtSchema, { signal });
}

/** POST /api/coverarts/concept: the concept for a track's lyrics (model, built-in, or the fixed fallback). */
export function useCoverConcept(trackId: number | null, lyrics: string | null) {
  return useQuery({
    queryKey: ['/api/coverarts/concept', trackId, lyrics],
    queryFn: ({ signal }) => sendJson('POST', '/api/coverarts/concept', { trackId }, coverConceptSchema, { signal }),
    enabled: trackId !== null && Boolean(lyrics),
  });
}

/** The versions saved in a cover-art conversation, newest first. */
export function useCoverVersions(conversationId: number | null) {
  return useQuery({
    queryKey: coverVersionsQueryKey(conversationId ?? 0),
    queryFn: ({ signal }) => getJson(`/api/coverarts?conversationId=${conversationId}`, coverArtListSchema, { signal }),
    enabled: conversationId !== null,
  });
}
