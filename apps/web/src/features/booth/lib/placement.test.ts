import { describe, expect, it } from 'vitest';
import { barProgress, countInTimes, prompterAt, prompterLines, punchInEndMs, punchInStartMs, takePlacement } from './placement';

describe('where a take lands in the beat', () => {
  it('drops the count-in and the latency: a sample sung on the downbeat lands at 0', () => {
    // Beat from 0 at t=2.0 s; capture began at t=0.1 s (during the count-in); 20 ms round trip.
    const p = takePlacement({ firstSampleTime: 0.1, beatStartTime: 2, fromMs: 0, latencyMs: 20, sampleRate: 48_000 });
    expect(p.startMs).toBe(0);
    // 1.9 s + 20 ms of capture come before the downbeat as the artist heard it.
    expect(p.dropSamples).toBe(Math.round(1.92 * 48_000));
  });

  it('places a punch-in from its pre-roll bar, latency taken off', () => {
    // Backing from 4000 ms scheduled at t=3 s; the first sample captured at t=3.5 s.
    const p = takePlacement({ firstSampleTime: 3.5, beatStartTime: 3, fromMs: 4000, latencyMs: 30, sampleRate: 44_100 });
    expect(p).toEqual({ startMs: 4470, dropSamples: 0 });
  });

  it('counts in one bar at the tempo and punches in with a bar of pre-roll', () => {
    expect(countInTimes(10, 120)).toEqual([8, 8.5, 9, 9.5]);
    expect(punchInStartMs(3, 120, 0)).toBe(2000);
    expect(punchInStartMs(1, 120, 100)).toBe(0);
    expect(punchInEndMs(4, 120, 0)).toBe(8250);
  });
});

describe('the prompter', () => {
  const lyrics = '[Verse 1]\nPaper plans in my pocket\n\nFolded twice, never lost it\n[Chorus]\nFly, fly\n  \nLand where the rent is paid';

  it('puts one line on each bar, headings naming the next bar’s section', () => {
    expect(prompterLines(lyrics)).toEqual([
      { bar: 1, text: 'Paper plans in my pocket', section: 'Verse 1' },
      { bar: 2, text: 'Folded twice, never lost it', section: null },
      { bar: 3, text: 'Fly, fly', section: 'Chorus' },
      { bar: 4, text: 'Land where the rent is paid', section: null },
    ]);
    expect(prompterLines(null)).toEqual([]);
  });

  it('highlights the bar being played and keeps the next in view', () => {
    const lines = prompterLines(lyrics);
    // 120 BPM: 2 s bars, first downbeat at 500 ms.
    expect(prompterAt(lines, 0, 120, 500)).toEqual({ current: -1, next: 0, bar: 0 });
    expect(prompterAt(lines, 500, 120, 500)).toEqual({ current: 0, next: 1, bar: 1 });
    expect(prompterAt(lines, 4499, 120, 500)).toEqual({ current: 1, next: 2, bar: 2 });
    expect(prompterAt(lines, 6500, 120, 500)).toEqual({ current: 3, next: -1, bar: 4 });
    expect(prompterAt(lines, 9000, 120, 500)).toEqual({ current: -1, next: -1, bar: 5 });
    expect(barProgress(1500, 120, 500)).toBeCloseTo(0.5, 9);
    expect(barProgress(100, 120, 500)).toBe(0);
  });
});
