import { boothSchema, mixdownAcceptedSchema as acceptedSchema, mixListSchema, takeListSchema, takeSchema, type MixdownInput, type Take, type UpdateTakeInput } from '@members-only/shared/booth';
import type { Job } from '@members-only/shared/tracks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson, readJson, sendJson, throwIfResNotOk } from '@/lib/api-client';
import { OffsetConflict } from '../lib/pcm';

const jobSchema = () => import('@members-only/shared/tracks').then((m) => m.jobSchema);

export const boothQueryKey = (songId: number) => [`/api/songs/${songId}/booth`] as const;
export const takesQueryKey = (songId: number) => [`/api/songs/${songId}/takes`] as const;
export const mixesQueryKey = (songId: number) => [`/api/songs/${songId}/mixes`] as const;

/** GET /api/songs/:id/booth: the song, its lyrics and what plays under the takes. */
export function useBooth(songId: number) {
  return useQuery({ queryKey: boothQueryKey(songId), queryFn: ({ signal }) => getJson(`/api/songs/${songId}/booth`, boothSchema, { signal }) });
}

/** GET /api/songs/:id/takes. */
export function useTakes(songId: number) {
  return useQuery({ queryKey: takesQueryKey(songId), queryFn: ({ signal }) => getJson(`/api/songs/${songId}/takes`, takeListSchema, { signal }).then((l) => l.takes) });
}

/** GET /api/songs/:id/mixes. */
export function useMixes(songId: number) {
  return useQuery({ queryKey: mixesQueryKey(songId), queryFn: ({ signal }) => getJson(`/api/songs/${songId}/mixes`, mixListSchema, { signal }).then((l) => l.mixes) });
}

/**
 * POST /api/songs/:id/takes, one chunk: the text fields before the file part `audioFile`, as the
 * server reads them. A 409 is the server's count of what it holds (OffsetConflict).
 */
export async function sendTakeChunk(songId: number, fields: Record<string, string>, audio: Uint8Array): Promise<Take> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('audioFile', new Blob([audio as BlobPart], { type: 'application/octet-stream' }), 'take.pcm');
  const url = `/api/songs/${songId}/takes`;
  const res = await fetch(url, { method: 'POST', body: form, credentials: 'include' });
  if (res.status === 409) {
    const body = (await res.json().catch(() => null)) as { receivedBytes?: unknown } | null;
    if (body && typeof body.receivedBytes === 'number') throw new OffsetConflict(body.receivedBytes);
  }
  await throwIfResNotOk(res);
  return readJson(res, takeSchema, url);
}

export function useUpdateTake(songId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ takeId, input }: { takeId: number; input: UpdateTakeInput }) => sendJson('PATCH', `/api/songs/${songId}/takes/${takeId}`, input, takeSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: takesQueryKey(songId) }),
  });
}

export function useDeleteTake(songId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (takeId: number) => {
      await apiRequest('DELETE', `/api/songs/${songId}/takes/${takeId}`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: takesQueryKey(songId) }),
  });
}

/** POST /api/songs/:id/mixdown → { jobId }. */
export function startMixdown(songId: number, input: MixdownInput) {
  return sendJson('POST', `/api/songs/${songId}/mixdown`, input, acceptedSchema);
}

/** GET /api/jobs/:id every second until it is done or failed (as Studio polls its beats). */
export function useJob(jobId: number | null) {
  return useQuery({
    queryKey: ['/api/jobs', jobId],
    queryFn: ({ signal }) => getJson(`/api/jobs/${jobId}`, jobSchema, { signal }) as Promise<Job>,
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 'done' || query.state.data.status === 'failed') ? false : 1000),
  });
}

/** Where a take's audio is read (a 16-bit WAV). */
export const takeAudioUrl = (songId: number, takeId: number) => `/api/songs/${songId}/takes/${takeId}/audio`;
/** A mix's stems (vocal processed and dry, the beat) as a ZIP of WAVs. */
export const mixStemsUrl = (trackId: number) => `/api/tracks/${trackId}/mix-stems`;
