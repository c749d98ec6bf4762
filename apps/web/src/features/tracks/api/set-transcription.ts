import type { Track } from '@members-only/shared/tracks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage, readJson } from '@/lib/api-client';
import { rememberTrack } from './track-cache';

/** Saves lyrics the artist pasted or typed as the track's transcription (source 'manual'). */
export async function setTranscription({ id, transcription }: { id: number; transcription: string }): Promise<Track> {
  const res = await apiRequest('PUT', `/api/tracks/${id}/transcription`, { transcription });
  return readJson<Track>(res);
}

export function useSetTranscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTranscription,
    onSuccess: (track) => {
      rememberTrack(queryClient, track);
      toast({ title: 'Lyrics saved', description: 'Your lyrics have been saved to this track.', variant: 'success' });
    },
    onError: (error) => {
      toast({ title: 'Failed to save lyrics', description: errorMessage(error), variant: 'destructive' });
    },
  });
}
