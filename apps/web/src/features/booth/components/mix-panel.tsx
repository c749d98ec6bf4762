import { BOOTH, DEFAULT_VOCAL_SETTINGS, type Mix, type VocalSettings } from '@members-only/shared/booth';
import { Download, Headphones, SlidersHorizontal } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Progress } from '@/components/ui/progress';
import { mixStemsUrl } from '../api/booth';

export interface MixSettingsState {
  vocal: VocalSettings;
  beatDuckDb: number;
}
export const DEFAULT_MIX_SETTINGS: MixSettingsState = { vocal: DEFAULT_VOCAL_SETTINGS, beatDuckDb: BOOTH.defaultDuckDb };

const SLIDERS: Array<{ key: Exclude<keyof VocalSettings, 'cleanup'>; label: string; hint: string }> = [
  { key: 'presence', label: 'Presence', hint: 'Brings the voice forward and clear.' },
  { key: 'evenness', label: 'Evenness', hint: 'Keeps quiet and loud words closer together.' },
  { key: 'deess', label: 'Softer “s” sounds', hint: 'Tames sharp s, sh and t.' },
  { key: 'space', label: 'Space', hint: 'A room and an echo around the voice.' },
];

/** What the mix is doing, in words, from its job. */
export type MixState = { kind: 'idle' } | { kind: 'running'; progress: number } | { kind: 'done'; trackId: number } | { kind: 'failed'; message: string };

/**
 * The mix panel (issue 29): the vocal chain in plain words, "Mix" with the job's real progress,
 * and the result: the song's new version, "Review this mix", and the stems.
 */
export function MixPanel({
  songId,
  settings,
  onSettings,
  onMix,
  canMix,
  problem,
  state,
  mixes,
}: {
  songId: number;
  settings: MixSettingsState;
  onSettings: (s: MixSettingsState) => void;
  onMix: () => void;
  canMix: boolean;
  problem: string | null;
  state: MixState;
  mixes: Mix[];
}) {
  const id = useId();
  const vocal = settings.vocal;
  const running = state.kind === 'running';
  return (
    <div className="grid gap-4">
      <label className="flex items-start gap-3 text-sm">
        <Checkbox className="mt-0.5" checked={vocal.cleanup} disabled={running} onChange={(e) => onSettings({ ...settings, vocal: { ...vocal, cleanup: e.target.checked } })} />
        <span>
          <span className="font-medium">Clean-up</span>
          <span className="block text-xs text-muted-foreground">Removes rumble and the hiss between phrases.</span>
        </span>
      </label>
      {SLIDERS.map(({ key, label, hint }) => (
        <Slider
          key={key}
          id={`${id}-${key}`}
          label={label}
          hint={hint}
          value={vocal[key]}
          max={10}
          step={1}
          disabled={running}
          shown={`${vocal[key]}/10`}
          onChange={(v) => onSettings({ ...settings, vocal: { ...vocal, [key]: v } })}
        />
      ))}
      <Slider
        id={`${id}-duck`}
        label="Beat under the vocal"
        hint="How much the beat steps back while you sing."
        value={settings.beatDuckDb}
        max={BOOTH.maxDuckDb}
        step={0.5}
        disabled={running}
        shown={`${settings.beatDuckDb} dB`}
        onChange={(v) => onSettings({ ...settings, beatDuckDb: v })}
      />
      <div className="grid gap-2">
        <Button onClick={onMix} disabled={!canMix || running}>
          <SlidersHorizontal aria-hidden="true" /> {running ? 'Mixing…' : 'Mix'}
        </Button>
        {problem ? <p className="text-xs text-muted-foreground">{problem}</p> : null}
        {running ? (
          <div className="grid gap-1" role="status">
            <span className="text-sm">Mixing and mastering: {Math.round(state.progress * 100)}%</span>
            <Progress value={state.progress * 100} aria-label="Mix progress" />
          </div>
        ) : null}
        {state.kind === 'failed' ? (
          <p role="alert" className="text-sm text-destructive-text">
            {state.message}
          </p>
        ) : null}
        {state.kind === 'done' ? (
          <div role="status" className="grid gap-2 rounded-xl bg-primary-soft p-3 text-sm text-primary-soft-foreground" data-testid="mix-done">
            <p className="font-semibold">Your mix is the song’s newest version.</p>
            <div className="flex flex-wrap gap-2">
              <Link to={`/review?song=${songId}&track=${state.trackId}`} className={buttonVariants({ size: 'sm' })}>
                <Headphones aria-hidden="true" /> Review this mix
              </Link>
              <Link to={`/songs/${songId}`} className={buttonVariants({ size: 'sm', variant: 'outline' })}>
                Open the song
              </Link>
              <a href={mixStemsUrl(state.trackId)} download className={buttonVariants({ size: 'sm', variant: 'outline' })}>
                <Download aria-hidden="true" /> Stems
              </a>
            </div>
          </div>
        ) : null}
      </div>
      {mixes.length > 0 ? (
        <div className="grid gap-1.5">
          <h3 className="text-sm font-semibold">Earlier mixes</h3>
          <ul className="grid gap-1 text-sm">
            {mixes.map((mix, i) => (
              <li key={mix.trackId} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  Mix {mixes.length - i} · {mix.takes.length} {mix.takes.length === 1 ? 'take' : 'takes'}
                </span>
                <span className="flex gap-3">
                  <Link to={`/review?song=${songId}&track=${mix.trackId}`} className="font-medium text-primary underline-offset-4 hover:underline">
                    Review
                  </Link>
                  <a href={mixStemsUrl(mix.trackId)} download className="font-medium text-primary underline-offset-4 hover:underline">
                    Stems (WAV)
                  </a>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function Slider({ id, label, hint, value, max, step, disabled, shown, onChange }: { id: string; label: string; hint: string; value: number; max: number; step: number; disabled: boolean; shown: string; onChange: (v: number) => void }) {
  return (
    <div className="grid gap-1">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <span className="text-xs tabular-nums text-muted-foreground">{shown}</span>
      </div>
      <input id={id} type="range" min={0} max={max} step={step} value={value} disabled={disabled} onChange={(e) => onChange(Number(e.target.value))} className="w-full accent-primary" aria-describedby={`${id}-hint`} />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}
