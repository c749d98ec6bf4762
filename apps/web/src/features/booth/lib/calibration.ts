/**
 * Loopback calibration (issue 29): the page plays a train of clicks through the speakers, the
 * microphone hears them, and the round trip (output path + air + input path) is where the
 * recording correlates best with what was played. Used instead of the latencies the browser
 * reports, which can be missing (Firefox, Safari) or wrong (Bluetooth, USB interfaces).
 */

/** Click onsets (seconds from the train's start): irregular gaps, so no lag but the true one lines them all up. */
export const CALIBRATION_CLICKS_SEC = [0.1, 0.43, 0.71, 1.12, 1.38, 1.81, 2.05, 2.52, 2.77, 3.2];
/** Each click: a 3 ms burst of noise (broadband, so the correlation peak is sharp). */
const CLICK_MS = 3;
/** The longest round trip looked for. */
export const MAX_ROUND_TRIP_MS = 500;

/** The train (mono, -1..1) at `sampleRate`; its length leaves room for the longest round trip after the last click. */
export function calibrationTrain(sampleRate: number): Float32Array {
  const length = Math.ceil((CALIBRATION_CLICKS_SEC.at(-1)! + (CLICK_MS + MAX_ROUND_TRIP_MS) / 1000 + 0.1) * sampleRate);
  const out = new Float32Array(length);
  const n = Math.round((CLICK_MS / 1000) * sampleRate);
  // A fixed pseudo-random burst (xorshift), the same every time.
  let seed = 0x2545f491;
  const burst = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    burst[i] = 0.8 * ((seed >>> 0) / 0xffffffff - 0.5) * 2;
  }
  for (const at of CALIBRATION_CLICKS_SEC) out.set(burst, Math.round(at * sampleRate));
  return out;
}

export interface DelayEstimate {
  /** Round trip (ms): how much later than played the clicks were recorded. */
  delayMs: number;
  /** Normalised correlation at that lag (0..1): low means the microphone did not hear the clicks. */
  confidence: number;
}

/**
 * The lag (0..maxLagMs) at which `recorded` best matches `played` (both from the same instant),
 * by cross-correlation over the played signal's non-zero samples only (clicks are sparse, so this
 * is quick), refined between samples with a parabola through the peak and its neighbours.
 */
export function estimateDelay(played: Float32Array, recorded: Float32Array, sampleRate: number, maxLagMs = MAX_ROUND_TRIP_MS): DelayEstimate {
  const idx: number[] = [];
  for (let i = 0; i < played.length; i++) if (played[i] !== 0) idx.push(i);
  const maxLag = Math.min(Math.round((maxLagMs / 1000) * sampleRate), recorded.length - 1);
  if (idx.length === 0 || maxLag < 1) return { delayMs: 0, confidence: 0 };
  let energyPlayed = 0;
  for (const i of idx) energyPlayed += played[i] * played[i];
  const corr = new Float64Array(maxLag + 1);
  let best = 0;
  for (let lag = 0; lag <= maxLag; lag++) {
    let sum = 0;
    for (const i of idx) {
      const j = i + lag;
      if (j < recorded.length) sum += played[i] * recorded[j];
    }
    corr[lag] = sum;
    if (sum > corr[best]) best = lag;
  }
  let energyRecorded = 0;
  for (const i of idx) {
    const j = i + best;
    if (j < recorded.length) energyRecorded += recorded[j] * recorded[j];
  }
  const confidence = corr[best] > 0 && energyRecorded > 0 ? corr[best] / Math.sqrt(energyPlayed * energyRecorded) : 0;
  let lag = best;
  if (best > 0 && best < maxLag) {
    const [a, b, c] = [corr[best - 1], corr[best], corr[best + 1]];
    const den = a - 2 * b + c;
    if (den < 0) lag += (0.5 * (a - c)) / den;
  }
  return { delayMs: (lag / sampleRate) * 1000, confidence };
}

/** Below this the clicks were not heard clearly enough to trust the measurement. */
export const MIN_CONFIDENCE = 0.5;

/** Where a device pair's measured delay is kept in this browser. */
export function calibrationKey(inputDeviceId: string | undefined, outputId: string | undefined): string {
  return `mo.booth.delay:${inputDeviceId || 'default'}|${outputId || 'default'}`;
}

/** A stored measurement, or null when there is none (or it is not a sane number). */
export function readCalibration(storage: Pick<Storage, 'getItem'>, key: string): number | null {
  const raw = storage.getItem(key);
  const ms = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(ms) && ms >= 0 && ms <= MAX_ROUND_TRIP_MS ? ms : null;
}
