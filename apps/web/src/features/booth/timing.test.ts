import { describe, expect, it } from 'vitest';
import { barAt, barMs, barStartMs, latencyMs } from './timing';

describe('booth timing', () => {
  it('gives a 4/4 bar length from the tempo', () => {
    expect(barMs(120)).toBe(2000);
    expect(barMs(90)).toBeCloseTo(2666.667, 2);
    expect(() => barMs(0)).toThrow(RangeError);
  });

  it('finds the bar at a time, after the first downbeat', () => {
    expect(barAt(100, 120, 250)).toBe(0);
    expect(barAt(250, 120, 250)).toBe(1);
    expect(barAt(2249, 120, 250)).toBe(1);
    expect(barAt(2250, 120, 250)).toBe(2);
    expect(barStartMs(3, 120, 250)).toBe(4250);
  });

  it('prefers a loopback calibration over the reported latencies', () => {
    expect(latencyMs({ baseLatencySec: 0.01, outputLatencySec: 0.02 })).toBeCloseTo(30, 6);
    expect(latencyMs({ baseLatencySec: 0.01, outputLatencySec: 0.02, calibratedMs: 42 })).toBe(42);
    expect(latencyMs({})).toBe(0);
  });
});
