import { describe, expect, it } from 'vitest';
import { loudnessPath, loudnessPoints, lufsToY, summarizeLoudness } from './loudness-curve';

describe('loudness curve', () => {
  it('places each point at the middle of its 3 s window and leaves silence out', () => {
    expect(loudnessPoints([-20, null, -10])).toEqual([
      { time: 1.5, lufs: -20 },
      { time: 3.5, lufs: -10 },
    ]);
  });

  it('finds the loudest and quietest moments and the time spent squashed or quiet', () => {
    const curve = [-30, -26, -14, -7.5, -6, -14, null, -9];
    expect(summarizeLoudness(curve)).toEqual({
      loudest: { time: 5.5, lufs: -6 },
      quietest: { time: 1.5, lufs: -30 },
      squashedSeconds: 2,
      quietSeconds: 2,
    });
    expect(summarizeLoudness([null, null])).toBeNull();
    expect(summarizeLoudness([])).toBeNull();
  });

  it('draws the line top-down from -4 to -40 LUFS, breaking it at silence', () => {
    expect(lufsToY(-4)).toBe(0);
    expect(lufsToY(-40)).toBe(100);
    expect(lufsToY(-22)).toBe(50);
    expect(lufsToY(0)).toBe(0);
    expect(lufsToY(-70)).toBe(100);
    expect(loudnessPath([-22, -4, null, -40])).toBe('M1.5 50.0L2.5 0.0M4.5 100.0');
    expect(loudnessPath([null])).toBe('');
  });
});
