import { useTracks } from '@/features/tracks/api/get-tracks';
import { MarketingPage } from '@/features/marketing/pages/marketing-page';

/** Composes the Marketing Plan with the artist's tracks (features do not import each other). */
export function MarketingRoute() {
  const tracks = useTracks();
  return <MarketingPage tracks={{ tracks: tracks.data, loading: tracks.isPending, failed: tracks.isError }} />;
}
