import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { TRACKS_QUERY_KEY } from './get-tracks';
import { STORAGE_QUERY_KEY } from './get-storage';
import { forgetTrack } from './track-cache';

/** Deletes one of the artist's tracks and its audio file (204). */
export async function deleteTrack(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/tracks/${id}`);
}

export function useDeleteTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTrack,
    onSuccess: (_data, id) => {
      forgetTrack(queryClient, id);
      toast({ title: 'Track deleted', description: 'The track and its audio file were deleted.' });
      void queryClient.invalidateQueries({ queryKey: TRACKS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: STORAGE_QUERY_KEY });
    },
    onError: (error) => {
      toast({ title: 'Could not delete track', description: errorMessage(error), variant: 'destructive' });
    },
  });
}
