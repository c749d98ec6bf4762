import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  countNonEmptyLines,
  joinSnippets,
  lyricFeedbackSchema,
  lyricSuggestionsSchema,
  parseRating,
  parseSuggestions,
  rhymeIdeasQuerySchema,
  scoreBadgeVariant,
  withoutRatingLine,
} from './lyrics';

describe('parseSuggestions (spec §5)', () => {
  it('keeps lines starting with -, * or •, markers removed, at most 4', () => {
    expect(parseSuggestions('- line one\n* line two\n• line three\n- line four\n- line five')).toEqual([
      'line one',
      'line two',
      'line three',
      'line four',
    ]);
  });

  it('ignores the chatter around a bullet list', () => {
    const reply = 'Here are four options:\n\n- Stacking paper by the moonlight\n  - Never fold when the pressure too tight\n\nPick one!';
    expect(parseSuggestions(reply)).toEqual(['Stacking paper by the moonlight', 'Never fold when the pressure too tight']);
  });

  it('falls back to the first 4 non-empty lines when there are no bullets', () => {
    expect(parseSuggestions('first\n\nsecond\n   \nthird\nfourth\nfifth')).toEqual(['first', 'second', 'third', 'fourth']);
  });

  it('does not take Markdown bold for a bullet, and drops quotes around a whole line', () => {
    expect(parseSuggestions('**Options**\n- "Quoted line here"\n- “Curly quoted”')).toEqual(['Quoted line here', 'Curly quoted']);
  });

  it('accepts a bullet glued to its text and ignores empty bullets', () => {
    expect(parseSuggestions('•glued\n- \n* real')).toEqual(['glued', 'real']);
  });

  it('answers [] for an empty reply and honours a smaller count', () => {
    expect(parseSuggestions('')).toEqual([]);
    expect(parseSuggestions('- a\n- b\n- c', 2)).toEqual(['a', 'b']);
  });

  it('never returns more than 4 or a blank suggestion (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (reply) => {
        const out = parseSuggestions(reply);
        expect(out.length).toBeLessThanOrEqual(4);
        for (const s of out) {
          expect(s.trim()).toBe(s);
          expect(s).not.toBe('');
        }
      }),
    );
  });
});

describe('parseRating (spec §5)', () => {
  it.each([
    ['Rating: 8/10', 8],
    ['rating 7', 7],
    ['Rating: 12/10', 10],
    ['RATING: 0/10', 1],
    ['**Rating:** 9/10', 9],
    ['Overall rating - 6.5 / 10', 6.5],
    ['Rating: 7,5/10', 7.5],
    ['Great bars.\n\nRating: 6/10\n', 6],
    ['My rating reflects the flow.\nRating: 5/10', 5],
  ])('%j -> %d', (reply, expected) => {
    expect(parseRating(reply)).toBe(expected);
  });

  it.each(['', 'Score: 8/10', 'I would rate it 8/10', 'Rating: N/10', 'Ratings matter'])('%j has no rating', (reply) => {
    expect(parseRating(reply)).toBeNull();
  });

  it('is always within 1..10 when found (property)', () => {
    fc.assert(
      fc.property(fc.nat({ max: 100_000 }), fc.string({ maxLength: 40 }), (n, tail) => {
        const r = parseRating(`Rating: ${n}/10 ${tail}`);
        expect(r).not.toBeNull();
        expect(r!).toBeGreaterThanOrEqual(1);
        expect(r!).toBeLessThanOrEqual(10);
      }),
    );
  });
});

describe('withoutRatingLine', () => {
  it('drops a line that is only the rating, keeps the rest', () => {
    expect(withoutRatingLine('## Strengths\nGood.\n\n**Rating: 8/10**')).toBe('## Strengths\nGood.');
    expect(withoutRatingLine('Rating: 7/10 because the hook lands')).toBe('Rating: 7/10 because the hook lands');
  });
});

describe('small helpers', () => {
  it('counts non-empty lines', () => {
    expect(countNonEmptyLines('a\n\n  \nb\r\nc')).toBe(3);
    expect(countNonEmptyLines('')).toBe(0);
  });

  it('picks the badge style: default above 7, secondary above 4, else outline', () => {
    expect([10, 8, 7.5, 7, 5, 4.5, 4, 1].map(scoreBadgeVariant)).toEqual([
      'default',
      'default',
      'default',
      'secondary',
      'secondary',
      'secondary',
      'outline',
      'outline',
    ]);
  });

  it('joins snippets by position then id, with blank lines between', () => {
    const at = (id: number, position: number, content: string) => ({ id, position, content });
    expect(joinSnippets([at(3, 1, 'c'), at(2, 0, 'b'), at(1, 0, 'a')])).toBe('a\n\nb\n\nc');
    expect(joinSnippets([])).toBe('');
  });
});

describe('request schemas', () => {
  it('refuse blank suggestions text with the spec message', () => {
    const r = lyricSuggestionsSchema.safeParse({ text: '  \n ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Please write some lyrics first before generating suggestions.');
  });

  it('need 2 non-empty lines for feedback', () => {
    expect(lyricFeedbackSchema.safeParse({ text: 'one line\n\n' }).success).toBe(false);
    expect(lyricFeedbackSchema.safeParse({ text: 'one\ntwo' }).success).toBe(true);
  });

  it('read an optional syllable filter from the query string', () => {
    expect(rhymeIdeasQuerySchema.parse({ word: ' night ', syllables: '' })).toEqual({ word: 'night', syllables: undefined });
    expect(rhymeIdeasQuerySchema.parse({ word: 'night', syllables: '2' })).toEqual({ word: 'night', syllables: 2 });
    expect(rhymeIdeasQuerySchema.safeParse({ word: 'night', syllables: '0' }).success).toBe(false);
    expect(rhymeIdeasQuerySchema.safeParse({ word: '' }).success).toBe(false);
  });
});
