import { SongBeatPanel } from '@/features/songs/components/song-beat-panel';
import { StudioPage } from '@/features/studio/pages/studio-page';

/** Composes Studio with the songs feature (features do not import each other): a beat for a song. */
export function StudioRoute() {
  return <StudioPage songPanel={<SongBeatPanel />} />;
}
