import { describe, expect, it } from 'vitest';
import { ARTICLES } from './articles/index';
import { GUIDE_EVAL_SET } from './eval-set';
import { GUIDE_TOOLS } from './intent';
import { runGuideEval } from './eval';

describe('guide eval set', () => {
  it('has at least 80 questions, at least 10 of them no match or a tool route, all with valid expectations', () => {
    expect(GUIDE_EVAL_SET.length).toBeGreaterThanOrEqual(80);
    expect(GUIDE_EVAL_SET.filter((c) => c.sections).length).toBeGreaterThanOrEqual(10);
    const slugs = new Set(ARTICLES.map((a) => a.slug));
    const tools = new Set(Object.keys(GUIDE_TOOLS).map((t) => `tool:${t}`));
    for (const { question, expected } of GUIDE_EVAL_SET) {
      expect(slugs.has(expected) || tools.has(expected) || expected === 'no match', `${question} -> ${expected}`).toBe(true);
    }
    expect(GUIDE_EVAL_SET.filter((c) => !slugs.has(c.expected)).length).toBeGreaterThanOrEqual(10);
    expect(new Set(GUIDE_EVAL_SET.map((c) => c.question)).size).toBe(GUIDE_EVAL_SET.length);
  });

  it('appends no unrelated section to any answer (labelled sections, and what the first section names)', () => {
    const report = runGuideEval();
    expect(report.answered).toBeGreaterThanOrEqual(60);
    expect(report.extras).toEqual([]);
  });

  it('flags an answer that quotes a section outside its label', async () => {
    const { unrelatedSections } = await import('./eval');
    const unrelated = unrelatedSections(
      { question: 'what bpm is drill', expected: 'tempo-and-bpm-by-genre', sections: ['Drill'] },
      { markdown: '', articles: [], engine: 'Built-in guide', kind: 'answer', sections: [{ slug: 'tempo-and-bpm-by-genre', heading: 'Drill' }, { slug: 'tempo-and-bpm-by-genre', heading: 'R&B' }] },
    );
    expect(unrelated).toEqual(['Tempo and BPM by genre › R&B']);
    const unlabelled = unrelatedSections(
      { question: 'what bpm is drill', expected: 'tempo-and-bpm-by-genre' },
      { markdown: '', articles: [], engine: 'Built-in guide', kind: 'answer', sections: [{ slug: 'tempo-and-bpm-by-genre', heading: 'Drill' }, { slug: 'tempo-and-bpm-by-genre', heading: 'R&B' }] },
    );
    expect(unlabelled).toEqual(['Tempo and BPM by genre › R&B']);
  });

  it('answers at least 95% of the questions with the expected article, tool or no match (top-1)', () => {
    const report = runGuideEval();
    // The misses are in the failure message; bench/guide-eval.bench.ts prints them too.
    expect(report.accuracy, JSON.stringify(report.misses, null, 2)).toBeGreaterThanOrEqual(0.95);
  });
});
