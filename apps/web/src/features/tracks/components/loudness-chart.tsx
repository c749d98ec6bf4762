import { formatDuration } from '../track-status';
import { lufsToY, loudnessPath, QUIET_LUFS, SQUASHED_LUFS, STREAMING_TARGET_LUFS, summarizeLoudness } from '../loudness-curve';

const CHART_HEIGHT = 64;

/**
 * Short-term loudness (3 s windows, once a second) under the waveform, on the same time axis:
 * where a master sits above the squashed line or drops into quiet passages, against the
 * streaming services' -14 LUFS target. The line is drawn in the theme's colours.
 */
export function LoudnessChart({ curve, duration }: { curve: readonly (number | null)[]; duration: number }) {
  const summary = summarizeLoudness(curve);
  if (!summary || duration <= 0) return null;
  const path = loudnessPath(curve);
  const guide = (lufs: number) => lufsToY(lufs);
  const description = [
    `Loudest at ${formatDuration(summary.loudest.time)} (${summary.loudest.lufs.toFixed(1)} LUFS), quietest at ${formatDuration(summary.quietest.time)} (${summary.quietest.lufs.toFixed(1)} LUFS).`,
    summary.squashedSeconds > 0
      ? `Above ${SQUASHED_LUFS} LUFS, where a master sounds squashed, for ${formatDuration(summary.squashedSeconds)}.`
      : `Never above ${SQUASHED_LUFS} LUFS, where a master starts to sound squashed.`,
  ].join(' ');

  return (
    <figure className="grid gap-1.5" data-testid="loudness-chart">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs">
        <span className="font-medium">Loudness over time</span>
        <span className="text-muted-foreground">short-term LUFS; dashed line: {STREAMING_TARGET_LUFS} LUFS streaming target</span>
      </figcaption>
      {/* The chart spans the waveform's width: the play button's column (2.5rem + gap) is left empty. */}
      <div className="pl-13">
        <svg
          role="img"
          aria-label={`Loudness over time. ${description}`}
          viewBox={`0 0 ${duration} 100`}
          preserveAspectRatio="none"
          className="block w-full overflow-visible rounded-md bg-muted"
          style={{ height: CHART_HEIGHT }}
        >
          <rect x={0} y={0} width={duration} height={guide(SQUASHED_LUFS)} className="fill-destructive/10" />
          <rect x={0} y={guide(QUIET_LUFS)} width={duration} height={100 - guide(QUIET_LUFS)} className="fill-foreground/5" />
          <line
            x1={0}
            x2={duration}
            y1={guide(STREAMING_TARGET_LUFS)}
            y2={guide(STREAMING_TARGET_LUFS)}
            className="stroke-muted-foreground"
            strokeDasharray="4 3"
            strokeWidth={1}
            vectorEffect="non-scaling-stroke"
          />
          <path d={path} fill="none" className="stroke-primary" strokeWidth={2} strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
        </svg>
      </div>
      <p className="pl-13 text-xs text-muted-foreground">{description}</p>
    </figure>
  );
}
