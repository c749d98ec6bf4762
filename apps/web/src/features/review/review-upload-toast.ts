import type { Track } from '@members-only/shared/tracks';
import type { ToastOptions } from '@/components/ui/use-toast';

/**
 * The upload toast on Song Review (spec §8), kept honest (amendment A/C6): it only says
 * "transcribed" when the track really was.
 */
export function reviewUploadToast(track: Track): ToastOptions {
  const title = 'Track Uploaded';
  switch (track.transcriptionStatus) {
    case 'done':
      return { title, description: 'Your track has been uploaded and its lyrics written out!' };
    case 'pending':
    case 'processing':
      return { title, description: 'Your track has been uploaded; its lyrics are being written out.' };
    default:
      return { title, description: 'Your track has been uploaded. Add the lyrics to get a review.' };
  }
}
