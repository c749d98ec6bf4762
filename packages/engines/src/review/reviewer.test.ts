import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CATEGORIES, compareVersions, reviewTrack, technicalCheck, type AudioFacts } from './reviewer';

const facts: AudioFacts = { duration: 184, bpm: 92, key: 'A minor', lufs: -12, truePeak: -1.2 };

const tight = [
  'I been on the grind since the sun went down',
  'every single night I was running through the town',
  'kept my head up high when they tried to hold me back',
  'now I keep it moving with the money in a stack',
  'mama said be patient while I chase another dream',
  'built it from the bottom with a pencil and a team',
  'every word I write is like a brick inside the wall',
  'stand until the end and never let me fall',
].join('\n');

// The same words, regrouped so bar lengths swing wildly.
const erratic = [
  'I been on the grind',
  'since the sun went down every single night I was running through the town kept my head up high',
  'when they tried to hold me back',
  'now I keep it moving with the money in a stack mama said be patient while I chase another',
  'dream',
  'built it from the bottom with a pencil and a team every word I write is like a brick inside the wall',
  'stand',
  'until the end and never let me fall',
].join('\n');

const repetitive = Array.from({ length: 8 }, () => 'yeah yeah I got it yeah I got it got it').join('\n');

describe('built-in reviewer', () => {
  it('scores a tight verse higher on flow than the same verse with erratic bar lengths', () => {
    expect(reviewTrack(tight, facts).scores.flow).toBeGreaterThan(reviewTrack(erratic, facts).scores.flow);
  });

  it('scores a repetitive verse lower on vocabulary', () => {
    expect(reviewTrack(repetitive, facts).scores.vocabulary).toBeLessThan(reviewTrack(tight, facts).scores.vocabulary);
  });

  it('notes a master at -8 LUFS against the streaming targets', () => {
    const review = reviewTrack(tight, { ...facts, lufs: -8 });
    const loudness = review.technical.find((t) => t.label === 'Integrated loudness')!;
    expect(loudness.status).toBe('note');
    expect(loudness.note).toMatch(/6\.0 dB louder than Spotify and YouTube's -14 LUFS/);
    expect(loudness.note).toMatch(/Apple Music \(-16 LUFS\) by about 8\.0 dB/);
    expect(review.markdown).toContain('## Technical check');
    expect(technicalCheck({ ...facts, lufs: -14 }).find((t) => t.label === 'Integrated loudness')!.status).toBe('ok');
  });

  it('flags a true peak above -1 dBTP', () => {
    expect(technicalCheck({ ...facts, truePeak: 0.3 }).find((t) => t.label === 'True peak')!.status).toBe('note');
  });

  it('names itself, shows no stream figure and writes the scores in the spec format', () => {
    const { markdown, scores } = reviewTrack(tight, facts);
    expect(markdown).toMatch(/built-in reviewer/i);
    expect(markdown).not.toMatch(/million|\d[\d,.]*\s*(k|streams)/i);
    for (const c of CATEGORIES) expect(markdown).toMatch(new RegExp(`\\*\\*${c[0]!.toUpperCase()}${c.slice(1)}: ${scores[c]}/10\\*\\*`));
    expect(markdown).toMatch(/\*\*Estimated Streams:\*\* No estimate/);
    expect(markdown).toMatch(/\*\*Audience:\*\* Listeners of boom-bap/);
  });

  it('keeps every score an integer from 0 to 10 for any text and facts', () => {
    const num = (min: number, max: number) => fc.option(fc.double({ min, max, noNaN: true }), { nil: null });
    fc.assert(
      fc.property(
        fc.string({ maxLength: 400 }),
        fc.record({ duration: num(0, 900), bpm: num(40, 220), key: fc.constantFrom(null, 'C major'), lufs: num(-70, 3), truePeak: num(-60, 6) }),
        (text, f) => {
          const { scores } = reviewTrack(text, f);
          for (const c of CATEGORIES) {
            expect(Number.isInteger(scores[c])).toBe(true);
            expect(scores[c]).toBeGreaterThanOrEqual(0);
            expect(scores[c]).toBeLessThanOrEqual(10);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('compares two versions', () => {
    const lines = compareVersions(
      { facts: { ...facts, lufs: -8 }, measures: null, scores: { flow: 5 } },
      { facts, measures: null, scores: { flow: 7 } },
    );
    expect(lines).toContain('- **Flow:** 5/10 → 7/10 (+2)');
    expect(lines).toContain('- **Integrated loudness:** -8.0 LUFS → -12.0 LUFS (-4.0)');
  });
});
