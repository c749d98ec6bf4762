import { answerFromGuide, type GuideAnswer } from './answer';
import { GUIDE_EVAL_SET, type GuideEvalCase } from './eval-set';

export interface GuideEvalMiss {
  question: string;
  expected: string;
  got: string;
}

export interface GuideEvalResult {
  total: number;
  correct: number;
  /** Top-1 accuracy, 0..1. */
  accuracy: number;
  misses: GuideEvalMiss[];
}

export interface GuideEvalReport extends GuideEvalResult {
  /** The same measure on the held-out questions only. */
  heldOut: GuideEvalResult;
}

/** What an answer amounts to, in the eval set's terms: an article slug, 'no match' or 'tool:<tool>'. */
export function answerOutcome(answer: GuideAnswer): string {
  if (answer.kind === 'route') return `tool:${answer.tool}`;
  return answer.articles[0]?.slug ?? 'no match';
}

function score(cases: readonly GuideEvalCase[]): GuideEvalResult {
  const misses: GuideEvalMiss[] = [];
  for (const { question, expected } of cases) {
    const got = answerOutcome(answerFromGuide(question));
    if (got !== expected) misses.push({ question, expected, got });
  }
  const total = cases.length;
  const correct = total - misses.length;
  return { total, correct, accuracy: total ? correct / total : 1, misses };
}

/** Runs the eval set through answerFromGuide (as AI Chat does) and scores the top-1 outcome. */
export function runGuideEval(cases: readonly GuideEvalCase[] = GUIDE_EVAL_SET): GuideEvalReport {
  return { ...score(cases), heldOut: score(cases.filter((c) => c.heldOut)) };
}
