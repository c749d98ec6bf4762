import { describe, expect, it, vi } from 'vitest';
import { analyzeAudioFile } from './analyze-file';
import { makeClickTrack } from './fixtures';

/** Decodes started through the stream analyzeAudioFile opens. */
const decodes = vi.hoisted(() => ({ count: 0 }));
vi.mock('./decode', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./decode')>();
  return {
    ...actual,
    openAudioStream: async (...args: Parameters<typeof actual.openAudioStream>) => {
      const stream = await actual.openAudioStream(...args);
      return {
        ...stream,
        read: (...readArgs: Parameters<typeof stream.read>) => {
          decodes.count++;
          return stream.read(...readArgs);
        },
      };
    },
  };
});

describe('analyzeAudioFile', () => {
  it('decodes a track once when it keeps the mix for tempo and twice when it does not, with the same analysis', async () => {
    const file = await makeClickTrack({ bpm: 96, seconds: 12 });
    const run = async (keepForTempoMaxSeconds: number) => {
      decodes.count = 0;
      const progress: number[] = [];
      const result = await analyzeAudioFile(file, { keepForTempoMaxSeconds }, (f) => progress.push(f));
      return { result, progress, decodes: decodes.count };
    };
    const kept = await run(600);
    const streamed = await run(0);
    expect(kept.decodes).toBe(1);
    expect(streamed.decodes).toBe(2);
    expect(kept.result).toEqual(streamed.result);
    expect(kept.result.bpm).toBeCloseTo(96, 0);
    for (const r of [kept, streamed]) {
      expect(r.progress.at(-1)).toBe(1);
      expect([...r.progress].sort((a, b) => a - b)).toEqual(r.progress);
    }
  });
});
