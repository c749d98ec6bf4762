import { PassThrough, Readable } from 'node:stream';
import { BUILT_IN_BEAT_ENGINE } from '@members-only/shared/studio';
import { runHeavy } from '../../heavy/pool';
import type { MusicProvider } from './types';

/**
 * The built-in beat engine: synthesised, mixed and mastered, then encoded by ffmpeg, in a
 * heavy-work thread (heavy/tasks.ts, ADR 055); the stems ZIP streams back from it while the MP3
 * encodes. The artist owns the result.
 */
export function createBuiltInMusic(): MusicProvider {
  return {
    engine: BUILT_IN_BEAT_ENGINE,
    hosted: false,
    async generate({ prompt, style, seed, title, artist, signal, progress, variation = 0, extensions = 0, keep }) {
      let stems: PassThrough | undefined;
      let keepingStems: Promise<void> | undefined;
      const output = await runHeavy(
        'beat',
        { style, description: prompt, seed, variation, extensions, extras: Boolean(keep), title, artist },
        {
          signal,
          progress: (f) => progress?.(f),
          onChunk: (_stream, data) => {
            if (!stems) {
              stems = new PassThrough();
              keepingStems = keep!({ kind: 'stems', data: stems });
              // Awaited below; a failed render must not leave it unhandled meanwhile.
              keepingStems.catch(() => {});
            }
            if (data) stems.write(data);
            else stems.end();
          },
        },
      ).catch((error: unknown) => {
        stems?.destroy(error as Error);
        throw error;
      });
      signal?.throwIfAborted();
      if (keep) {
        await Promise.all([keepingStems, keep({ kind: 'midi', data: Readable.from([Buffer.from(output.midi!.buffer, output.midi!.byteOffset, output.midi!.byteLength)]) })]);
      }
      progress?.(0.95);
      const { plan } = output;
      return {
        mp3: Buffer.from(output.mp3.buffer, output.mp3.byteOffset, output.mp3.byteLength),
        title: output.title,
        engine: BUILT_IN_BEAT_ENGINE,
        bpm: plan.bpm,
        key: plan.key,
        durationSec: plan.lengthSec,
        seed,
        details: {
          // The style made: one named in the description wins over the dropdown's (row.style).
          style: plan.style,
          sections: plan.sections,
          progression: plan.progressionLabel,
          keys: plan.keys,
          lead: plan.lead,
          bass: plan.bass,
          understood: plan.understood,
          integratedLufs: output.integratedLufs,
          truePeakDbtp: output.truePeakDbtp,
        },
      };
    },
  };
}

