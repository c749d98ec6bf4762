import { describe, expect, it } from 'vitest';
import { analyzeAudio } from '../audio/analyze';
import { generateBeat } from '../beats';
import type { BeatStyle } from './theory';

/**
 * Beats the app's own analyser misread before ADR 045 (30 s, as bench/beats-eval.bench.ts renders
 * them): drill whose kick and snare play half time (read at half tempo), an Aeolian i-VI-VII-i
 * (read as the relative major), I-V-vi-IV (read as the dominant's key); and one it misread until
 * ADR 054: trap at 150 BPM, whose period (34.45 onset frames) was scored at whole-frame multiples
 * and lost to half its tempo (read as 75). The bench runs all 180.
 */
const CASES: [BeatStyle, number][] = [['drill', 6], ['drill', 12], ['drill', 5], ['afrobeats', 4], ['trap', 16]];

describe('the analyser hears the beat engine', () => {
  it.each(CASES)('%s seed %d: tempo within 1 BPM and the key exactly', async (style, seed) => {
    const beat = await generateBeat({ style, description: '30 seconds', seed });
    const heard = analyzeAudio({ channels: beat.channels, sampleRate: beat.sampleRate });
    expect(Math.abs((heard.bpm ?? 0) - beat.plan.bpm)).toBeLessThanOrEqual(1);
    expect(heard.keyLabel).toBe(beat.plan.key);
  });
});
