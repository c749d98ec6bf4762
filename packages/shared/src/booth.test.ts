import { describe, expect, it } from 'vitest';
import { barCount, barStartMs, mixdownSchema, takeUploadFieldsSchema, updateTakeSchema } from './booth';

describe('Booth contract', () => {
  it('counts 4/4 bars from the first downbeat, a partial last bar included', () => {
    expect(barCount(8000, 120)).toBe(4);
    expect(barCount(8001, 120)).toBe(5);
    expect(barCount(8500, 120, 500)).toBe(4);
    expect(barStartMs(3, 120)).toBe(4000);
    expect(barStartMs(1, 90, 250)).toBe(250);
  });

  it('reads a take’s multipart fields as numbers and refuses what is not one', () => {
    expect(takeUploadFieldsSchema.parse({ takeId: '7', offset: '96000', final: 'true', sampleRate: '48000', startMs: '120', fromBar: '3', toBar: '4', latencyMs: '12' })).toEqual({
      takeId: 7, offset: 96000, final: 'true', sampleRate: 48000, startMs: 120, fromBar: 3, toBar: 4, latencyMs: 12,
    });
    for (const bad of [{ offset: '-1' }, { offset: '1e3' }, { sampleRate: '47999' }, { takeId: '0' }, { final: 'yes' }, { fromBar: '5', toBar: '4' }, { name: 'a\nb' }]) {
      expect(takeUploadFieldsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(updateTakeSchema.safeParse({}).success).toBe(false);
    expect(updateTakeSchema.safeParse({ startMs: 1.5 }).success).toBe(false);
  });

  it('takes a mixdown with one take or more, settings 0–10, a duck of 0–6 dB', () => {
    const vocal = { cleanup: true, presence: 0, evenness: 10, deess: 5, space: 2.5 };
    expect(mixdownSchema.safeParse({ takes: [{ takeId: 1, fromBar: 2, toBar: 2 }], vocal, beatDuckDb: 6 }).success).toBe(true);
    expect(mixdownSchema.safeParse({ takes: [], vocal }).success).toBe(false);
    expect(mixdownSchema.safeParse({ takes: [{ takeId: 1, fromBar: 0 }], vocal }).success).toBe(false);
    expect(mixdownSchema.safeParse({ takes: [{ takeId: 1 }], vocal: { ...vocal, space: -1 } }).success).toBe(false);
    expect(mixdownSchema.safeParse({ takes: [{ takeId: 1 }], vocal, extra: 1 }).success).toBe(false);
  });
});
