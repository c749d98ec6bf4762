import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CATEGORIES, compareVersions, reviewTrack, schemePatterns, technicalCheck, themesOf, type AudioFacts } from './reviewer';
import { COUPLETS, EVAL_FACTS, reviewPairs, runReviewEval } from './eval-set';

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

  it('caps Versatility at 6 when every four bars rhyme one way, and says so', () => {
    const oneScheme = reviewPairs()
      .flatMap((p) => [p.better, p.worse])
      .map((verse) => reviewTrack(verse, { ...facts, bpm: 140 }))
      .filter((r) => new Set(schemePatterns(r.measures.schemes).filter((p) => p !== 'ABCD')).size === 1);
    expect(oneScheme.length).toBeGreaterThanOrEqual(5);
    for (const review of oneScheme) {
      expect(review.scores.versatility).toBeLessThanOrEqual(6);
      expect(review.limits.versatility.join(' ')).toMatch(/at most 6: one rhyme scheme throughout/);
      expect(review.markdown).toMatch(/Limit: at most 6: one rhyme scheme throughout/);
    }
  });

  it('caps Marketability at 6 without a hook, however good the master', () => {
    const noHook = COUPLETS.slice(0, 4).flatMap((c) => [c.a, c.b]).join('\n');
    const ideal: AudioFacts = { duration: 170, bpm: 95, key: 'C minor', lufs: -11, truePeak: -1.5 };
    const review = reviewTrack(noHook, ideal);
    expect(review.scores.marketability).toBeLessThanOrEqual(6);
    expect(review.limits.marketability.join(' ')).toMatch(/no hook/);
    const withHook = reviewTrack(['Paper plan, paper plan, fold it in my hand', 'paper plan, paper plan, now I understand', noHook, 'Paper plan, paper plan, fold it in my hand', 'paper plan, paper plan, now I understand'].join('\n'), ideal);
    expect(withHook.scores.marketability).toBeGreaterThan(6);
  });

  it('gives a 10 only when every condition of the dimension is measured as met', () => {
    // A hook and an ideal master: Marketability 10. The same verse at -20 LUFS misses one condition.
    const hooked = ['Paper plan, paper plan, fold it in my hand', 'paper plan, paper plan, now I understand', ...COUPLETS.slice(0, 2).flatMap((c) => [c.a, c.b]), 'Paper plan, paper plan, fold it in my hand', 'paper plan, paper plan, now I understand'].join('\n');
    const ideal: AudioFacts = { duration: 170, bpm: 95, key: 'C minor', lufs: -11, truePeak: -1.5 };
    expect(reviewTrack(hooked, { ...ideal, duration: 300 }).scores.marketability).toBeLessThan(10);
    const missing = reviewTrack(hooked, { ...ideal, truePeak: null });
    expect(missing.scores.marketability).toBeLessThanOrEqual(9);
    expect(missing.limits.marketability.join(' ')).toMatch(/a 10 needs a true peak/);
    // Over the eval set, no 10 stands without its conditions: every 10 has no limit text.
    for (const p of reviewPairs().slice(0, 16)) {
      const r = reviewTrack(p.better, { ...EVAL_FACTS });
      for (const c of CATEGORIES) if (r.scores[c] === 10) expect(r.limits[c]).toEqual([]);
    }
  });

  it('orders at least 90% of the pairwise eval set per dimension, over at least 60 pairs, with every score from 3 to 9', () => {
    const report = runReviewEval((lyrics) => reviewTrack(lyrics, { ...EVAL_FACTS }).scores);
    expect(report.total).toBeGreaterThanOrEqual(60);
    for (const [dimension, r] of Object.entries(report.byDimension)) expect(r.accuracy, `${dimension}: ${JSON.stringify(report.misses)}`).toBeGreaterThanOrEqual(0.9);
    for (const score of [3, 4, 5, 6, 7, 8, 9]) expect(report.scoresSeen).toContain(score);
  });

  it('names bars and a concrete change in "What to work on", with no raw statistics', () => {
    const bars = COUPLETS.slice(0, 4).flatMap((c) => [c.a, c.b]);
    bars[6] = `and honestly I swear to you that ${bars[6]!.toLowerCase()}`;
    bars[3] = COUPLETS[3]!.plain;
    const review = reviewTrack(bars.join('\n'), facts);
    const advice = review.advice.join('\n');
    expect(advice).toMatch(/Bar 7 runs \d+ syllables against \d+(–\d+)? in the rest: cut \*[^*]+\* or split it over two bars\./);
    expect(advice).toMatch(/The hook repeats no line word for word: repeat \*[^*]+\* \(from bar \d+\) at the end of bars 2 and 4/);
    expect(advice).toMatch(/Bar 4 ends on \*care\*, which rhymes with nothing near it: end it on a rhyme for \*book\* \(bar 3\), such as \*/);
    // Advice is a change to make, never a measurement to interpret.
    for (const line of review.advice) {
      expect(line).toMatch(/^(Bar \d+|The hook|\*\w+\* comes back|Every four bars)/);
      expect(line).not.toMatch(/%|density|ratio|standard deviation|spread of/i);
    }
    expect(review.markdown).toContain('### What to work on');
  });

  it('writes the audience line only from themes the lyrics contain, quoting the words', () => {
    const quiet = COUPLETS.slice(0, 2).flatMap((c) => [c.a, c.b]).join('\n');
    expect(themesOf('I been on the grind all night, trying to get my money right').map((t) => t.name)).not.toContain('the party and the night');
    const review = reviewTrack(`${quiet}\nI was up all night`, facts);
    expect(review.audience).not.toMatch(/party|night/);
    // One theme word repeated by a hook is not a theme.
    expect(themesOf('paper plan, paper plan\npaper plan, paper plan').map((t) => t.name)).toEqual([]);
    const party = reviewTrack('Party at the club, we dance until the morning\nbottles on the table and the DJ keeps it pouring', facts);
    expect(party.audience).toMatch(/the party and the night \("party", "club"/);
  });
});

describe('built-in reviewer: a focus', () => {
  const headings = (markdown: string) => [...markdown.matchAll(/^### (\w+) \(/gm)].map((m) => m[1]);

  it('puts the sections the focus names first and says which focus it followed', () => {
    const plain = reviewTrack(tight, facts);
    expect(headings(plain.markdown)).toEqual(['Flow', 'Marketability', 'Lyrics', 'Versatility', 'Originality', 'Vocabulary']);

    const lyrics = reviewTrack(tight, facts, undefined, { focus: 'Review these lyrics and be honest:\n' });
    expect(headings(lyrics.markdown).slice(0, 2)).toEqual(['Lyrics', 'Vocabulary']);
    expect(lyrics.markdown).toContain('You asked about lyrics: Lyrics and Vocabulary come first below.');

    const flow = reviewTrack(tight, facts, undefined, { focus: 'How can I improve the flow of these bars:\n' });
    expect(headings(flow.markdown)[0]).toBe('Flow');
    expect(flow.markdown).toContain('You asked about flow: Flow comes first below.');
    expect(headings(flow.markdown).slice(1)).toEqual(['Marketability', 'Lyrics', 'Versatility', 'Originality', 'Vocabulary']);

    // Two foci, in the order the text names them.
    const both = reviewTrack(tight, facts, undefined, { focus: 'is the hook strong, and my flow?' });
    expect(headings(both.markdown).slice(0, 3)).toEqual(['Marketability', 'Originality', 'Flow']);
    expect(both.markdown).toContain('You asked about structure and flow: Marketability, Originality and Flow come first below.');

    const structure = reviewTrack(tight, facts, undefined, { focus: 'Give feedback on the structure of my song: ' });
    expect(headings(structure.markdown).slice(0, 2)).toEqual(['Marketability', 'Originality']);
    expect(structure.markdown).toContain('You asked about structure: Marketability and Originality come first below.');

    const commercial = reviewTrack(tight, facts, undefined, { focus: 'How commercial is this track, and what would make it more so: ' });
    expect(headings(commercial.markdown)[0]).toBe('Marketability');
    expect(commercial.markdown).toContain('You asked about commercial potential: Marketability comes first below.');
  });

  it('says so when the focus names nothing it can follow, and keeps the usual order', () => {
    const r = reviewTrack(tight, facts, undefined, { focus: 'be nice' });
    expect(headings(r.markdown)[0]).toBe('Flow');
    expect(r.markdown).toContain('Your focus names none of lyrics, flow, structure or commercial potential');
  });

  it('never changes a score, the audience or the advice', () => {
    const plain = reviewTrack(tight, facts);
    for (const focus of ['lyrics', 'flow', 'structure', 'commercial', 'hook and flow', 'x']) {
      const r = reviewTrack(tight, facts, undefined, { focus });
      expect(r.scores).toEqual(plain.scores);
      expect(r.audience).toBe(plain.audience);
      expect(r.advice).toEqual(plain.advice);
      expect(r.markdown.split('## Detailed analysis')[0]).toBe(plain.markdown.split('## Detailed analysis')[0]);
    }
  });
});
