import { COVER, COVER_MESSAGES } from '@members-only/shared/cover';
import { CoverArtPage } from '@/features/cover-art/pages/cover-art-page';
import { TrackDetails } from '@/features/tracks/components/track-details';
import { TrackUpload } from '@/features/tracks/components/track-upload';

/** Composes Cover Art with the tracks feature (features do not import each other). */
export function CoverArtRoute() {
  return (
    <CoverArtPage
      renderUpload={(onUploaded) => (
        <TrackUpload onUploaded={onUploaded} successToast={{ title: COVER_MESSAGES.uploadToastTitle, description: COVER_MESSAGES.uploadToast }} />
      )}
      renderTrack={(trackId, children) => (
        <TrackDetails trackId={trackId} pollMs={COVER.trackPollMs} maxPollMs={COVER.trackPollLimitMs}>
          {children}
        </TrackDetails>
      )}
    />
  );
}
