import { describe, expect, it } from 'vitest';
import { ARTICLES } from './articles/index';
import { GUIDE_EVAL_SET } from './eval-set';
import { GUIDE_TOOLS } from './intent';
import { runGuideEval } from './eval';

describe('guide eval set', () => {
  it('has at least 60 questions, at least 10 of them no match or a tool route, all with valid expectations', () => {
    expect(GUIDE_EVAL_SET.length).toBeGreaterThanOrEqual(60);
    const slugs = new Set(ARTICLES.map((a) => a.slug));
    const tools = new Set(Object.keys(GUIDE_TOOLS).map((t) => `tool:${t}`));
    for (const { question, expected } of GUIDE_EVAL_SET) {
      expect(slugs.has(expected) || tools.has(expected) || expected === 'no match', `${question} -> ${expected}`).toBe(true);
    }
    expect(GUIDE_EVAL_SET.filter((c) => !slugs.has(c.expected)).length).toBeGreaterThanOrEqual(10);
    expect(new Set(GUIDE_EVAL_SET.map((c) => c.question)).size).toBe(GUIDE_EVAL_SET.length);
  });

  it('answers at least 90% of the questions with the expected article, tool or no match (top-1)', () => {
    const report = runGuideEval();
    // The misses are in the failure message; bench/guide-eval.bench.ts prints them too.
    expect(report.accuracy, JSON.stringify(report.misses, null, 2)).toBeGreaterThanOrEqual(0.9);
  });
});
