import { useNavigate } from 'react-router';
import { ReleaseSection } from '@/features/releases/components/release-section';
import { useUser } from '@/features/auth/api/get-user';
import { SplitSheetSection } from '@/features/splits/components/split-sheet-section';
import { SongPage } from '@/features/songs/pages/song-page';
import { SongsPage } from '@/features/songs/pages/songs-page';
import { TrackPlayer } from '@/features/tracks/components/track-player';
import { TrackUpload } from '@/features/tracks/components/track-upload';

/** Composes Songs with the tracks feature's upload area (features do not import each other): a new upload opens its song. */
export function SongsRoute() {
  const navigate = useNavigate();
  return (
    <SongsPage
      upload={
        <TrackUpload
          label="Upload a track"
          successToast={(track) => ({ title: 'Track Uploaded', description: `“${track.title}” is ${track.versionLabel} of its song.` })}
          onUploaded={(track) => void navigate(`/songs/${track.songId}`)}
        />
      }
    />
  );
}

/** Composes a song's page with the tracks feature's player (waveform and loudness chart) and upload area, its split sheet and its release page editor. */
export function SongRoute() {
  const { user } = useUser();
  return (
    <SongPage
      renderSplits={(song) => <SplitSheetSection key={song.id} songId={song.id} me={user ? { id: user.id, username: user.username } : null} />}
      renderPlayer={(track) => <TrackPlayer track={track} />}
      renderUpload={(songId) => (
        <TrackUpload
          key={songId}
          label="Upload a new version"
          song={{ fixed: songId }}
          successToast={(track) => ({ title: 'Version uploaded', description: `${track.versionLabel} of “${track.title}” is on the song.` })}
        />
      )}
      renderRelease={(song) => <ReleaseSection key={song.id} song={song} />}
    />
  );
}
