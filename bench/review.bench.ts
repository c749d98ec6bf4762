import { bench, describe } from 'vitest';
import { analyzeLyrics, warmRhymeIndex } from '@members-only/engines/lyrics';
import { analyzeAudio, synth } from '@members-only/engines/audio';
import { EVAL_FACTS, reviewTrack, runReviewEval } from '@members-only/engines/review';
import { parseReviewScores } from '@members-only/shared/review';

/**
 * Target (docs/benchmarks.md): the built-in reviewer on a 3-minute track with 64 bars of lyrics,
 * end to end after the audio analysis (lyric analysis, the six scores, the technical check, the
 * written review and reading it back with the spec's parser), under 200 ms.
 */
const BARS = [
  'I been on the grind all night, trying to get my money right',
  'never let them dim my light, keep my vision in my sight',
  'came up from the basement floor, now they knocking at my door',
  'every verse I write is war, always hungry, want some more',
  'mama told me stay the course, pay the cost and feel the force',
  'built it brick by brick alone, made a palace from a phone',
  'city lights and midnight rain, every scar a lesson, every loss a gain',
  'hook it up and run it back, we been ready for the track',
];
const verse64 = Array.from({ length: 8 }, () => BARS.join('\n')).join('\n');

// The analysis the upload already ran: a 3-minute stereo track at 44.1 kHz.
const sampleRate = 44_100;
const left = synth.synthClickTrack({ bpm: 92, seconds: 180, sampleRate });
const audio = analyzeAudio({ channels: [left, Float32Array.from(left)], sampleRate });
const facts = { duration: audio.durationSec, bpm: audio.bpm, key: audio.keyLabel, lufs: audio.lufs, truePeak: audio.truePeakDbtp };

warmRhymeIndex();
analyzeLyrics(verse64);

// The pairwise evaluation set (packages/engines/src/review/eval-set.ts): original verses in pairs,
// one clearly better on a named dimension; the reviewer must score it strictly higher.
const evalReport = runReviewEval((lyrics) => reviewTrack(lyrics, { ...EVAL_FACTS }).scores);
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
console.log(
  [
    `Built-in reviewer pairwise eval: ${pct(evalReport.correct / evalReport.total)} (${evalReport.correct}/${evalReport.total} pairs ordered)`,
    ...Object.entries(evalReport.byDimension).map(([d, r]) => `  ${d}: ${pct(r.accuracy)} (${r.correct}/${r.total})`),
    `  scores seen: ${evalReport.scoresSeen.join(', ')} (every score 3-9: ${[3, 4, 5, 6, 7, 8, 9].every((s) => evalReport.scoresSeen.includes(s)) ? 'yes' : 'no'})`,
    ...evalReport.misses.map((m) => `  miss (${m.dimension}): better ${m.better}, worse ${m.worse}: "${m.verse}"`),
  ].join('\n'),
);

describe('built-in reviewer', () => {
  bench('review a 3-minute track with 64 bars (after analysis)', () => {
    const review = reviewTrack(verse64, facts);
    parseReviewScores(review.markdown);
  });
});
