import { bench, describe } from 'vitest';
import { analyzeAudio } from '@members-only/engines/audio/analyze';
import { BEAT_STYLES, generateBeat } from '@members-only/engines/beats';

/**
 * The beat engine heard by the app's own analyser: for each of the nine styles, 20 seeds (30 s
 * beats, the style's own tempo range and a key from the seed); counts the beats whose tempo the
 * analyser reads within ±1 BPM and whose key it names exactly, and prints every miss. The unit
 * tests (beats.test.ts, styles.test.ts) check a few seeds; this runs the whole set.
 */
const SEEDS = 20;
const SECONDS = 30;
const lines: string[] = [];
let tempoHits = 0, keyHits = 0, total = 0;
for (const style of BEAT_STYLES) {
  let t = 0, k = 0;
  const misses: string[] = [];
  for (let seed = 1; seed <= SEEDS; seed++) {
    const beat = await generateBeat({ style, description: `${SECONDS} seconds`, seed });
    const a = analyzeAudio({ channels: beat.channels, sampleRate: beat.sampleRate });
    const tempoOk = a.bpm !== null && Math.abs(a.bpm - beat.plan.bpm) <= 1;
    const keyOk = a.keyLabel === beat.plan.key;
    t += +tempoOk; k += +keyOk;
    if (!tempoOk || !keyOk) misses.push(`seed ${seed}: ${beat.plan.bpm} ${beat.plan.key} heard ${a.bpm} ${a.keyLabel}`);
  }
  tempoHits += t; keyHits += k; total += SEEDS;
  lines.push(`${style.padEnd(10)} tempo ${t}/${SEEDS}  key ${k}/${SEEDS}${misses.length ? `  misses: ${misses.join('; ')}` : ''}`);
}
console.log(`Beat engine heard by the analyser (${SEEDS} seeds × ${BEAT_STYLES.length} styles, ${SECONDS} s each):\n${lines.join('\n')}\nall: tempo ${tempoHits}/${total}, key ${keyHits}/${total}`);

describe('beat engine eval: tempo and key as the analyser hears them', () => {
  bench(`render and analyse one 30 s beat (tempo ${tempoHits}/${total}, key ${keyHits}/${total})`, async () => {
    const beat = await generateBeat({ style: 'drill', description: `${SECONDS} seconds`, seed: 1 });
    analyzeAudio({ channels: beat.channels, sampleRate: beat.sampleRate });
  }, { iterations: 3, warmupIterations: 1, time: 0 });
});
