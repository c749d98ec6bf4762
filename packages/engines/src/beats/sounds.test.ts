import { describe, expect, it } from 'vitest';
import { loadBeatSounds, SampledNotes } from './sounds';

describe('SampledNotes', () => {
  it('keeps rendered notes under its byte bound, least recently used out first, and renders an evicted note the same again', async () => {
    const { notes: shared, sampleRate } = await loadBeatSounds();
    const bound = 1024 * 1024;
    // The same synthesiser as the beat engine's, with a small bound.
    const notes = new SampledNotes(shared['synth'], sampleRate, bound);
    const first = Float32Array.from(notes.note(0, 60, 96, 0.5));
    const programs = [4, 11, 24, 33, 38, 48, 80, 81, 88];
    for (const program of programs) notes.note(program, 60, 96, 0.5);
    expect(notes.rendered).toBe(1 + programs.length);
    expect(notes.bytes).toBeGreaterThan(0);
    expect(notes.bytes).toBeLessThanOrEqual(bound);

    // The newest is still kept: served, not rendered again.
    notes.note(88, 60, 96, 0.5);
    expect(notes.rendered).toBe(1 + programs.length);

    // The oldest went: rendered again, sample for sample the same.
    const again = notes.note(0, 60, 96, 0.5);
    expect(notes.rendered).toBe(2 + programs.length);
    expect(again).toEqual(first);
  }, 60_000);
});
