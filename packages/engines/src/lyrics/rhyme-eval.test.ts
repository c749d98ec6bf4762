import { describe, expect, it } from 'vitest';
import { coupletRhyme, internalRhyme, runRhymeEval } from './rhyme-eval';
import { rhymeEvalItems } from './rhyme-eval-set';

describe('rhyme evaluation set', () => {
  const items = rhymeEvalItems();

  it('has at least 300 labelled pairs with rhymes of each kind and look-alike non-rhymes', () => {
    expect(items.length).toBeGreaterThanOrEqual(300);
    const count = (l: string) => items.filter((i) => i.label === l).length;
    for (const label of ['P', 'S', 'M', 'I']) expect(count(label), label).toBeGreaterThanOrEqual(30);
    expect(count('N') + count('X')).toBeGreaterThanOrEqual(80);
  });

  it('meets the targets: end rhymes precision and recall >= 0.90, multis >= 0.80', () => {
    const r = runRhymeEval(items);
    expect(r.end.precision).toBeGreaterThanOrEqual(0.9);
    expect(r.end.recall).toBeGreaterThanOrEqual(0.9);
    expect(r.multi.precision).toBeGreaterThanOrEqual(0.8);
    expect(r.multi.recall).toBeGreaterThanOrEqual(0.8);
    expect(r.internal.recall).toBeGreaterThanOrEqual(0.8);
  });

  it('scores one couplet the way its label says', () => {
    expect(coupletRhyme("On the block it's cold nights, no lights", "I'm in bold type, so right")).toEqual({ end: true, multi: true });
    expect(coupletRhyme('I caught a cold and had a cough', 'I baked a loaf and ate the dough')).toEqual({ end: false, multi: false });
    expect(internalRhyme('I was on the train with the rain in my brain', 'train', 'rain')).toBe(true);
    expect(internalRhyme('I caught a cough and bought some dough', 'cough', 'dough')).toBe(false);
  });
});
