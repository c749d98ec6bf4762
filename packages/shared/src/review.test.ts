import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NO_STREAM_ESTIMATE, REVIEW_AUDIENCE_FALLBACK, overallRating, parseReviewScores } from './review';

describe('parseReviewScores', () => {
  it('reads the spec format', () => {
    const r = parseReviewScores(
      ['**Flow: 8/10**', '**Marketability: 7/10**', '**Lyrics: 6/10**', '**Versatility: 5/10**', '**Originality: 9/10**', '**Vocabulary: 4/10**', '**Estimated Streams:** 10k-50k in the first year', '**Audience:** Fans of boom-bap'].join('\n'),
    );
    expect(r.scores).toEqual({ flow: 8, marketability: 7, lyrics: 6, versatility: 5, originality: 9, vocabulary: 4 });
    expect(r.streams).toBe('10k-50k in the first year');
    expect(r.audience).toBe('Fans of boom-bap');
    expect(r.audienceIsFallback).toBe(false);
  });

  it('caps values and rounds', () => {
    const r = parseReviewScores('Flow: 14/10\n- **Lyrics**: 6.6/10\nVocabulary - -3');
    expect(r.scores.flow).toBe(10);
    expect(r.scores.lyrics).toBe(7);
    expect(r.scores.vocabulary).toBe(0);
  });

  it('falls back: the spec audience, no invented stream figure, missing scores null', () => {
    const r = parseReviewScores('A nice song.');
    expect(r.audience).toBe(REVIEW_AUDIENCE_FALLBACK);
    expect(r.audienceIsFallback).toBe(true);
    expect(r.streams).toBeNull();
    expect(r.scores.flow).toBeNull();
    expect(JSON.stringify(r)).not.toContain('5-10 million');
    expect(NO_STREAM_ESTIMATE).not.toMatch(/\d/);
    expect(overallRating(r.scores)).toBeNull();
    expect(overallRating({ ...r.scores, flow: 8, lyrics: 5 })).toBe(6.5);
  });

  it('never throws and always answers within range on fuzzed text', () => {
    const fragment = fc.constantFrom('**Flow: ', 'Lyrics: ', '/10', '**', 'Audience:', 'Estimated Streams:', '\n', '-', '9', '99', '1.5', ' ', '#', '>');
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 500 }), fc.array(fragment, { maxLength: 60 }).map((a) => a.join(''))), (text) => {
        const r = parseReviewScores(text);
        for (const v of Object.values(r.scores)) if (v !== null) expect(v >= 0 && v <= 10 && Number.isInteger(v)).toBe(true);
        expect(typeof r.audience).toBe('string');
      }),
      { numRuns: 500 },
    );
  });
});
