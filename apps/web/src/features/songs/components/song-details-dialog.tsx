import { SONG, type Song, type UpdateSongInput } from '@members-only/shared/songs';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, HttpError } from '@/lib/api-client';
import { useUpdateSong } from '../api/songs';

type Field = 'title' | 'artistName' | 'genre' | 'releaseDate' | 'isrc' | 'upc';

interface Values {
  title: string;
  artistName: string;
  explicit: boolean;
  genre: string;
  releaseDate: string;
  isrc: string;
  upc: string;
}

const valuesOf = (song: Song): Values => ({
  title: song.title,
  artistName: song.artistName ?? '',
  explicit: song.explicit,
  genre: song.genre ?? '',
  releaseDate: song.releaseDate ?? '',
  isrc: song.isrc ?? '',
  upc: song.upc ?? '',
});

/** Only what changed; an emptied optional field is cleared (null). */
export function changes(song: Song, values: Values): UpdateSongInput {
  const before = valuesOf(song);
  const body: UpdateSongInput = {};
  if (values.title.trim() !== before.title) body.title = values.title.trim();
  if (values.explicit !== before.explicit) body.explicit = values.explicit;
  for (const key of ['artistName', 'genre', 'releaseDate', 'isrc', 'upc'] as const) {
    const value = values[key].trim();
    if (value !== before[key]) body[key] = value === '' ? null : value;
  }
  return body;
}

const FIELDS: readonly { key: Field; label: string; hint?: string; type?: string; maxLength?: number; placeholder?: string }[] = [
  { key: 'title', label: 'Title', maxLength: SONG.titleMax },
  { key: 'artistName', label: 'Artist name', hint: 'As credited on covers and stores; empty uses your username.', maxLength: SONG.artistNameMax },
  { key: 'genre', label: 'Genre', maxLength: SONG.genreMax, placeholder: 'e.g. Hip-hop' },
  { key: 'releaseDate', label: 'Release date', type: 'date' },
  { key: 'isrc', label: 'ISRC', hint: 'From your distributor, e.g. US-S1Z-99-00001.', placeholder: 'CC-XXX-YY-NNNNN' },
  { key: 'upc', label: 'UPC', hint: 'The 12-digit barcode number of the release.', placeholder: '12 digits' },
];

/** Rename the song and edit its details; the server's per-field messages show under the fields. */
export function SongDetailsDialog({ song, open, onOpenChange }: { song: Song; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [values, setValues] = useState(() => valuesOf(song));
  const [errors, setErrors] = useState<Partial<Record<Field | 'explicit', string>>>({});
  const update = useUpdateSong(song.id);

  function openChange(next: boolean) {
    if (next) {
      setValues(valuesOf(song));
      setErrors({});
    }
    onOpenChange(next);
  }

  function submit() {
    const body = changes(song, values);
    if (Object.keys(body).length === 0) {
      onOpenChange(false);
      return;
    }
    if (body.title !== undefined && body.title === '') {
      setErrors({ title: 'Give the song a title' });
      return;
    }
    setErrors({});
    update.mutate(body, {
      onSuccess: () => {
        toast({ variant: 'success', title: 'Song saved', description: 'Its details are up to date.' });
        onOpenChange(false);
      },
      onError: (error) => {
        const fieldErrors = error instanceof HttpError ? error.body?.fieldErrors : undefined;
        if (fieldErrors && Object.keys(fieldErrors).length > 0) {
          setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([key, messages]) => [key, messages[0] ?? ''])));
          return;
        }
        toast({ variant: 'destructive', title: 'Could not save the song', description: errorMessage(error) });
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        <DialogTitle>Song details</DialogTitle>
        <DialogDescription>What stores and your tools use for this song.</DialogDescription>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {FIELDS.map((field) => (
            <FormField key={field.key} id={`song-${field.key}`} label={field.label} hint={field.hint} error={errors[field.key]}>
              {(aria) => (
                <Input
                  {...aria}
                  type={field.type ?? 'text'}
                  maxLength={field.maxLength}
                  placeholder={field.placeholder}
                  value={values[field.key]}
                  onChange={(e) => setValues((v) => ({ ...v, [field.key]: e.target.value }))}
                />
              )}
            </FormField>
          ))}
          <div className="flex items-start gap-2">
            <input
              id="song-explicit"
              type="checkbox"
              className="mt-1 size-4 accent-primary"
              checked={values.explicit}
              onChange={(e) => setValues((v) => ({ ...v, explicit: e.target.checked }))}
            />
            <label htmlFor="song-explicit" className="text-sm">
              Explicit
              <span className="block text-xs text-muted-foreground">Stores mark the release explicit, and covers can carry the Parental Advisory label.</span>
            </label>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? <Spinner /> : null}
              Save details
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
