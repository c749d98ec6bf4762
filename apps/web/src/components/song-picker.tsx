import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { useSong, useSongs } from '@/lib/api/songs';
import { cn } from '@/lib/utils';

export interface SongChoice {
  songId: number | null;
  /** The chosen version (a track of the song); null until the song's versions are known. */
  trackId: number | null;
}

/**
 * Every tool starts from a song (issue 26): pick one of the artist's songs and one of its versions
 * (the newest by default). Shared by Cover Art, Song Review and the marketing plan.
 */
export function SongPicker({
  value,
  onChange,
  withVersion = true,
  disabled = false,
  className,
}: {
  value: SongChoice;
  onChange: (choice: SongChoice) => void;
  /** Also pick a version (Cover Art, Song Review); the plan needs only the song. */
  withVersion?: boolean;
  disabled?: boolean;
  className?: string;
}) {
  const songFieldId = useId();
  const versionFieldId = useId();
  const songs = useSongs('');
  const song = useSong(value.songId);
  const versions = song.data?.id === value.songId ? song.data.versions : undefined;

  // A song without a chosen version (or with one that is not its own) takes its newest.
  const newest = versions?.[0]?.track.id ?? null;
  const known = value.trackId !== null && versions?.some((v) => v.track.id === value.trackId);
  useEffect(() => {
    // Not while the song is being fetched again: cached versions may not know a version just made (a Booth mix opened with "Review this mix").
    if (withVersion && versions && !song.isFetching && !known && newest !== null) onChange({ songId: value.songId, trackId: newest });
  }, [withVersion, versions, song.isFetching, known, newest, value.songId, onChange]);

  const empty = songs.data?.length === 0;
  return (
    <div className={cn('grid gap-3', withVersion && 'sm:grid-cols-2', className)}>
      <FormField id={songFieldId} label="Song">
        {(aria) => (
          <Select
            {...aria}
            disabled={disabled || songs.isPending}
            value={value.songId === null ? '' : String(value.songId)}
            onChange={(event) => onChange({ songId: event.target.value ? Number(event.target.value) : null, trackId: null })}
          >
            <option value="">{songs.isPending ? 'Loading songs...' : songs.isError ? 'Songs could not be loaded' : empty ? 'No songs yet' : 'Choose a song'}</option>
            {songs.data?.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
            {/* A song opened by link that the first page of the list does not hold. */}
            {value.songId !== null && song.data && !songs.data?.some((s) => s.id === value.songId) ? <option value={song.data.id}>{song.data.title}</option> : null}
          </Select>
        )}
      </FormField>
      {withVersion ? (
        <FormField id={versionFieldId} label="Version">
          {(aria) => (
            <Select
              {...aria}
              disabled={disabled || !versions?.length}
              value={value.trackId === null ? '' : String(value.trackId)}
              onChange={(event) => onChange({ songId: value.songId, trackId: event.target.value ? Number(event.target.value) : null })}
            >
              {!versions?.length ? <option value="">{value.songId === null ? 'Choose a song first' : song.isPending ? 'Loading versions...' : 'No versions yet'}</option> : null}
              {versions?.map((v, i) => (
                <option key={v.track.id} value={v.track.id}>
                  {v.label}
                  {i === 0 ? ' (latest)' : ''} · {v.track.originalName}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      ) : null}
      {value.songId !== null ? (
        <Link to={`/songs/${value.songId}`} className={cn('text-xs font-medium text-primary underline-offset-4 hover:underline', withVersion && 'sm:col-span-2')}>
          Open the song’s page
        </Link>
      ) : null}
    </div>
  );
}
