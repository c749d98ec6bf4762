import type { LyricFeedbackResult } from '@members-only/shared/lyrics';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FeedbackPanel } from './feedback-panel';

afterEach(cleanup);

const measures = {
  bars: 24, verses: 3, words: 200, syllables: 300, syllablesPerBar: [], meanSyllables: 12.5, syllableStdDev: 1, barJumps: [], rhymeDensity: 0.31,
  rhymingSyllables: 90, endRhymeRatio: 1, perfectRhymes: 4, slantRhymes: 2, multiRhymes: 3, internalRhymes: 2, longestMulti: 3, multiExamples: [],
  families: 5, schemes: ['AABBCCDDEEFF', 'ABABCDCDEFEF', 'AAAABBBBCCCC'], uniqueWords: 150, vocabularyRichness: 0.75, rareWords: [], rareWordRatio: 0.1,
  repetitions: [], cliches: [],
};
const result = { score: 8, feedback: '- Good.', notes: ['Good.'], engine: 'Built-in rhyme engine', kind: 'engine', scoreSource: 'engine', engineScore: 8, measures } as unknown as LyricFeedbackResult;

describe('FeedbackPanel', () => {
  it('wraps the scheme box instead of cutting it: every verse’s scheme is there in full', () => {
    render(<FeedbackPanel result={result} loading={false} />);
    const scheme = screen.getByTestId('measure-wrap');
    expect(scheme.textContent).toBe('AABBCCDDEEFF ABABCDCDEFEF AAAABBBBCCCC');
    expect(scheme.className).not.toMatch(/\btruncate\b/);
    expect(scheme.className).toMatch(/\bbreak-all\b/);
    // the short measures still stay on one line
    expect(screen.getByText('24').className).toMatch(/\btruncate\b/);
  });
});
