import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandQuery } from './synonyms';
import { processIndexTerm, processQueryTerm, stem } from './text';

describe('term processing', () => {
  it('stems plurals and verb forms onto one term', () => {
    expect(stem('royalties')).toBe(stem('royalty'));
    expect(stem('mixing')).toBe(stem('mix'));
    expect(stem('mixed')).toBe('mix');
    expect(stem('leasing')).toBe(stem('lease'));
    expect(stem('releases')).toBe(stem('release'));
    expect(stem('getting')).toBe('get');
    expect(stem('playlists')).toBe(stem('playlist'));
    expect(stem('3000x3000')).toBe('3000x3000');
    expect(stem('bus')).toBe('bus');
  });

  it('drops stopwords and folds British spellings', () => {
    expect(processIndexTerm('The')).toBeNull();
    expect(processIndexTerm('whats')).toBeNull();
    expect(processIndexTerm('a')).toBeNull();
    expect(processIndexTerm('Licence')).toBe(processIndexTerm('license'));
    expect(processIndexTerm('normalisation')).toBe(processIndexTerm('normalization'));
    expect(processIndexTerm('monetise')).toBe(processIndexTerm('monetize'));
    // Generic words are kept in the index but ignored in questions.
    expect(processIndexTerm('song')).toBe('song');
    expect(processQueryTerm('song')).toBeNull();
  });

  it('never throws and always returns a lowercase term or null', () => {
    expect(processIndexTerm('ℌook')).toBe('hook'); // NFKD turns ℌ into a capital H
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(typeof processQueryTerm(key)).toBe('string');
    expect(processIndexTerm('Éclair')).toBe(processIndexTerm('eclair'));
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (s) => {
        const t = processQueryTerm(s);
        expect(t === null || (typeof t === 'string' && t === t.toLowerCase())).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('synonym expansion', () => {
  it.each([
    ['which PRO should I join', 'performing rights organization'],
    ['best distro?', 'distribution'],
    ['is my pub admin ok', 'publishing'],
    ['how loud should it be', 'loudness'],
    ['get on a playlist', 'pitching'],
    ['what goes in an EPK', 'electronic press kit'],
    ['how to pay for a feat', 'collaboration'],
    ['what does an A&R do', 'artists repertoire'],
    ['how do I presave', 'pre-save'],
    ['sync deals', 'sync licensing'],
  ])('%s -> %s', (question, expected) => {
    expect(expandQuery(question).expansion).toContain(expected);
  });

  it('removes ambiguous slang from the question and keeps ordinary words', () => {
    const q = expandQuery('which PRO should I join');
    expect(q.base).toBe('which should I join');
    expect(q.replaced).toEqual(['performing rights organization']);
    expect(expandQuery('how to mix vocals')).toEqual({ base: 'how to mix vocals', expansion: '', replaced: [], linked: [] });
    // "sample rate" is a recording question, not sample clearance.
    expect(expandQuery('what sample rate').expansion).not.toContain('clearance');
  });
});
