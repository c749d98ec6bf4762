import { Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useTheme } from '@/lib/theme';
import { formatDuration } from '../track-status';

const WAVE_HEIGHT = 96;
/** Arrow keys move this far; Page Up/Down three times as far. */
const SEEK_STEP_SECONDS = 5;

/** The theme's colours for the canvas, read from the CSS custom properties (light or dark). */
function themeColors() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    waveColor: read('--muted-foreground', '#57534e'),
    progressColor: read('--primary', '#b45309'),
    cursorColor: read('--foreground', '#1c1917'),
  };
}

export interface WaveformPlayerProps {
  title: string;
  audioUrl: string;
  /** Server-computed peaks 0..1: drawn as they are, so the audio is never downloaded whole to draw. */
  peaks: number[];
  duration: number;
}

/**
 * wavesurfer.js v7 over a plain <audio> element: the browser streams the file with Range
 * requests (seeking works) and wavesurfer only draws the given peaks. Loaded on demand, so it
 * stays out of the main bundle.
 */
export function WaveformPlayer({ title, audioUrl, peaks, duration }: WaveformPlayerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const audioRef = useRef<HTMLAudioElement>(null);
  const waveRef = useRef<WaveSurfer | null>(null);
  // Peaks arrive as a new array on every refetch; only a new file should rebuild the player.
  const peaksRef = useRef(peaks);
  peaksRef.current = peaks;
  const [ready, setReady] = useState(false);
  const [playing, setPlaying] = useState(false);
  // Whole seconds on screen; the exact position lives in the ref (timeupdate fires every frame).
  const [time, setTime] = useState(0);
  const exactTime = useRef(0);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    const container = containerRef.current;
    const media = audioRef.current;
    if (!container || !media) return;
    let cancelled = false;
    let wave: WaveSurfer | null = null;
    setReady(false);
    setPlaying(false);
    setTime(0);
    exactTime.current = 0;
    setFailed(null);

    import('wavesurfer.js')
      .then(({ default: WaveSurferClass }) => {
        if (cancelled) return;
        wave = WaveSurferClass.create({
          container,
          media,
          url: audioUrl,
          peaks: [peaksRef.current],
          duration,
          height: WAVE_HEIGHT,
          barWidth: 2,
          barGap: 1,
          barRadius: 2,
          cursorWidth: 2,
          dragToSeek: true,
          hideScrollbar: true,
          ...themeColors(),
        });
        waveRef.current = wave;
        wave.on('ready', () => setReady(true));
        wave.on('play', () => setPlaying(true));
        wave.on('pause', () => setPlaying(false));
        wave.on('finish', () => setPlaying(false));
        wave.on('timeupdate', (seconds) => {
          exactTime.current = seconds;
          setTime(Math.floor(seconds));
        });
        wave.on('error', () => setFailed('Could not play the audio track.'));
      })
      .catch(() => {
        if (!cancelled) setFailed('The player could not be loaded. Please reload the page.');
      });

    return () => {
      cancelled = true;
      media.pause();
      wave?.destroy();
      if (waveRef.current === wave) waveRef.current = null;
    };
  }, [audioUrl, duration]);

  // Redraw in the theme's colours when it changes (the switcher, or the system while on System).
  const { resolved: theme } = useTheme();
  useEffect(() => {
    waveRef.current?.setOptions(themeColors());
  }, [theme]);

  function togglePlay() {
    const wave = waveRef.current;
    if (!wave) return;
    wave.playPause().catch((error: unknown) => {
      // A pause() interrupting play() is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast({ title: 'Playback Error', description: 'Could not play the audio track', variant: 'destructive' });
    });
  }

  function seekTo(seconds: number) {
    const wave = waveRef.current;
    if (!wave) return;
    const next = Math.min(duration, Math.max(0, seconds));
    wave.setTime(next);
    exactTime.current = next;
    setTime(Math.floor(next));
  }

  function onSeekKey(event: KeyboardEvent<HTMLDivElement>) {
    const steps: Record<string, number> = {
      ArrowRight: SEEK_STEP_SECONDS,
      ArrowUp: SEEK_STEP_SECONDS,
      ArrowLeft: -SEEK_STEP_SECONDS,
      ArrowDown: -SEEK_STEP_SECONDS,
      PageUp: 3 * SEEK_STEP_SECONDS,
      PageDown: -3 * SEEK_STEP_SECONDS,
    };
    if (event.key in steps) seekTo(exactTime.current + steps[event.key]);
    else if (event.key === 'Home') seekTo(0);
    else if (event.key === 'End') seekTo(duration);
    else if (event.key === ' ') togglePlay();
    else return;
    event.preventDefault();
  }

  return (
    <div className="grid gap-3">
      {/* Streams with Range requests; wavesurfer sets its src. */}
      <audio ref={audioRef} preload="metadata" className="hidden" />
      <div className="flex items-center gap-3">
        <Button
          size="icon"
          className="rounded-full"
          onClick={togglePlay}
          disabled={!ready || failed !== null}
          aria-label={playing ? `Pause ${title}` : `Play ${title}`}
        >
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        </Button>
        <div className="relative min-w-0 flex-1">
          <div
            ref={containerRef}
            data-testid="waveform"
            role="slider"
            tabIndex={ready ? 0 : -1}
            aria-label={`Seek in ${title}`}
            aria-valuemin={0}
            aria-valuemax={Math.round(duration)}
            aria-valuenow={time}
            aria-valuetext={`${formatDuration(time)} of ${formatDuration(duration)}`}
            onKeyDown={onSeekKey}
            className="cursor-pointer rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            style={{ minHeight: WAVE_HEIGHT }}
          />
          {!ready && !failed ? <Skeleton className="absolute inset-0" /> : null}
        </div>
      </div>
      <div className="flex items-center justify-between text-xs tabular-nums text-muted-foreground">
        <span>
          <span className="sr-only">Current time </span>
          {formatDuration(time)}
        </span>
        <span>
          <span className="sr-only">Duration </span>
          {formatDuration(duration)}
        </span>
      </div>
      {failed ? (
        <p role="alert" className="text-sm font-medium text-destructive-text">
          {failed}
        </p>
      ) : null}
    </div>
  );
}
