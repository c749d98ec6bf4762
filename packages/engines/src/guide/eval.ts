import { answerFromGuide, type GuideAnswer } from './answer';
import { GUIDE_EVAL_SET, type GuideEvalCase } from './eval-set';
import { matches, terms } from './lead';
import { createGuide } from './search';

export interface GuideEvalMiss {
  question: string;
  expected: string;
  got: string;
}

/** An answer that quoted a section the question did not ask about. */
export interface GuideEvalExtra {
  question: string;
  /** "Article title › Section heading" of each unrelated section quoted. */
  unrelated: string[];
}

export interface GuideEvalResult {
  total: number;
  correct: number;
  /** Top-1 accuracy, 0..1. */
  accuracy: number;
  misses: GuideEvalMiss[];
  /** Answers (kind 'answer') checked for unrelated sections, and those that quoted none. */
  answered: number;
  focused: number;
  /** focused / answered, 0..1 (1 when nothing was answered). */
  focus: number;
  extras: GuideEvalExtra[];
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

/**
 * The sections of an answer that the question did not ask about. With labelled `sections`, any
 * quoted section outside the label. Otherwise a section after the first is unrelated when the
 * first section's heading names something the question asked that its article title does not
 * ("what tempo is uk drill" -> the "Drill" section), and this section's own heading and text do not
 * mention it: the R&B section after the drill answer.
 */
export function unrelatedSections(c: GuideEvalCase, answer: GuideAnswer): string[] {
  const quoted = answer.sections ?? [];
  if (answer.kind !== 'answer' || quoted.length === 0) return [];
  const guide = createGuide();
  const find = (q: { slug: string; heading: string }) => guide.sections.find((s) => s.slug === q.slug && s.heading === q.heading)!;
  const label = (q: { slug: string; heading: string }) => `${find(q).articleTitle} › ${q.heading || '(intro)'}`;
  if (c.sections) return quoted.filter((q) => !c.sections!.includes(q.heading)).map(label);
  const asked = guide.questionTerms(c.question);
  const top = find(quoted[0]!);
  const title = terms(top.articleTitle);
  const heading = terms(top.heading);
  const named = asked.filter((g) => !g.some((t) => matches(t, title)) && g.some((t) => matches(t, heading)));
  if (!named.length) return [];
  return quoted.slice(1).filter((q) => {
    const own = terms(`${find(q).heading}\n${find(q).text}`);
    return !named.some((g) => g.some((t) => matches(t, own)));
  }).map(label);
}

function score(cases: readonly GuideEvalCase[]): GuideEvalResult {
  const misses: GuideEvalMiss[] = [];
  const extras: GuideEvalExtra[] = [];
  let answered = 0;
  for (const c of cases) {
    const answer = answerFromGuide(c.question);
    const got = answerOutcome(answer);
    if (got !== c.expected) misses.push({ question: c.question, expected: c.expected, got });
    if (answer.kind !== 'answer') continue;
    answered++;
    const unrelated = unrelatedSections(c, answer);
    if (unrelated.length) extras.push({ question: c.question, unrelated });
  }
  const total = cases.length;
  const correct = total - misses.length;
  const focused = answered - extras.length;
  return { total, correct, accuracy: total ? correct / total : 1, misses, answered, focused, focus: answered ? focused / answered : 1, extras };
}

/** Runs the eval set through answerFromGuide (as AI Chat does): top-1 outcome, and unrelated sections quoted. */
export function runGuideEval(cases: readonly GuideEvalCase[] = GUIDE_EVAL_SET): GuideEvalReport {
  return { ...score(cases), heldOut: score(cases.filter((c) => c.heldOut)) };
}
