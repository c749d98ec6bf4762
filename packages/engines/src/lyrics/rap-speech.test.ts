import { describe, expect, it } from 'vitest';
import { analyzeLyrics, lettersToSound, pronounce, rhymeMatch } from '../lyrics';

const phones = (w: string) => pronounce(w).phones.join(' ');

describe('pronunciations for how rap is written', () => {
  it('a dropped g is said -in, with or without the apostrophe', () => {
    expect(phones("prayin'")).toBe('P R EY1 IH0 N');
    expect(phones('stayin')).toBe('S T EY1 IH0 N');
    expect(phones('nothin')).toBe('N AH1 TH IH0 N');
    expect(pronounce("prayin'").word).toBe('praying');
    // words that only look like one keep their own sound
    expect(phones('cousin')).toBe('K AH1 Z AH0 N');
    expect(phones('sin')).toBe('S IH1 N');
    expect(rhymeMatch("stayin'", 'paid in').type).not.toBe('none');
  });

  it('-a for -er takes the -er word with its ending said -a', () => {
    expect(phones('killa')).toBe('K IH1 L AH0');
    expect(phones('neva')).toBe('N EH1 V AH0'); // the dictionary's "neva" is a name (N EY1 V AH0)
    expect(phones('brotha')).toBe('B R AH1 DH AH0');
    expect(phones('gotta')).toBe('G AA1 T AH0');
    // real -a words stay as they are
    expect(phones('data')).toBe('D EY1 T AH0');
    expect(phones('drama')).toBe('D R AA1 M AH0');
    expect(rhymeMatch('killa', 'still a').type).toBe('perfect');
  });

  it('common contractions and slang', () => {
    expect(phones('finna')).toBe('F IH1 N AH0');
    expect(phones('tryna')).toBe('T R AY1 N AH0');
    expect(phones("ain't")).toBe('EY1 N T');
    expect(phones("y'all")).toBe('Y AO1 L');
    expect(phones('yall')).toBe('Y AO1 L');
    expect(phones("'em")).toBe('AH0 M');
    expect(rhymeMatch("y'all", 'fall').type).toBe('perfect');
    expect(rhymeMatch('tryna', 'china').type).toBe('perfect');
  });

  it('numbers and dollar amounts are said as words', () => {
    expect(phones('$50')).toBe(`${phones('fifty')} ${phones('dollars')}`);
    expect(phones('$1')).toBe(`${phones('one')} ${phones('dollar')}`);
    expect(phones('24')).toBe(`${phones('twenty')} ${phones('four')}`);
    const a = analyzeLyrics('I made $50 at the fair');
    expect(a.lines[0].tokens.map((t) => t.text)).toContain('$50');
    expect(a.lines[0].syllables).toBe(9);
    expect(rhymeMatch('$50', 'nifty collars').type).toBe('multi');
  });

  it('unknown words go through the letter-to-sound rules with the dictionary stress model', () => {
    // stress-fixing suffixes, unstressed prefixes, reduced unstressed vowels
    expect(lettersToSound('flexation')).toEqual(['F', 'L', 'IH0', 'K', 'S', 'EY1', 'SH', 'AH0', 'N']);
    expect(lettersToSound('relit')).toEqual(['R', 'IH0', 'L', 'IH1', 'T']);
    expect(lettersToSound('glizzy')).toEqual(['G', 'L', 'IH1', 'Z', 'IY0']);
    expect(pronounce('flexation').source).toBe('rules');
    expect(rhymeMatch('flexation', 'vacation').type).not.toBe('none');
  });

  it('homographs take the reading lyrics use most (read / bleed, wind / begins)', () => {
    expect(rhymeMatch('read', 'bleed').type).toBe('perfect');
    expect(rhymeMatch('wind', 'mind').type).toBe('none');
  });
});

describe('multisyllabic rhymes on the stressed vowel sequence', () => {
  it('match across word boundaries', () => {
    expect(rhymeMatch('cold nights, no lights', 'bold type, so right').type).toBe('multi');
    expect(rhymeMatch('paper plan', 'major fan').type).toBe('multi');
  });

  it('let unstressed vowels between the stressed ones differ or be missing', () => {
    expect(rhymeMatch('paper plan', 'data plan').type).toBe('multi'); // ER0 / AH0
    expect(rhymeMatch('kitchen was cold', 'picture of gold').type).toBe('multi');
    expect(rhymeMatch('fire escape', 'a higher rate').type).toBe('multi'); // one schwa more on the left
  });

  it('never bridge a stressed vowel over an extra function word on one side only', () => {
    expect(rhymeMatch('then we left', 'get rest').type).not.toBe('multi'); // "we" has no partner
    expect(rhymeMatch('then we left', 'when we rest').type).toBe('multi');
  });

  it('need two stressed vowels: one stressed vowel and schwas stay a perfect rhyme', () => {
    expect(rhymeMatch('hustle', 'muscle').type).toBe('perfect');
    expect(rhymeMatch('the whole town', 'a broken crown').type).toBe('multi');
    expect(rhymeMatch('my whole life', 'a sharp knife').type).toBe('perfect');
  });

  it('vowels before an R that speech does not tell apart rhyme (here / year)', () => {
    expect(rhymeMatch('here', 'year').type).toBe('perfect');
    expect(rhymeMatch('to here', 'every year').type).toBe('perfect');
  });

  it('a one-syllable word the dictionary leaves unstressed is stressed at the end of a phrase', () => {
    expect(rhymeMatch('pushed me in', 'learned to win').type).toBe('perfect');
  });

  it('finds internal rhymes and assonance chains inside a bar', () => {
    const a = analyzeLyrics('I keep it tight, every night I write a song');
    const fam = a.families.find((f) => f.words.includes('tight'));
    expect(fam?.words).toEqual(expect.arrayContaining(['tight', 'night', 'write']));
    expect(fam?.members.every((m) => m.role === 'internal')).toBe(true);
  });
});
