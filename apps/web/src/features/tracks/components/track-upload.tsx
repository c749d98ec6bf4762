import {
  ACCEPTED_AUDIO_EXTENSIONS,
  ACCEPTED_AUDIO_TYPES,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_MB,
  type Track,
} from '@members-only/shared/tracks';
import { CircleCheck, FileAudio, Upload } from 'lucide-react';
import { useEffect, useId, useState, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { toast, type ToastOptions } from '@/components/ui/use-toast';
import { isAbortError } from '@/lib/abort';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useSongs } from '@/lib/api/songs';
import { useUploadTrack } from '../api/upload-track';
import { Select } from '@/components/ui/select';

/** Spec §2 (cover art upload area). */
export const UPLOAD_HINT = 'Supports MP3, WAV, and M4A formats up to 50MB';
const ACCEPT = [...ACCEPTED_AUDIO_EXTENSIONS, ...ACCEPTED_AUDIO_TYPES].join(',');
/** Spec §4: the finished bar stays at 100% for a second, then the area is ready again. */
const RESET_AFTER_MS = 1000;

/** The song picker's default (issue 26): the upload starts a song of its own. */
export const NEW_SONG_OPTION = 'A new song, named from the file';

const DEFAULT_SUCCESS: ToastOptions = { title: 'Track Uploaded', description: 'Your track has been uploaded.' };

export interface TrackUploadProps {
  /** Called with the new track once the server has stored it. */
  onUploaded?: (track: Track) => void;
  /** The success toast; a function can word it from the track (e.g. whether it was transcribed). */
  successToast?: ToastOptions | ((track: Track) => ToastOptions);
  /** Accessible name of the file input and the area's heading. */
  label?: string;
  className?: string;
  /**
   * Which song the upload belongs to (issue 26). A number: always that song (its page's 'new
   * version' area). Otherwise the area asks, offering the artist's songs and, by default, a new
   * song named from the file; `songId` then preselects one.
   */
  song?: { fixed: number } | { preselect?: number | null };
}

/**
 * Why a file cannot be sent, or null. The server decides the type by the file's content
 * (amendment B5); this only catches what is plainly not audio, and the size (nothing is sent).
 */
function refuseReason(file: File): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return `The file is too large. The limit is ${MAX_UPLOAD_MB} MB.`;
  if (file.size === 0) return 'The file is empty.';
  const dot = file.name.lastIndexOf('.');
  const extension = dot >= 0 ? file.name.slice(dot).toLowerCase() : '';
  if (!ACCEPTED_AUDIO_EXTENSIONS.includes(extension) && !ACCEPTED_AUDIO_TYPES.includes(file.type)) {
    return 'Unsupported file type. Upload an MP3, WAV, M4A or AAC audio file.';
  }
  return null;
}

/**
 * The one upload area (Song Review, Cover Art, Marketing): drag and drop or click, a size check
 * before sending, the request's real progress, and a toast for the outcome.
 */
export function TrackUpload({ onUploaded, successToast = DEFAULT_SUCCESS, label = 'Upload a track', className, song = {} }: TrackUploadProps) {
  const inputId = useId();
  const songFieldId = useId();
  const fixedSong = 'fixed' in song ? song.fixed : null;
  const [chosenSong, setChosenSong] = useState<number | null>(() => ('preselect' in song ? (song.preselect ?? null) : null));
  const songs = useSongs('', { enabled: fixedSong === null });
  const hintId = useId();
  const upload = useUploadTrack();
  const { reset } = upload;
  const [fileName, setFileName] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [finished, setFinished] = useState(false);
  const busy = upload.isPending;

  useEffect(() => {
    if (!finished) return;
    const timer = setTimeout(() => {
      setFinished(false);
      setFileName(null);
      reset();
    }, RESET_AFTER_MS);
    return () => clearTimeout(timer);
  }, [finished, reset]);

  function start(file: File | undefined) {
    if (!file || busy) return;
    const reason = refuseReason(file);
    if (reason) {
      toast({ title: 'Failed to upload audio', description: reason, variant: 'destructive' });
      return;
    }
    setFinished(false);
    setFileName(file.name);
    upload.mutate({ file, songId: fixedSong ?? chosenSong }, {
      onSuccess: (track) => {
        const message = typeof successToast === 'function' ? successToast(track) : successToast;
        toast({ variant: 'success', ...message });
        setFinished(true);
        onUploaded?.(track);
      },
      onError: (error) => {
        setFileName(null);
        if (isAbortError(error)) {
          toast({ title: 'Upload cancelled', description: 'Nothing was saved.' });
          return;
        }
        toast({ title: 'Failed to upload audio', description: errorMessage(error), variant: 'destructive' });
      },
    });
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    if (!Array.from(event.dataTransfer.types).includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
    setDragging(true);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    start(event.dataTransfer.files[0]);
  }

  const showProgress = busy || finished;

  return (
    <div
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
      className={cn(
        'relative rounded-2xl border-2 border-dashed border-input bg-card transition-colors',
        'has-[input:focus-visible]:border-ring has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring',
        dragging && 'border-primary bg-primary-soft/40',
        className,
      )}
    >
      <input
        id={inputId}
        type="file"
        accept={ACCEPT}
        aria-label={label}
        aria-describedby={hintId}
        // Not `disabled`: that would drop keyboard focus mid-upload. A click is refused instead.
        aria-disabled={busy}
        className="sr-only"
        onClick={(event) => {
          if (busy) event.preventDefault();
        }}
        onChange={(event) => {
          start(event.target.files?.[0]);
          // Lets the same file be chosen again after a failure.
          event.target.value = '';
        }}
      />
      <label
        htmlFor={inputId}
        className={cn(
          'flex flex-col items-center gap-2 px-6 py-8 text-center',
          busy ? 'cursor-not-allowed grayscale' : 'cursor-pointer hover:bg-accent/40',
          'rounded-2xl',
        )}
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
          <Upload aria-hidden="true" className="size-6" />
        </span>
        <span className="font-semibold">{label}</span>
        <span className="text-sm text-muted-foreground">Drag and drop an audio file here, or click to browse</span>
        <span id={hintId} className="text-xs text-muted-foreground">
          {UPLOAD_HINT}
        </span>
      </label>

      {fixedSong === null ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 border-t border-border px-4 py-3 text-sm">
          <label htmlFor={songFieldId} className="font-medium">
            Song
          </label>
          <Select
            id={songFieldId}
            className="h-9 w-auto flex-1 px-2"
            value={chosenSong === null ? '' : String(chosenSong)}
            disabled={busy}
            onChange={(event) => setChosenSong(event.target.value ? Number(event.target.value) : null)}
          >
            <option value="">{NEW_SONG_OPTION}</option>
            {songs.data?.map((s) => (
              <option key={s.id} value={s.id}>
                New version of “{s.title}”
              </option>
            ))}
            {chosenSong !== null && !songs.data?.some((s) => s.id === chosenSong) ? <option value={chosenSong}>New version of the song you opened</option> : null}
          </Select>
        </div>
      ) : null}

      {showProgress ? (
        <div className="border-t border-border px-4 py-3">
          <div className="flex items-center gap-2 text-sm">
            {finished ? (
              <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-success" />
            ) : (
              <FileAudio aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            )}
            <span className="min-w-0 flex-1 truncate font-medium" title={fileName ?? undefined}>
              {fileName}
            </span>
            <span className="tabular-nums text-muted-foreground">{upload.percent}%</span>
          </div>
          <Progress value={upload.percent} aria-label="Upload progress" className="mt-2" />
          <div className="mt-2 flex items-center justify-between gap-2">
            <p role="status" className="text-xs text-muted-foreground">
              {finished ? 'Upload complete' : upload.percent >= 99 ? 'Saving your track…' : 'Uploading…'}
            </p>
            {busy ? (
              <Button variant="ghost" size="sm" onClick={upload.cancel}>
                Cancel upload
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
