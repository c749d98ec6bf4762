import type { Take } from '@members-only/shared/booth';
import { BOOTH } from '@members-only/shared/booth';
import { Check, Pause, Play } from 'lucide-react';
import { useState } from 'react';
import { DeleteIconButton } from '@/components/delete-icon-button';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useDeleteTake, useUpdateTake } from '../api/booth';

/** How a take is used in the mix: in it or not, and the bars it covers (empty: its own range or length). */
export interface CompChoice {
  use: boolean;
  fromBar: string;
  toBar: string;
}

/** Until the artist says otherwise every finished take is in the mix (later ones win their bars). */
export const defaultChoice = (take: Pick<Take, 'complete'>): CompChoice => ({ use: take.complete, fromBar: '', toBar: '' });

export const formatSeconds = (ms: number) => {
  const s = Math.round(ms / 100) / 10;
  return s >= 60 ? `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}` : `${s.toFixed(1)} s`;
};

/**
 * The song's takes (issue 29): play each against the beat, rename, delete, and choose the ones
 * the mix uses with the bars each covers (simple comping: later takes win where ranges overlap).
 */
export function TakesList({
  songId,
  takes,
  bars,
  comp,
  onComp,
  playing,
  onPlay,
  busy,
}: {
  songId: number;
  takes: Take[];
  bars: number;
  comp: Record<number, CompChoice>;
  onComp: (takeId: number, choice: CompChoice) => void;
  playing: number | null;
  onPlay: (take: Take | null) => void;
  busy: boolean;
}) {
  if (takes.length === 0) return <p className="text-sm text-muted-foreground">No takes yet. Record one above.</p>;
  return (
    <ol className="grid gap-3" aria-label="Takes">
      {takes.map((take) => (
        <li key={take.id}>
          <TakeRow
            songId={songId}
            take={take}
            bars={bars}
            choice={comp[take.id] ?? defaultChoice(take)}
            onChoice={(c) => onComp(take.id, c)}
            playing={playing === take.id}
            onPlay={() => onPlay(playing === take.id ? null : take)}
            busy={busy}
          />
        </li>
      ))}
    </ol>
  );
}

function TakeRow({
  songId,
  take,
  bars,
  choice,
  onChoice,
  playing,
  onPlay,
  busy,
}: {
  songId: number;
  take: Take;
  bars: number;
  choice: CompChoice;
  onChoice: (c: CompChoice) => void;
  playing: boolean;
  onPlay: () => void;
  busy: boolean;
}) {
  const [name, setName] = useState(take.name);
  const update = useUpdateTake(songId);
  const remove = useDeleteTake(songId);
  const dirty = name.trim() !== take.name && name.trim().length > 0;
  const rename = () =>
    dirty &&
    update.mutate(
      { takeId: take.id, input: { name: name.trim() } },
      { onError: (error) => toast({ variant: 'destructive', title: 'Could not rename the take', description: errorMessage(error) }) },
    );
  const range = take.fromBar !== null ? `bars ${take.fromBar}–${take.toBar ?? take.fromBar}` : 'whole song';
  const barInput = (key: 'fromBar' | 'toBar', label: string) => (
    <label className="flex items-center gap-1.5 text-xs text-muted-foreground">
      {label}
      <Input
        type="number"
        inputMode="numeric"
        min={1}
        max={bars}
        className="h-8 w-16 px-2 text-sm"
        aria-label={`${take.name}: ${key === 'fromBar' ? 'first bar in the mix' : 'last bar in the mix'}`}
        placeholder={key === 'fromBar' ? String(take.fromBar ?? 1) : String(take.toBar ?? bars)}
        value={choice[key]}
        disabled={!choice.use}
        onChange={(e) => onChoice({ ...choice, [key]: e.target.value })}
      />
    </label>
  );
  return (
    <article aria-label={take.name} data-testid="take" className="grid gap-2 rounded-xl border border-border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant={playing ? 'default' : 'outline'} onClick={onPlay} disabled={!take.complete || busy} aria-label={playing ? `Stop ${take.name}` : `Play ${take.name} with the beat`}>
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          {playing ? 'Stop' : 'Play'}
        </Button>
        <form
          className="order-first flex min-w-0 basis-full items-center gap-1 sm:order-none sm:basis-auto sm:flex-1"
          onSubmit={(e) => {
            e.preventDefault();
            rename();
          }}
        >
          <Input className="h-8 min-w-0 flex-1" aria-label="Take name" maxLength={BOOTH.nameMax} value={name} onChange={(e) => setName(e.target.value)} onBlur={rename} />
          {dirty ? (
            <Button type="submit" size="sm" variant="ghost" aria-label="Save the name" disabled={update.isPending}>
              <Check aria-hidden="true" />
            </Button>
          ) : null}
        </form>
        <span className="min-w-0 flex-1 text-xs tabular-nums text-muted-foreground sm:flex-none">
          {formatSeconds(take.durationMs)} · {range}
          {take.complete ? '' : ' · not finished uploading'}
        </span>
        <DeleteIconButton
          size="sm"
          label={`Delete ${take.name}`}
          disabled={remove.isPending || busy}
          onClick={() =>
            remove.mutate(take.id, {
              onSuccess: () => toast({ title: 'Take deleted', description: `“${take.name}” is gone.` }),
              onError: (error) => toast({ variant: 'destructive', title: 'Could not delete the take', description: errorMessage(error) }),
            })
          }
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm">
          <Checkbox checked={choice.use} disabled={!take.complete} onChange={(e) => onChoice({ ...choice, use: e.target.checked })} />
          Use in the mix
        </label>
        <span className="flex items-center gap-3">
          {barInput('fromBar', 'from bar')}
          {barInput('toBar', 'to bar')}
        </span>
      </div>
    </article>
  );
}
