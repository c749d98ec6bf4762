/** The streaming services' loudness target for most platforms (Spotify, YouTube), LUFS. */
export const STREAMING_TARGET_LUFS = -14;
/** Short-term loudness above this reads as a squashed master (heavily limited); below QUIET as a quiet passage. */
export const SQUASHED_LUFS = -8;
export const QUIET_LUFS = -24;
/** Window of one curve point, seconds; points are one second apart. */
const WINDOW_SECONDS = 3;

/** The drawn range of the chart, LUFS (values outside are clipped to its edges). */
export const CHART_TOP_LUFS = -4;
export const CHART_BOTTOM_LUFS = -40;

export interface LoudnessPoint {
  /** Middle of the 3 s window, seconds from the start. */
  time: number;
  lufs: number;
}

export interface LoudnessSummary {
  loudest: LoudnessPoint;
  quietest: LoudnessPoint;
  /** Seconds whose short-term loudness is above SQUASHED_LUFS. */
  squashedSeconds: number;
  /** Seconds of sound (not silence) below QUIET_LUFS. */
  quietSeconds: number;
}

/** Curve points with their time (window middle); silent points are left out. */
export function loudnessPoints(curve: readonly (number | null)[]): LoudnessPoint[] {
  const points: LoudnessPoint[] = [];
  curve.forEach((lufs, i) => {
    if (lufs !== null && Number.isFinite(lufs)) points.push({ time: i + WINDOW_SECONDS / 2, lufs });
  });
  return points;
}

/** Where the track is loudest and quietest, and how long it sits above the squashed or below the quiet line. */
export function summarizeLoudness(curve: readonly (number | null)[]): LoudnessSummary | null {
  const points = loudnessPoints(curve);
  if (points.length === 0) return null;
  let loudest = points[0];
  let quietest = points[0];
  let squashedSeconds = 0;
  let quietSeconds = 0;
  for (const p of points) {
    if (p.lufs > loudest.lufs) loudest = p;
    if (p.lufs < quietest.lufs) quietest = p;
    if (p.lufs > SQUASHED_LUFS) squashedSeconds++;
    if (p.lufs < QUIET_LUFS) quietSeconds++;
  }
  return { loudest, quietest, squashedSeconds, quietSeconds };
}

/**
 * SVG path data for the curve in a `duration` × 100 box (x in seconds, y 0 at CHART_TOP_LUFS,
 * 100 at CHART_BOTTOM_LUFS); silence breaks the line.
 */
export function loudnessPath(curve: readonly (number | null)[]): string {
  let d = '';
  let drawing = false;
  curve.forEach((lufs, i) => {
    if (lufs === null || !Number.isFinite(lufs)) {
      drawing = false;
      return;
    }
    d += `${drawing ? 'L' : 'M'}${(i + WINDOW_SECONDS / 2).toFixed(1)} ${lufsToY(lufs).toFixed(1)}`;
    drawing = true;
  });
  return d;
}

/** 0 (top) .. 100 (bottom) for a loudness, clipped to the chart's range. */
export function lufsToY(lufs: number): number {
  const clipped = Math.min(CHART_TOP_LUFS, Math.max(CHART_BOTTOM_LUFS, lufs));
  return ((CHART_TOP_LUFS - clipped) / (CHART_TOP_LUFS - CHART_BOTTOM_LUFS)) * 100;
}
