import { trackSchema } from '@members-only/shared/tracks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, sendJson } from '@/lib/api-client';
import { rememberTrack } from './track-cache';

/** Saves lyrics the artist pasted or typed as the track's transcription (source 'manual'). */
export function setTranscription({ id, transcription }: { id: number; transcription: string }) {
  return sendJson('PUT', `/api/tracks/${id}/transcription`, { transcription }, trackSchema);
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
