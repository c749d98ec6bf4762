import { bench, describe } from 'vitest';
import { runGuideEval } from '@members-only/engines/guide';

/**
 * The built-in guide's eval set (packages/engines/src/guide/eval-set.ts): artist questions with the
 * article, 'no match' or tool each should get. Prints top-1 accuracy, on the whole set and on the
 * held-out questions, and every miss; eval.test.ts fails below 95%. Then the share of answers that
 * quote no section the question did not ask about (labelled sections, or what the first names). Timed: answering the whole set.
 */
const report = runGuideEval();
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const lines = [
  `Built-in guide eval: top-1 accuracy ${pct(report.accuracy)} (${report.correct}/${report.total}), held-out ` +
    (report.heldOut.total ? `${pct(report.heldOut.accuracy)} (${report.heldOut.correct}/${report.heldOut.total})` : 'none'),
  ...report.misses.map((m) => `  miss: "${m.question}" expected ${m.expected}, got ${m.got}`),
  `Answers with no unrelated section appended: ${pct(report.focus)} (${report.focused}/${report.answered} answers; ${report.total} questions)`,
  ...report.extras.map((e) => `  unrelated: "${e.question}" quoted ${e.unrelated.join('; ')}`),
];
console.log(lines.join('\n'));

describe('built-in guide eval set', () => {
  bench(`answer the ${report.total} eval questions (top-1 ${pct(report.accuracy)})`, () => {
    runGuideEval();
  }, { iterations: 5, warmupIterations: 1, time: 0 });
});
