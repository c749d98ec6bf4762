import { describe, expect, it } from 'vitest';
import { analyzeLyrics } from '../lyrics';
import { AAAA, longVerse } from './fixtures.test-data';

describe('analyzeLyrics', () => {
  it('gives per-line syllables and tokens with offsets into the original text', () => {
    const text = 'Yo, I been runnin\' all night\r\nChasing the light!';
    const a = analyzeLyrics(text);
    expect(a.lines).toHaveLength(2);
    for (const l of a.lines) {
      for (const t of l.tokens) expect(text.slice(t.start, t.end)).toBe(t.text);
      expect(l.syllables).toBe(l.tokens.reduce((s, t) => s + t.syllables, 0));
    }
    expect(a.lines[0].tokens.map((t) => t.text)).toEqual(['Yo', 'I', 'been', "runnin'", 'all', 'night']);
    expect(a.lines[1].text).toBe('Chasing the light!'); // \r stripped
  });

  it('groups rhyme families with ids, types, colour indices and roles', () => {
    const a = analyzeLyrics(AAAA);
    const fam = a.families.find((f) => f.words.includes('night'));
    expect(fam).toBeDefined();
    expect(fam?.type).toBe('perfect');
    expect(fam?.words).toEqual(expect.arrayContaining(['night', 'sight', 'light', 'bright']));
    expect(a.families.map((f) => f.colorIndex)).toEqual(a.families.map((_, i) => i));
    const night = a.lines[0].tokens.at(-1);
    expect(night?.family).toBe(fam?.id);
    expect(night?.rhyme).toBe('end');
    expect(a.lines.map((l) => l.scheme)).toEqual(['A', 'A', 'A', 'A']);
  });

  it('marks internal rhymes', () => {
    const a = analyzeLyrics('Stay in the cut with my mind on the grind\nI rewind every line till I find what I find');
    const internal = a.lines[1].tokens.filter((t) => t.rhyme === 'internal').map((t) => t.word);
    expect(internal).toEqual(expect.arrayContaining(['rewind', 'line']));
    expect(a.measures.internalRhymes).toBeGreaterThan(0);
  });

  it('does not colour "I" and "my" as rhyming with wall/call (unstressed function words)', () => {
    const a = analyzeLyrics('Put my back up on my wall\nPick it up when I call');
    const fam = a.families.find((f) => f.words.includes('wall'));
    expect(fam?.words.sort()).toEqual(['call', 'wall']);
    expect(fam?.type).toBe('perfect');
    for (const l of a.lines) for (const t of l.tokens) if (t.word === 'i' || t.word === 'my') expect(t.family, t.text).toBeNull();
    expect(a.verses[0].scheme).toBe('AA');
  });

  it('keeps unstressed words out of cross-word multis ("my back" / "I stand")', () => {
    const a = analyzeLyrics('I got my back against the wall\nI never fall, I stand tall when they call');
    expect(a.families).toHaveLength(1);
    // "against the wall" / "when they call" rhyme on their stressed vowels (EH ... AO); "my" and "I" stay out
    expect(a.families[0].words.sort()).toEqual(['against', 'call', 'fall', 'tall', 'wall', 'when']);
  });

  it('rhymes "I" and "my" when they end the bar: I / my / sky / fly', () => {
    const a = analyzeLyrics("I keep my head up to the sky\nEvery day I learn to fly\nThey ask me who's the one, it's I\nThe whole world watching, oh my");
    const fam = a.families.find((f) => f.words.includes('sky'));
    expect(fam?.words).toEqual(expect.arrayContaining(['sky', 'fly', 'i', 'my']));
    expect(a.verses[0].scheme).toBe('AAAA');
    // the unstressed "I" and "my" inside the bars stay out of it
    const inside = a.lines.flatMap((l) => l.tokens.slice(0, -1)).filter((t) => t.word === 'i' || t.word === 'my');
    expect(inside.length).toBeGreaterThan(0);
    for (const t of inside) expect(t.family, `${t.text}@${t.start}`).toBeNull();
  });

  it('treats [Hook] headers and blank lines as section breaks', () => {
    const a = analyzeLyrics('[Verse 1]\nI got the light\nIt feel right\n\n(Hook)\nMoney on the way\nEvery single day');
    expect(a.lines.map((l) => l.kind)).toEqual(['header', 'bar', 'bar', 'blank', 'header', 'bar', 'bar']);
    expect(a.verses.map((v) => v.scheme)).toEqual(['AA', 'AA']);
    expect(a.lines.filter((l) => l.kind === 'bar').map((l) => l.bar)).toEqual([1, 2, 3, 4]);
  });

  // Speed is measured by bench/engines.bench.ts, not asserted here.
  it('analyses a 64-line verse the same way on every keystroke', () => {
    const text = longVerse();
    expect(text.split('\n')).toHaveLength(64);
    const first = analyzeLyrics(text);
    for (let i = 1; i < 4; i++) {
      const a = analyzeLyrics(`${text}${'!'.repeat(i)}`); // a new string each time, like a keystroke
      expect(a.measures.bars).toBe(64);
      expect(a.verses.map((v) => v.scheme)).toEqual(first.verses.map((v) => v.scheme));
    }
  });
});
