// fast-check v4 API used: fc.string({ unit: 'binary' }) (any code point, incl. astral
// and lone-surrogate-free UTF-16), fc.string({ unit: 'grapheme' }), fc.array, fc.oneof,
// fc.constantFrom, .chain, fc.assert(fc.property(...), { numRuns }).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeLyrics, nextLineIdeas, scoreLyrics } from '../lyrics';

// Lyric-shaped text: real words, slang, numbers, punctuation, odd unicode.
const word = fc.constantFrom(
  'night', 'light', 'money', 'honey', "runnin'", 'skrrt', 'finna', '24', '1999', 'Yo,', 'drip!', '[Hook]', '(x2)',
  "'bout", 'the', 'a', 'I', '—', '🔥', 'é', 'café', 'naïve', '日本', 'don’t', "''", '-', 'constructor', '__proto__', 'orange',
);
const lyricLine = fc.array(fc.oneof(word, fc.string({ unit: 'grapheme', maxLength: 8 })), { maxLength: 12 }).map((ws) => ws.join(' '));
const lyricText = fc
  .array(fc.oneof(lyricLine, fc.string({ unit: 'binary', maxLength: 40 }), fc.constant('')), { maxLength: 12 })
  .chain((lines) => fc.constantFrom('\n', '\r\n').map((sep) => lines.join(sep)));
const anyText = fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 200 }), lyricText);

describe('properties', () => {
  it('analyzeLyrics never throws and token offsets always slice back to the token text', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const a = analyzeLyrics(text);
        for (const l of a.lines) {
          expect(text.slice(l.start, l.end)).toBe(l.text);
          for (const t of l.tokens) {
            expect(t.start).toBeGreaterThanOrEqual(0);
            expect(t.end).toBeLessThanOrEqual(text.length);
            expect(t.start).toBeLessThan(t.end);
            expect(text.slice(t.start, t.end)).toBe(t.text);
          }
        }
        const ids = new Set(a.families.map((f) => f.id));
        for (const l of a.lines) for (const t of l.tokens) if (t.family !== null) expect(ids.has(t.family)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('scoreLyrics never throws and always returns an integer 1..10 with notes', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const s = scoreLyrics(text);
        expect(Number.isInteger(s.score)).toBe(true);
        expect(s.score).toBeGreaterThanOrEqual(1);
        expect(s.score).toBeLessThanOrEqual(10);
        expect(s.notes.length).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });

  it('nextLineIdeas never throws and never claims to be model-written', () => {
    fc.assert(
      fc.property(lyricText, (text) => {
        for (const idea of nextLineIdeas(text)) {
          expect(idea.source).toBe('engine');
          expect(idea.text).toMatch(/^\d+ syllables?, /);
        }
      }),
      { numRuns: 30 },
    );
  });
});
