import { reviewUploadToast } from '@/features/review/review-upload-toast';
import { ReviewPage } from '@/features/review/pages/review-page';
import { TrackDetails } from '@/features/tracks/components/track-details';
import { TrackList } from '@/features/tracks/components/track-list';
import { TrackUpload } from '@/features/tracks/components/track-upload';

/** Composes Song Review with the tracks feature (features do not import each other). */
export function ReviewRoute() {
  return (
    <ReviewPage
      renderUpload={(onUploaded, songId) => <TrackUpload onUploaded={onUploaded} successToast={reviewUploadToast} song={{ preselect: songId }} />}
      renderTrackList={(props) => <TrackList {...props} />}
      renderTrack={({ trackId, review, notFound }) => (
        <TrackDetails trackId={trackId} notFound={notFound}>
          {review}
        </TrackDetails>
      )}
    />
  );
}
