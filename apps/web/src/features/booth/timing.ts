/**
 * Booth timing maths (issue 29): where bars fall in the backing, and how far the
 * recorder's first sample must be moved to line up with the beat.
 */

/** Length of one 4/4 bar in milliseconds at `bpm`. */
export function barMs(bpm: number): number {
  if (!(bpm > 0)) throw new RangeError('bpm must be positive');
  return (4 * 60_000) / bpm;
}

/** 1-based bar playing at `timeMs` of the backing, or 0 before the first downbeat. */
export function barAt(timeMs: number, bpm: number, firstDownbeatMs: number): number {
  if (timeMs < firstDownbeatMs) return 0;
  return Math.floor((timeMs - firstDownbeatMs) / barMs(bpm)) + 1;
}

/** Start of 1-based `bar` in milliseconds of the backing. */
export function barStartMs(bar: number, bpm: number, firstDownbeatMs: number): number {
  return firstDownbeatMs + (bar - 1) * barMs(bpm);
}

/**
 * Round-trip latency to compensate, in ms: the output path (base + output latency) plus
 * the input path, or a measured loopback calibration when one exists for this device.
 */
export function latencyMs(opts: {
  baseLatencySec?: number;
  outputLatencySec?: number;
  calibratedMs?: number | null;
}): number {
  if (opts.calibratedMs != null && Number.isFinite(opts.calibratedMs)) {
    return Math.max(0, opts.calibratedMs);
  }
  return Math.max(0, ((opts.baseLatencySec ?? 0) + (opts.outputLatencySec ?? 0)) * 1000);
}
