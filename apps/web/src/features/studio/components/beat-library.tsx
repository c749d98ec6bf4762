import { BEAT_STYLE_LABELS, STUDIO, STUDIO_MESSAGES, beatMakerName, beatFileName, beatMidiFileName, beatStemsFileName, type StudioMusicItem } from '@members-only/shared/studio';
import { Check, Download, FileMusic, Layers, MoveHorizontal, Pause, Pencil, Play, RefreshCw, Shuffle, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useRenameBeat } from '../api/studio';

const minutes = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;

export function beatTitle(item: Pick<StudioMusicItem, 'title' | 'model'>): string {
  return item.title ?? `${item.model} Beat`;
}

/** The beat's name with a small Rename control: an inline field, saved with Enter or the tick, left with Escape. */
function BeatName({ item, title }: { item: StudioMusicItem; title: string }) {
  const [draft, setDraft] = useState<string | null>(null);
  const rename = useRenameBeat();
  if (draft === null) {
    return (
      <span className="inline-flex items-center gap-1">
        <span>{title}</span>
        <Button type="button" variant="ghost" size="icon" className="size-7" aria-label={`Rename ${title}`} title="Rename" onClick={() => { rename.reset(); setDraft(title); }}>
          <Pencil aria-hidden />
        </Button>
      </span>
    );
  }
  const close = () => { rename.reset(); setDraft(null); };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    if (!next || rename.isPending) return;
    if (next === item.title) return close();
    rename.mutate({ id: item.id, title: next }, { onSuccess: close });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-1" aria-label={`Rename ${title}`}>
      <span className="flex items-center gap-1">
        <Input
          autoFocus
          aria-label="Beat name"
          value={draft}
          maxLength={STUDIO.titleMax}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Escape') close(); }}
          aria-invalid={rename.isError || undefined}
          className="h-8 max-w-sm"
        />
        <Button type="submit" variant="ghost" size="icon" className="size-8" aria-label="Save name" disabled={!draft.trim() || rename.isPending}>
          <Check aria-hidden />
        </Button>
        <Button type="button" variant="ghost" size="icon" className="size-8" aria-label="Cancel renaming" onClick={close}>
          <X aria-hidden />
        </Button>
      </span>
      {rename.isError ? <span role="alert" className="text-sm font-normal text-destructive">{errorMessage(rename.error)}</span> : null}
    </form>
  );
}

export type BeatAction = 'again' | 'variation' | 'extend';

/**
 * 'My Beats': play/pause (one at a time), download as the title or 'beat' + .mp3, the stems (ZIP of
 * WAVs) and MIDI of built-in beats, 'Generate again', 'Make a variation' and 'Extend'.
 */
export function BeatLibrary({
  items,
  playingId,
  onToggle,
  onAction,
  busy,
}: {
  items: StudioMusicItem[];
  playingId: number | null;
  onToggle: (item: StudioMusicItem) => void;
  onAction: (item: StudioMusicItem, action: BeatAction) => void;
  busy: boolean;
}) {
  const finished = items.filter((i) => i.status === 'done' && i.audioUrl);
  return (
    <section aria-labelledby="my-beats" className="flex flex-col gap-3">
      <h2 id="my-beats" className="text-lg font-semibold">
        My Beats
      </h2>
      {finished.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{STUDIO_MESSAGES.empty}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {finished.map((item) => {
            const playing = playingId === item.id;
            const title = beatTitle(item);
            return (
              <li key={item.id} className="flex flex-col gap-3 rounded-lg border bg-card p-4" data-testid="beat-item">
                <div className="flex items-start gap-3">
                  <Button
                    type="button"
                    size="icon"
                    variant={playing ? 'default' : 'outline'}
                    aria-label={playing ? `Pause ${title}` : `Play ${title}`}
                    aria-pressed={playing}
                    onClick={() => onToggle(item)}
                  >
                    {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
                  </Button>
                  <div className="min-w-0 flex-1">
                    <div className="font-medium">
                      <BeatName item={item} title={title} />
                      {item.derivation ? (
                        <span className="ml-2 rounded-full border px-2 py-0.5 align-middle text-xs font-normal text-muted-foreground">
                          {item.derivation === 'variation' ? 'Variation' : 'Extended'}
                        </span>
                      ) : null}
                    </div>
                    <p className="truncate text-sm text-muted-foreground">{item.prompt ?? STUDIO_MESSAGES.noDescription}</p>
                    <p className="mt-1 text-xs text-muted-foreground">
                      {[
                        BEAT_STYLE_LABELS[item.style],
                        item.bpm !== null ? `${Math.round(item.bpm)} BPM` : null,
                        item.key,
                        item.durationSec !== null ? minutes(item.durationSec) : null,
                        `${beatMakerName(item.engine)}: ${item.ownership === 'yours' ? 'yours to use' : item.ownership}`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </div>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button asChild variant="outline" size="sm">
                    <a href={item.audioUrl!} download={beatFileName(item.title)}>
                      <Download aria-hidden /> Download
                    </a>
                  </Button>
                  {item.stemsUrl ? (
                    <Button asChild variant="outline" size="sm">
                      <a href={item.stemsUrl} download={beatStemsFileName(item.title)} title="A ZIP of WAV files: drums, bass, chords and melody">
                        <Layers aria-hidden /> Stems
                      </a>
                    </Button>
                  ) : null}
                  {item.midiUrl ? (
                    <Button asChild variant="outline" size="sm">
                      <a href={item.midiUrl} download={beatMidiFileName(item.title)} title="A MIDI file of the parts, at the beat's tempo">
                        <FileMusic aria-hidden /> MIDI
                      </a>
                    </Button>
                  ) : null}
                  <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => onAction(item, 'again')}>
                    <RefreshCw aria-hidden /> Generate again
                  </Button>
                  {item.derivable ? (
                    <>
                      <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => onAction(item, 'variation')}>
                        <Shuffle aria-hidden /> Make a variation
                      </Button>
                      <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => onAction(item, 'extend')}>
                        <MoveHorizontal aria-hidden /> Extend
                      </Button>
                    </>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
