import { conversationSchema } from '@members-only/shared/conversations';
import { STUDIO, beatUnderstandingSchema, studioMusicItemSchema, studioMusicListSchema, type BeatStyleName, type GenerateBeatInput, type StudioMusicItem } from '@members-only/shared/studio';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '@/lib/api-client';

export const STUDIO_MUSIC_QUERY_KEY = ['/api/studio/music'] as const;

/** POST /api/conversations: the 'Music Studio Session' conversation (spec §2), made with the session's first beat (ADR 043). */
export function createStudioSession() {
  return sendJson('POST', '/api/conversations', { title: STUDIO.conversationTitle, category: 'studio' }, conversationSchema);
}

/** POST /api/studio/generate: answers the finished beat with its audioUrl. */
export function generateBeat(input: Omit<GenerateBeatInput, 'model'> & { model: GenerateBeatInput['model'] }) {
  return sendJson('POST', '/api/studio/generate', input, studioMusicItemSchema);
}

/** POST /api/studio/music/:id/variation or /extend: a new beat made from one of the artist's own. */
export function deriveBeat(id: number, kind: 'variation' | 'extend') {
  return sendJson('POST', `/api/studio/music/${id}/${kind}`, undefined, studioMusicItemSchema);
}

/** PATCH /api/studio/music/:id: renames the artist's beat (its downloads take the name). */
export function renameBeat({ id, title }: { id: number; title: string }) {
  return sendJson('PATCH', `/api/studio/music/${id}`, { title }, studioMusicItemSchema);
}

export function useRenameBeat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameBeat,
    onSuccess: (updated) => {
      queryClient.setQueryData<StudioMusicItem[]>(STUDIO_MUSIC_QUERY_KEY, (list) => list?.map((b) => (b.id === updated.id ? { ...b, title: updated.title } : b)));
      return queryClient.invalidateQueries({ queryKey: STUDIO_MUSIC_QUERY_KEY });
    },
  });
}

/**
 * GET /api/studio/music: the artist's beats, newest first; read every second while one is being
 * made, also one started before a reload or on another page (its job runs on without the page).
 */
export function useStudioMusic(polling: boolean) {
  return useQuery({
    queryKey: STUDIO_MUSIC_QUERY_KEY,
    queryFn: ({ signal }) => getJson('/api/studio/music', studioMusicListSchema, { signal }),
    refetchInterval: (query) => (polling || query.state.data?.some(isInProgress) ? STUDIO.pollMs : false),
  });
}

export const isInProgress = (beat: { status: string }) => beat.status === 'queued' || beat.status === 'running';

/** POST /api/studio/understand: what the beat maker will take from the description (nothing is made). */
export function understandBeat(prompt: string, model: BeatStyleName, signal?: AbortSignal) {
  return sendJson('POST', '/api/studio/understand', { prompt, model }, beatUnderstandingSchema, { signal });
}

/**
 * What the beat maker will read in `prompt` (already debounced by the caller) under the chosen
 * style; the previous answer stays while the next one loads, so the panel does not flicker.
 */
export function useBeatUnderstanding(prompt: string, model: BeatStyleName) {
  return useQuery({
    queryKey: ['studio-understand', model, prompt],
    queryFn: ({ signal }) => understandBeat(prompt, model, signal),
    enabled: prompt.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 30_000,
  });
}
