import { setTranscriptionSchema, type Track } from '@members-only/shared/tracks';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useSetTranscription } from '../api/set-transcription';

const MAX_LYRICS = 20_000;

export interface TrackLyricsFormProps {
  track: Track;
  /** Called after the server saved the lyrics (with the updated track). */
  onSaved?: (track: Track) => void;
  /** Shown as a Cancel button when given (editing lyrics that already exist). */
  onCancel?: () => void;
}

/** The manual path when there is no transcription (amendment C6): the artist pastes or types the lyrics. */
export function TrackLyricsForm({ track, onSaved, onCancel }: TrackLyricsFormProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const [text, setText] = useState(track.transcription ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSetTranscription();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = setTranscriptionSchema.safeParse({ transcription: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the lyrics.');
      return;
    }
    setError(null);
    save.mutate({ id: track.id, transcription: parsed.data.transcription }, { onSuccess: (updated) => onSaved?.(updated) });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-2">
      <Label htmlFor={id}>Paste or type the lyrics</Label>
      <Textarea
        id={id}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (error) setError(null);
        }}
        rows={10}
        maxLength={MAX_LYRICS}
        placeholder={'Verse 1\n…'}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${errorId} ${countId}` : countId}
        className="min-h-48 resize-y"
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={countId} className="text-xs tabular-nums text-muted-foreground">
          {text.length.toLocaleString()} / {MAX_LYRICS.toLocaleString()} characters
        </p>
        <div className="flex gap-2">
          {onCancel ? (
            <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? (
              <>
                <Spinner /> Saving...
              </>
            ) : (
              'Save lyrics'
            )}
          </Button>
        </div>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive-text">
          {error}
        </p>
      ) : null}
    </form>
  );
}
