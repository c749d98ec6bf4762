import type { Track } from '@members-only/shared/tracks';
import { ChevronDown, Info, Pencil } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { isTranscriptionRunning } from '../track-status';
import { TrackLyricsForm } from './track-lyrics-form';

const SOURCE_LABELS = { 'speech-to-text': 'From speech-to-text', manual: 'Typed by you' } as const;

/**
 * A track's lyrics: speech-to-text progress while it runs; the lyrics (collapsible, with where they
 * came from and an Edit button) once there are some; otherwise why there are none and the form.
 */
export function TrackLyrics({ track }: { track: Track }) {
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(true);

  let body;
  if (isTranscriptionRunning(track)) {
    const percent = track.transcriptionProgress === null ? null : Math.round(track.transcriptionProgress * 100);
    body = (
      <div className="grid gap-2">
        <p role="status" className="text-sm">
          Transcribing your lyrics...{percent === null ? '' : ` ${percent}%`}
        </p>
        {percent === null ? null : <Progress value={percent} aria-label="Lyrics progress" />}
      </div>
    );
  } else if (track.transcriptionStatus === 'done' && track.transcription && !editing) {
    const source = track.transcriptionSource ? SOURCE_LABELS[track.transcriptionSource] : null;
    body = (
      <Collapsible.Root open={open} onOpenChange={setOpen}>
        <div className="flex flex-wrap items-center gap-2">
          {source ? <Badge variant="soft">{source}</Badge> : null}
          <div className="ml-auto flex gap-1">
            <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={`Edit lyrics of ${track.title}`}>
              <Pencil aria-hidden="true" /> Edit
            </Button>
            <Collapsible.Trigger asChild>
              <Button variant="ghost" size="sm">
                <ChevronDown aria-hidden="true" className={open ? 'rotate-180 transition-transform' : 'transition-transform'} />
                {open ? 'Hide lyrics' : 'Show lyrics'}
              </Button>
            </Collapsible.Trigger>
          </div>
        </div>
        <Collapsible.Content>
          <p
            data-testid="track-lyrics"
            className="mt-3 max-h-96 overflow-y-auto whitespace-pre-wrap rounded-lg bg-muted p-4 text-sm leading-relaxed"
          >
            {track.transcription}
          </p>
        </Collapsible.Content>
      </Collapsible.Root>
    );
  } else {
    const reason = editing ? null : (track.transcriptionError ?? 'This track has no lyrics yet. Paste or type them below.');
    body = (
      <div className="grid gap-3">
        {reason ? (
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {reason}
          </p>
        ) : null}
        <TrackLyricsForm
          track={track}
          onSaved={() => {
            setEditing(false);
            setOpen(true);
          }}
          onCancel={editing ? () => setEditing(false) : undefined}
        />
      </div>
    );
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h3 id={headingId} className="text-base font-semibold">
        Lyrics
      </h3>
      {body}
    </section>
  );
}
