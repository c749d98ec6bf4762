import { describe, expect, it } from 'vitest';
import { calibrationKey, calibrationTrain, estimateDelay, MIN_CONFIDENCE, readCalibration } from './calibration';

/** What a microphone records of `played` `delayMs` later (fractional delays by linear interpolation), quieter, with room noise. */
function recordedThrough(played: Float32Array, sampleRate: number, delayMs: number, { gain = 0.3, noise = 0.02 } = {}): Float32Array {
  const out = new Float32Array(played.length);
  const d = (delayMs / 1000) * sampleRate;
  let seed = 12345;
  for (let j = 0; j < out.length; j++) {
    const x = j - d;
    const i = Math.floor(x);
    const f = x - i;
    const v = i >= 0 && i + 1 < played.length ? (1 - f) * played[i] + f * played[i + 1] : 0;
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    out[j] = gain * v + noise * (seed / 0x7fffffff - 0.5);
  }
  return out;
}

describe('loopback calibration', () => {
  for (const [rate, delay] of [
    [48_000, 37],
    [44_100, 23.4],
    [48_000, 181.7],
    [44_100, 3],
  ] as const) {
    it(`finds a ${delay} ms round trip at ${rate} Hz within 1 ms`, () => {
      const played = calibrationTrain(rate);
      const estimate = estimateDelay(played, recordedThrough(played, rate, delay), rate);
      expect(Math.abs(estimate.delayMs - delay)).toBeLessThan(1);
      expect(estimate.confidence).toBeGreaterThan(MIN_CONFIDENCE);
    });
  }

  it('has no confidence when the microphone heard only noise', () => {
    const played = calibrationTrain(48_000);
    const estimate = estimateDelay(played, recordedThrough(played, 48_000, 40, { gain: 0 }), 48_000);
    expect(estimate.confidence).toBeLessThan(MIN_CONFIDENCE);
  });

  it('keeps a measurement per input and output device and ignores nonsense', () => {
    expect(calibrationKey('mic-a', '')).not.toBe(calibrationKey('mic-b', ''));
    expect(calibrationKey('mic-a', 'out-1')).not.toBe(calibrationKey('mic-a', 'out-2'));
    const store = new Map<string, string>([
      ['ok', '23.5'],
      ['bad', 'x'],
      ['huge', '9000'],
    ]);
    const storage = { getItem: (k: string) => store.get(k) ?? null };
    expect(readCalibration(storage, 'ok')).toBe(23.5);
    expect(readCalibration(storage, 'bad')).toBeNull();
    expect(readCalibration(storage, 'huge')).toBeNull();
    expect(readCalibration(storage, 'missing')).toBeNull();
  });
});
