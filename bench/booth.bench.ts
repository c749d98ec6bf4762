import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bench, describe } from 'vitest';
import { generateBeat, masterGain } from '@members-only/engines/beats';
import { mixdown, type MixTakeInput } from '@members-only/engines/booth';
import { encodeMp3 } from '../apps/server/src/audio/encode';
import { decodeAudioFile } from '../apps/server/src/audio/decode';
import { mixStemsZip } from '../apps/server/src/audio/mix-stems';

/**
 * Target (issue 29): the Booth's mixdown of a 3-minute song with two takes at 20 times real time
 * or faster, i.e. under 9 s. 'the whole job' is what the mixdown job computes: the backing MP3
 * decoded, the takes comped and processed, the mix mastered, encoded to MP3 and the stems ZIP
 * written (database and storage writes aside). The raw baselines, in the same run: the MP3
 * encoder alone on the finished master, and the master (loudness and limiter) alone. Divide 180 s
 * by a mean time for the multiple of real time.
 */
const SR = 44_100;
const TAKE_RATE = 48_000;
const beat = await generateBeat({ style: 'trap', description: 'dark trap 140 bpm, 180 seconds', seed: 7 });
const seconds = beat.channels[0].length / SR;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mo-booth-bench-'));
const backingFile = path.join(dir, 'backing.mp3');
fs.writeFileSync(backingFile, await encodeMp3(beat.channels, SR, { title: 'Bench backing', artist: 'bench' }));

/** A sung-like take: a voice of harmonics on a syllable envelope (4 a second), breath noise between. */
function voice(lengthSec: number, f0: number, seed: number): Float32Array {
  const n = Math.round(lengthSec * TAKE_RATE);
  const out = new Float32Array(n);
  let s = seed;
  const rnd = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32) * 2 - 1;
  for (let i = 0; i < n; i++) {
    const t = i / TAKE_RATE;
    const syllable = Math.max(0, Math.sin(Math.PI * 4 * t)) ** 2;
    const f = f0 * (1 + 0.03 * Math.sin(2 * Math.PI * 5 * t));
    let v = 0;
    for (let h = 1; h <= 6; h++) v += Math.sin(2 * Math.PI * f * h * t) / h;
    out[i] = 0.2 * syllable * v + 0.003 * rnd();
  }
  return out;
}
const takes: MixTakeInput[] = [
  { samples: voice(seconds, 180, 1), sampleRate: TAKE_RATE, startMs: 0 },
  // A punch-in of bars 17–32, recorded from bar 15 (pre-roll).
  { samples: voice(40, 200, 2), sampleRate: TAKE_RATE, startMs: ((15 - 1) * 4 * 60_000) / 140, fromBar: 17, toBar: 32 },
];
const vocal = { cleanup: true, presence: 5, evenness: 6, deess: 4, space: 4 };
const mixInput = (backing: [Float32Array, Float32Array]) => ({ backing, sampleRate: SR, bpm: 140, firstDownbeatMs: 0, takes, vocal, beatDuckDb: 2 });
const mastered = mixdown(mixInput(beat.channels)).master;
const options = { iterations: 3, warmupIterations: 1 };

describe(`Booth mixdown, ${seconds.toFixed(0)} s song, two takes`, () => {
  bench(
    'raw baseline: MP3 encode alone (ffmpeg/LAME, 192 kbit/s) of the finished master',
    async () => {
      await encodeMp3(mastered, SR, { title: 'Bench mix', artist: 'bench' });
    },
    options,
  );
  bench(
    'raw baseline: the master alone (loudness to −14 LUFS, look-ahead limiter, true-peak trim)',
    () => {
      masterGain(Float32Array.from(beat.channels[0]), Float32Array.from(beat.channels[1]), SR);
    },
    options,
  );
  bench(
    'mix: comp, vocal chain, ducking, sends and master (no I/O)',
    () => {
      mixdown(mixInput(beat.channels));
    },
    options,
  );
  bench(
    'the whole job: decode the backing MP3, mix, MP3 encode beside the stems ZIP',
    async () => {
      const decoded = await decodeAudioFile(backingFile, { sampleRate: SR, maxChannels: 2 });
      const bed: [Float32Array, Float32Array] = [decoded.channels[0], decoded.channels[1] ?? decoded.channels[0]];
      const result = mixdown(mixInput(bed));
      // As the job does: the encoder (its own process) and the stems ZIP at once.
      const [mp3, zip] = await Promise.all([encodeMp3(result.master, SR, { title: 'Bench mix', artist: 'bench' }), mixStemsZip(result, bed, SR)]);
      if (mp3.length < 1_000_000 || zip.length < 1_000_000) throw new Error('nothing was written');
    },
    options,
  );
});
