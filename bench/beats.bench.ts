import { bench, describe } from 'vitest';
import { generateBeat } from '@members-only/engines/beats';
import { encodeMp3, id3Key } from '../apps/server/src/audio/encode';

/**
 * Target (issue 14): a 90 s beat rendered (synthesis, mix, loudness and true-peak mastering) and
 * encoded to MP3 at 30 times real time or faster, i.e. under 3 s; with its stems as well. Divide
 * 90 s by the mean time for the multiple of real time.
 */
const request = { style: 'trap' as const, description: 'dark trap 140 bpm in F# minor with 808s, 90 seconds', seed: 1 };

describe('built-in beat engine, 90 s beat', () => {
  bench(
    'render (synthesis, mix, master)',
    () => {
      generateBeat(request);
    },
    { iterations: 3, warmupIterations: 1 },
  );
  bench(
    'render with stems',
    () => {
      generateBeat(request, { stems: true });
    },
    { iterations: 3, warmupIterations: 1 },
  );
  bench(
    'render + MP3 encode (ffmpeg, 192 kbit/s) with ID3 tags',
    async () => {
      const beat = generateBeat(request);
      await encodeMp3(beat.channels, beat.sampleRate, { title: 'Bench', artist: 'bench', bpm: beat.plan.bpm, key: id3Key(beat.plan.key) });
    },
    { iterations: 3, warmupIterations: 1 },
  );
});
