import { dictionary } from 'cmu-pronouncing-dictionary';
import { describe, expect, it } from 'vitest';
import { entryCount, entryId, entryPhones, entryText, entryWord } from './lexicon';
import { dictionaryEntry, inDictionary } from './pronounce';
import { WordTable } from './word-table';

// lexicon.ts reads the package's file instead of importing its object (memory):
// it must hold exactly what the object holds, in the object's key order.
describe('the compact CMU dictionary', () => {
  const dict: Record<string, string> = dictionary;
  const words = Object.keys(dict);

  it('has every entry of the package, in its order, with the same phones', () => {
    expect(entryCount()).toBe(words.length);
    for (let id = 0; id < words.length; id++) {
      const w = words[id];
      if (entryWord(id) !== w || entryId(w) !== id || entryText(id) !== dict[w]) {
        expect({ id, word: entryWord(id), phones: entryText(id) }).toEqual({ id, word: w, phones: dict[w] });
      }
    }
    expect(entryPhones(entryId('night'))).toEqual(['N', 'AY1', 'T']);
  });

  it('keeps entries with notes as written', () => {
    expect(dictionaryEntry('aalborg')).toBe('AO1 L B AO0 R G # place, danish');
    expect(entryPhones(entryId('aalborg'))).toEqual(dict.aalborg.split(' '));
  });

  it('knows no other words, prototype keys included', () => {
    for (const w of ['toString', 'hasOwnProperty', '__proto__', 'valueOf', 'Night', 'nightt', '', 'caf\u00e9', 'n\u00efght']) {
      expect(inDictionary(w), w).toBe(Object.hasOwn(dict, w));
      expect(dictionaryEntry(w), w).toBeUndefined();
    }
    expect(dictionaryEntry('constructor')).toBe(dict.constructor); // a real entry
  });
});

describe('WordTable', () => {
  it('maps words to ids and back, -1 for the rest', () => {
    const t = new WordTable(['a', 'ab', 'b', 'longer than thirteen chars']);
    expect(['a', 'ab', 'b', 'longer than thirteen chars'].map((w) => t.id(w))).toEqual([0, 1, 2, 3]);
    expect(t.word(3)).toBe('longer than thirteen chars');
    expect([t.id(''), t.id('abc'), t.id('A')]).toEqual([-1, -1, -1]);
    expect(new WordTable([]).id('a')).toBe(-1);
  });

  it('refuses a repeated word', () => {
    expect(() => new WordTable(['x', 'y', 'x'])).toThrow(/twice/);
  });
});

describe('the engine keeps the word lists compact (ADR 065)', () => {
  it('no engine source imports the CMU dictionary object', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '..');
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(dir, e.name));
        else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) sources.push(join(dir, e.name));
      }
    };
    walk(root);
    // The object costs about 20 MB of V8 heap in every process that imports it; lexicon.ts reads the file instead.
    const importers = sources.filter((f) => /from ['"]cmu-pronouncing-dictionary['"]|import\(['"]cmu-pronouncing-dictionary['"]\)/.test(readFileSync(f, 'utf8')));
    expect(importers).toEqual([]);
  });
});
