import { useQuery } from '@tanstack/react-query';
import { Disc3, Mic } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { SongPicker } from '@/components/song-picker';
import { Button, buttonVariants } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, getJson } from '@/lib/api-client';
import { useSong } from '@/lib/api/songs';
import { useUpdateSong } from '../api/songs';

const beatsSchema = () => import('@members-only/shared/studio').then((m) => m.studioMusicListSchema);

/** The artist's beats (the Studio's list), to play the song's beat while writing. */
function useBeats(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/studio/music'],
    queryFn: ({ signal }) => getJson('/api/studio/music', beatsSchema, { signal }),
    enabled,
  });
}

/**
 * Above the Lyric Assist notepad (issue 26): the song being written for, with its beat or newest
 * version to play while writing. Lyrics opened without a song can be linked to one.
 */
export function SongLyricsBar({ songId, lyricsId }: { songId: number | null; lyricsId: number | null }) {
  if (songId !== null) return <WritingFor songId={songId} />;
  if (lyricsId !== null) return <LinkToSong lyricsId={lyricsId} />;
  return null;
}

function WritingFor({ songId }: { songId: number }) {
  const song = useSong(songId);
  const beats = useBeats(Boolean(song.data?.beatId));
  const [source, setSource] = useState<'version' | 'beat' | null>(null);
  const playerId = useId();
  if (!song.data) return null;
  const latest = song.data.versions[0];
  const beat = song.data.beatId ? beats.data?.find((b) => b.id === song.data.beatId) : undefined;
  const playing = source ?? (beat?.audioUrl ? 'beat' : latest ? 'version' : null);
  const url = playing === 'beat' ? beat?.audioUrl : playing === 'version' ? latest?.track.audioUrl : undefined;
  return (
    <section aria-label="Writing for a song" className="mb-4 grid gap-3 rounded-2xl border border-border bg-card p-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center">
      <p className="flex items-center gap-2 text-sm">
        <Disc3 aria-hidden="true" className="size-4 shrink-0 text-primary" />
        <span>
          Writing for{' '}
          <Link to={`/songs/${songId}`} className="font-semibold underline-offset-4 hover:underline">
            {song.data.title}
          </Link>
        </span>
        <Link to={`/songs/${songId}/booth`} className={buttonVariants({ size: 'sm', variant: 'outline' })}>
          <Mic aria-hidden="true" /> Record
        </Link>
      </p>
      {latest || beat?.audioUrl ? (
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          {latest && beat?.audioUrl ? (
            <div role="group" aria-label="Play while writing" className="flex gap-1">
              <Button size="sm" variant={playing === 'beat' ? 'default' : 'outline'} aria-pressed={playing === 'beat'} onClick={() => setSource('beat')}>
                Beat
              </Button>
              <Button size="sm" variant={playing === 'version' ? 'default' : 'outline'} aria-pressed={playing === 'version'} onClick={() => setSource('version')}>
                {latest.label}
              </Button>
            </div>
          ) : null}
          {url ? (
            <audio
              id={playerId}
              key={url}
              controls
              preload="none"
              src={url}
              className="h-10 min-w-0 flex-1"
              aria-label={playing === 'beat' ? `Play the beat of ${song.data.title}` : `Play ${latest?.label ?? ''} of ${song.data.title}`}
            />
          ) : null}
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">No beat or version to play yet.</p>
      )}
    </section>
  );
}

function LinkToSong({ lyricsId }: { lyricsId: number }) {
  const [songId, setSongId] = useState<number | null>(null);
  const update = useUpdateSong(songId ?? 0);
  return (
    <section aria-label="Link to a song" className="mb-4 flex flex-wrap items-end gap-3 rounded-2xl border border-dashed border-border bg-card/60 p-4">
      <SongPicker className="min-w-0 flex-1" withVersion={false} value={{ songId, trackId: null }} onChange={(choice) => setSongId(choice.songId)} />
      <Button
        variant="outline"
        disabled={songId === null || update.isPending}
        onClick={() =>
          update.mutate(
            { lyricsId },
            {
              onSuccess: () => toast({ variant: 'success', title: 'Lyrics linked', description: 'These are now the song’s lyrics.' }),
              onError: (error) => toast({ variant: 'destructive', title: 'Could not link the lyrics', description: errorMessage(error) }),
            },
          )
        }
      >
        Use as the song’s lyrics
      </Button>
    </section>
  );
}
