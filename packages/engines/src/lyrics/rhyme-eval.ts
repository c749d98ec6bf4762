// Runs the rhyme engine over the evaluation set (rhyme-eval-set.ts) and scores
// it per kind, the way a rapper would label the pairs:
// - end rhymes: a couplet labelled P, S or M should get an end rhyme between
//   its two bars (analyzeLyrics links the two endings); N should not.
// - multis: M should get a multisyllabic end rhyme; P, S and N should not.
// - internal rhymes: I should link its two words inside the bar; X should not.
import { analyzeWithLinks } from './analyze';
import { rhymeEvalItems, type RhymeEvalItem, type RhymeEvalLabel } from './rhyme-eval-set';

export interface KindScore {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  trueNegatives: number;
  precision: number;
  recall: number;
}

export interface RhymeEvalMiss {
  label: RhymeEvalLabel;
  kind: 'end' | 'multi' | 'internal';
  expected: boolean;
  a: string;
  b: string;
}

export interface RhymeEvalReport {
  pairs: number;
  byLabel: Record<RhymeEvalLabel, number>;
  end: KindScore;
  multi: KindScore;
  internal: KindScore;
  misses: RhymeEvalMiss[];
}

function score(rows: Array<[expected: boolean, got: boolean]>): KindScore {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  for (const [e, g] of rows) {
    if (e && g) tp++;
    else if (!e && g) fp++;
    else if (e && !g) fn++;
    else tn++;
  }
  return {
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    trueNegatives: tn,
    precision: tp + fp ? tp / (tp + fp) : 1,
    recall: tp + fn ? tp / (tp + fn) : 1,
  };
}

/** What the engine finds between the endings of two bars. */
export function coupletRhyme(a: string, b: string): { end: boolean; multi: boolean } {
  const text = `${a}\n${b}`;
  const { links } = analyzeWithLinks(text);
  const split = a.length + 1;
  const across = links.filter((l) => !l.internal && (l.a[0] < split) !== (l.b[0] < split));
  return { end: across.length > 0, multi: across.some((l) => l.type === 'multi' && l.length >= 2) };
}

/** True when the analysis links the two words of a bar (either word may be the first). */
export function internalRhyme(bar: string, w1: string, w2: string): boolean {
  const { links } = analyzeWithLinks(bar);
  const lower = bar.toLowerCase();
  const at = (w: string): [number, number] => {
    const re = new RegExp(`(^|[^a-z'])${w.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![a-z])`);
    const m = re.exec(lower);
    if (!m) throw new Error(`"${w}" is not in "${bar}"`);
    const s = m.index + m[1].length;
    return [s, s + w.length];
  };
  const p = at(w1);
  const q = at(w2);
  const covers = (span: [number, number], w: [number, number]) => span[0] <= w[0] && span[1] >= w[1];
  return links.some((l) => (covers(l.a, p) && covers(l.b, q)) || (covers(l.a, q) && covers(l.b, p)));
}

export function runRhymeEval(items: RhymeEvalItem[] = rhymeEvalItems()): RhymeEvalReport {
  const end: Array<[boolean, boolean]> = [];
  const multi: Array<[boolean, boolean]> = [];
  const internal: Array<[boolean, boolean]> = [];
  const misses: RhymeEvalMiss[] = [];
  const byLabel = { P: 0, S: 0, M: 0, N: 0, I: 0, X: 0 } as Record<RhymeEvalLabel, number>;
  for (const item of items) {
    byLabel[item.label]++;
    if (item.words) {
      const expected = item.label === 'I';
      const got = internalRhyme(item.a, item.words[0], item.words[1]);
      internal.push([expected, got]);
      if (expected !== got) misses.push({ label: item.label, kind: 'internal', expected, a: item.a, b: item.words.join(' / ') });
      continue;
    }
    const got = coupletRhyme(item.a, item.b);
    const expectEnd = item.label !== 'N';
    const expectMulti = item.label === 'M';
    end.push([expectEnd, got.end]);
    multi.push([expectMulti, got.multi]);
    if (expectEnd !== got.end) misses.push({ label: item.label, kind: 'end', expected: expectEnd, a: item.a, b: item.b });
    else if (expectMulti !== got.multi) misses.push({ label: item.label, kind: 'multi', expected: expectMulti, a: item.a, b: item.b });
  }
  return { pairs: items.length, byLabel, end: score(end), multi: score(multi), internal: score(internal), misses };
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** The report as the lines `npm run bench` prints. */
export function formatRhymeEval(r: RhymeEvalReport, withMisses = true): string {
  const row = (name: string, k: KindScore) =>
    `  ${name.padEnd(9)} precision ${pct(k.precision)}  recall ${pct(k.recall)}  (tp ${k.truePositives}, fp ${k.falsePositives}, fn ${k.falseNegatives}, tn ${k.trueNegatives})`;
  const labels = Object.entries(r.byLabel).map(([k, v]) => `${k} ${v}`).join(', ');
  const lines = [`Rhyme engine eval: ${r.pairs} labelled pairs (${labels})`, row('end', r.end), row('multi', r.multi), row('internal', r.internal)];
  if (withMisses) for (const m of r.misses) lines.push(`  miss ${m.kind} (${m.label}, expected ${m.expected ? 'a rhyme' : 'none'}): ${m.a} | ${m.b}`);
  return lines.join('\n');
}
