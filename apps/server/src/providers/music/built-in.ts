import { BUILT_IN_BEAT_ENGINE } from '@members-only/shared/studio';
import { encodeMp3, id3Key } from '../../audio/encode';
import type { MusicProvider } from './types';

type BeatEngine = typeof import('@members-only/engines/beats');
let loading: Promise<BeatEngine> | undefined;
const loadEngine = () => (loading ??= import('@members-only/engines/beats'));

/** The built-in beat engine: synthesised, mixed and mastered here, encoded by ffmpeg. The artist owns the result. */
export function createBuiltInMusic(): MusicProvider {
  return {
    engine: BUILT_IN_BEAT_ENGINE,
    hosted: false,
    async generate({ prompt, style, seed, title, artist, signal, progress }) {
      const engine = await loadEngine();
      const beat = engine.generateBeat({ style, description: prompt, seed }, { onProgress: (f) => progress?.(0.8 * f) });
      signal?.throwIfAborted();
      const { plan } = beat;
      const mp3 = await encodeMp3(beat.channels, beat.sampleRate, {
        title: title ?? `${plan.style} beat`,
        artist,
        bpm: plan.bpm,
        key: id3Key(plan.key),
        copyright: `${artist} (made with the ${BUILT_IN_BEAT_ENGINE})`,
        comment: `${plan.key}, ${plan.bpm} BPM, seed ${seed}`,
      }, { signal });
      progress?.(0.95);
      return {
        mp3,
        engine: BUILT_IN_BEAT_ENGINE,
        bpm: plan.bpm,
        key: plan.key,
        durationSec: plan.lengthSec,
        seed,
        details: {
          sections: plan.sections,
          progression: plan.progressionLabel,
          keys: plan.keys,
          lead: plan.lead,
          bass: plan.bass,
          understood: plan.understood,
          integratedLufs: beat.integratedLufs,
          truePeakDbtp: beat.truePeakDbtp,
        },
      };
    },
  };
}
