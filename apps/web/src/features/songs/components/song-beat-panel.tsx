import { useQuery } from '@tanstack/react-query';
import { Link2, Mic } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SongPicker } from '@/components/song-picker';
import { Button, buttonVariants } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, getJson } from '@/lib/api-client';
import { useSong } from '@/lib/api/songs';
import { parseIdParam } from '@/lib/route-params';
import { useUpdateSong } from '../api/songs';

const beatsSchema = () => import('@members-only/shared/studio').then((m) => m.studioMusicListSchema);

/**
 * Studio's song panel (issue 26), beside the Studio page's own form: the song a beat is for
 * (/studio?song=12 picks it) and a finished beat to attach to it as its beat.
 */
export function SongBeatPanel() {
  const [searchParams] = useSearchParams();
  const parsed = parseIdParam(searchParams.get('song') ?? undefined);
  // Read once: Studio moves from /studio to /studio/:id, and the song chosen stays.
  const [songId, setSongId] = useState<number | null>(typeof parsed === 'number' ? parsed : null);
  const [openedForSong] = useState(typeof parsed === 'number');
  const [beatId, setBeatId] = useState<number | null>(null);
  const beatFieldId = useId();
  const song = useSong(songId);
  // The Studio's own list (same key): it refreshes as beats are made there.
  const beats = useQuery({ queryKey: ['/api/studio/music'], queryFn: ({ signal }) => getJson('/api/studio/music', beatsSchema, { signal }) });
  const finished = beats.data?.filter((b) => b.status === 'done' && b.audioUrl) ?? [];
  const chosenBeat = beatId ?? finished[0]?.id ?? null;
  const update = useUpdateSong(songId ?? 0);
  const attached = song.data?.beatId ?? null;

  return (
    // Open when the page was opened for a song; otherwise one line until the artist wants it.
    <details open={openedForSong || undefined} className="group rounded-2xl border border-border bg-card p-4 sm:p-5">
      <summary className="cursor-pointer text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">Beat for a song</summary>
      <div className="mt-3 grid gap-3">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
        <SongPicker withVersion={false} value={{ songId, trackId: null }} onChange={(choice) => setSongId(choice.songId)} />
        <FormField id={beatFieldId} label="Beat" className="self-start">
          {(aria) => (
            <Select
              {...aria}
              disabled={finished.length === 0}
              value={chosenBeat === null ? '' : String(chosenBeat)}
              onChange={(event) => setBeatId(event.target.value ? Number(event.target.value) : null)}
            >
              {finished.length === 0 ? <option value="">{beats.isPending ? 'Loading beats...' : 'No finished beat yet'}</option> : null}
              {finished.map((beat, i) => (
                <option key={beat.id} value={beat.id}>
                  {beat.title}
                  {i === 0 ? ' (newest)' : ''}
                  {beat.id === attached ? ' · the song’s beat' : ''}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <Button
          className="self-start sm:mt-5.5"
          disabled={songId === null || chosenBeat === null || chosenBeat === attached || update.isPending}
          onClick={() =>
            chosenBeat !== null &&
            update.mutate(
              { beatId: chosenBeat },
              {
                onSuccess: () => toast({ variant: 'success', title: 'Beat attached', description: `It is the beat of “${song.data?.title ?? 'your song'}” now.` }),
                onError: (error) => toast({ variant: 'destructive', title: 'Could not attach the beat', description: errorMessage(error) }),
              },
            )
          }
        >
          <Link2 aria-hidden="true" /> {chosenBeat !== null && chosenBeat === attached ? 'Attached' : 'Attach to song'}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">Make a beat below, then attach it: Lyric Assist plays it while you write the song’s lyrics.</p>
      {songId !== null && attached !== null ? (
        <Link to={`/songs/${songId}/booth`} className={buttonVariants({ size: 'sm', variant: 'outline', className: 'justify-self-start' })}>
          <Mic aria-hidden="true" /> Record over it in the Booth
        </Link>
      ) : null}
      </div>
    </details>
  );
}
