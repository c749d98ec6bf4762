import { BEAT_STYLE_LABELS, STUDIO_MESSAGES, beatFileName, type StudioMusicItem } from '@members-only/shared/studio';
import { Download, Pause, Play, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';

const minutes = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;

export function beatTitle(item: Pick<StudioMusicItem, 'title' | 'model'>): string {
  return item.title ?? `${item.model} Beat`;
}

/** 'My Beats': play/pause (one at a time), download as the title or 'beat' + .mp3, 'Generate again'. */
export function BeatLibrary({
  items,
  playingId,
  onToggle,
  onAgain,
  busy,
}: {
  items: StudioMusicItem[];
  playingId: number | null;
  onToggle: (item: StudioMusicItem) => void;
  onAgain: (item: StudioMusicItem) => void;
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
              <li key={item.id} className="flex flex-col gap-2 rounded-lg border bg-card p-4 sm:flex-row sm:items-center" data-testid="beat-item">
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
                  <p className="font-medium">{title}</p>
                  <p className="truncate text-sm text-muted-foreground">{item.prompt ?? STUDIO_MESSAGES.noDescription}</p>
                  <p className="mt-1 text-xs text-muted-foreground">
                    {[
                      BEAT_STYLE_LABELS[item.style],
                      item.bpm !== null ? `${Math.round(item.bpm)} BPM` : null,
                      item.key,
                      item.durationSec !== null ? minutes(item.durationSec) : null,
                      `${item.engine}: ${item.ownership === 'yours' ? 'yours to use' : item.ownership}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button asChild variant="outline" size="sm">
                    <a href={item.audioUrl!} download={beatFileName(item.title)}>
                      <Download aria-hidden /> Download
                    </a>
                  </Button>
                  <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => onAgain(item)}>
                    <RefreshCw aria-hidden /> Generate again
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
