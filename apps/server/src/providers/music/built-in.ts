import { Readable } from 'node:stream';
import { BUILT_IN_BEAT_ENGINE, BUILT_IN_BEAT_MAKER } from '@members-only/shared/studio';
import { encodeMp3, id3Key } from '../../audio/encode';
import { storedZip, type ZipEntry } from '../../audio/zip';
import type { MusicProvider } from './types';

type BeatEngine = typeof import('@members-only/engines/beats');
type RenderedBeat = import('@members-only/engines/beats').RenderedBeat;
let loading: Promise<BeatEngine> | undefined;
const loadEngine = () => (loading ??= import('@members-only/engines/beats'));

/** The built-in beat engine: synthesised, mixed and mastered here, encoded by ffmpeg. The artist owns the result. */
export function createBuiltInMusic(): MusicProvider {
  return {
    engine: BUILT_IN_BEAT_ENGINE,
    hosted: false,
    async generate({ prompt, style, seed, title, artist, signal, progress, variation = 0, extensions = 0, keep }) {
      const engine = await loadEngine();
      const beat = await engine.generateBeat({ style, description: prompt, seed, variation, extensions }, { stems: Boolean(keep), onProgress: (f) => progress?.(0.8 * f) });
      signal?.throwIfAborted();
      const { plan } = beat;
      const name = title ?? engine.beatTitle(plan);
      // ffmpeg encodes on its own core while this thread writes the stems and the MIDI file.
      const encoding = encodeMp3(beat.channels, beat.sampleRate, {
        title: name,
        artist,
        bpm: plan.bpm,
        key: id3Key(plan.key),
        copyright: `${artist} (made with the ${BUILT_IN_BEAT_MAKER.toLowerCase()})`,
        comment: `${plan.key}, ${plan.bpm} BPM, seed ${seed}${variation ? `, variation ${variation}` : ''}`,
      }, { signal });
      const extras = keep
        ? Promise.all([
            keep({ kind: 'midi', data: Readable.from([Buffer.from(engine.beatToMidi(plan, beat.score, name))]) }),
            keep({ kind: 'stems', data: Readable.from(stemsZip(engine, beat, artist)) }),
          ])
        : Promise.resolve();
      const [mp3] = await Promise.all([encoding, extras]);
      progress?.(0.95);
      return {
        mp3,
        title: name,
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
          integratedLufs: beat.integratedLufs,
          truePeakDbtp: beat.truePeakDbtp,
        },
      };
    },
  };
}

/** The stems' names in the ZIP (the bass is '808.wav' when it is an 808). */
export const STEM_FILES = { drums: 'Drums.wav', bass: 'Bass.wav', chords: 'Chords.wav', melody: 'Melody.wav' } as const;

/**
 * The stems as a ZIP (stored: audio barely compresses) of 16-bit stereo WAVs at the mix's sample
 * rate, each exactly as long as the mix and starting with it, so they line up sample for sample
 * and add up to it; the mix itself as a WAV (the lossless master); a note of the tempo and key. Streamed in chunks, yielding to the event
 * loop between them so the MP3 encoder keeps being fed.
 */
function stemsZip(engine: BeatEngine, beat: RenderedBeat, artist: string): AsyncGenerator<Uint8Array> {
  const { plan } = beat;
  const bass = plan.bass === '808' ? '808.wav' : STEM_FILES.bass;
  const note = [
    `${plan.style} beat by ${artist}, made with the ${BUILT_IN_BEAT_MAKER.toLowerCase()}.`,
    `Tempo ${plan.bpm} BPM, key ${plan.key}, ${plan.lengthSec} s.`,
    `Stems: 16-bit stereo WAV at ${beat.sampleRate} Hz. Place them all at the start of the project: they line up sample for sample and add up to the mix (Mix.wav, the master).`,
    '',
  ].join('\r\n');
  const parts: [string, [Float32Array, Float32Array]][] = [
    ['Mix.wav', beat.channels],
    ...engine.STEM_NAMES.map((stem): [string, [Float32Array, Float32Array]] => [stem === 'bass' ? bass : STEM_FILES[stem], beat.stems![stem]]),
  ];
  return storedZip([
    ['README.txt', [Buffer.from(note, 'utf8')]],
    ...parts.map(([filename, [l, r]]): ZipEntry => [filename, engine.wavChunks(l, r, beat.sampleRate)]),
  ]);
}
