import { bench, describe } from 'vitest';
import { analyzeLyrics, scoreLyrics, rhymeIdeas, warmRhymeIndex } from '@members-only/engines/lyrics';
import { analyzeAudio, synth } from '@members-only/engines/audio';
import { answerFromGuide, buildGuide, createGuide } from '@members-only/engines/guide';

/**
 * Targets (docs/benchmarks.md): the notepad re-analyses on every pause in typing, so a 64-bar
 * verse must analyse in well under 50 ms; a 3-minute stereo song must analyse in a few seconds
 * on one core; a guide answer must take a few milliseconds.
 */
const BARS = [
  'I been on the grind all night, trying to get my money right',
  'never let them dim my light, keep my vision in my sight',
  'came up from the basement floor, now they knocking at my door',
  'every verse I write is war, always hungry, want some more',
];
const verse64 = Array.from({ length: 16 }, () => BARS.join('\n')).join('\n');

warmRhymeIndex();
analyzeLyrics(verse64);
createGuide();

describe('lyric engine', () => {
  bench('analyzeLyrics, 64 bars', () => {
    analyzeLyrics(verse64);
  });
  bench('scoreLyrics, 64 bars', () => {
    scoreLyrics(verse64);
  });
  bench('rhymeIdeas("money")', () => {
    rhymeIdeas('money', { limit: 24 });
  });
});

describe('built-in guide', () => {
  bench('build the index (33 articles)', () => {
    buildGuide();
  });
  bench('answerFromGuide', () => {
    answerFromGuide('how do I get paid when my song plays on the radio', { toolType: 'chat' });
  });
});

const sampleRate = 44_100;
const seconds = 180;
const left = synth.synthClickTrack({ bpm: 92, seconds, sampleRate });
const song = { channels: [left, Float32Array.from(left)], sampleRate };

describe('audio analysis', () => {
  bench('analyzeAudio, 3-minute stereo 44.1 kHz', () => {
    analyzeAudio({ channels: song.channels.map((c) => Float32Array.from(c)), sampleRate });
  }, { iterations: 3, warmupIterations: 1, time: 0 });
});
