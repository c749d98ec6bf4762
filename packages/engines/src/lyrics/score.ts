// scoreLyrics: a transparent 1..10 score from the measures of analyzeLyrics.
//
//   raw = 1                                          base
//       + 3.0 * min(1, rhymeDensity / 0.35)          rhyming syllables / all syllables
//       + 2.0 * endRhymeRatio                        bar endings that rhyme (the scheme)
//       + 1.0 * min(1, multiRhymes / (bars / 4))     about one multi per 4 bars = full marks
//       + 1.5 * clamp((4 - (stdDev - 2)) / 4)        bar-length consistency (sd <= 2 full, >= 6 none)
//       + 1.5 * vocab                                0.7*unique-word share + 0.3*less-common words
//       - 0.5 per bar-to-bar jump        (max 1.5)
//       - 0.5 + 0.15*(count-4) per overused word (max 1.5 each, 2.5 total)
//       - 0.5 per cliché                 (max 1.5)
//   score = clamp(round(raw), 1, 10)
import { analyzeLyrics } from './analyze';
import type { LyricsAnalysis, LyricsScore, ScoreBreakdown } from './types';

const clamp01 = (x: number): number => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);
const r1 = (x: number): number => Math.round(x * 10) / 10;

export function scoreLyrics(text: string): LyricsScore {
  return scoreAnalysis(analyzeLyrics(text));
}

/** Score an analysis you already have (the notepad analyses once and scores from it). */
export function scoreAnalysis(analysis: LyricsAnalysis): LyricsScore {
  const m = analysis.measures;
  if (m.bars === 0 || m.syllables === 0) {
    const breakdown: ScoreBreakdown = {
      base: 1, rhymeDensity: 0, scheme: 0, multis: 0, consistency: 0, vocabulary: 0,
      jumpPenalty: 0, repetitionPenalty: 0, clichePenalty: 0, raw: 1,
    };
    return { score: 1, notes: ['Nothing to score yet: write a few lines (4+ bars) to get a score.'], measures: m, breakdown };
  }

  const b: ScoreBreakdown = {
    base: 1,
    rhymeDensity: 3 * clamp01(m.rhymeDensity / 0.35),
    scheme: 2 * clamp01(m.endRhymeRatio),
    multis: 1 * clamp01(m.multiRhymes / Math.max(1, m.bars / 4)),
    consistency: m.bars >= 2 ? 1.5 * clamp01(1 - (m.syllableStdDev - 2) / 4) : 0.75,
    vocabulary: 1.5 * (0.7 * clamp01((m.vocabularyRichness - 0.3) / 0.4) + 0.3 * clamp01(m.rareWordRatio / 0.3)),
    jumpPenalty: Math.min(1.5, 0.5 * m.barJumps.length),
    repetitionPenalty: Math.min(2.5, m.repetitions.reduce((s, r) => s + Math.min(1.5, 0.5 + 0.15 * Math.max(0, r.count - 4)), 0)),
    clichePenalty: Math.min(1.5, 0.5 * m.cliches.length),
    raw: 0,
  };
  b.raw = b.base + b.rhymeDensity + b.scheme + b.multis + b.consistency + b.vocabulary - b.jumpPenalty - b.repetitionPenalty - b.clichePenalty;
  const score = Math.min(10, Math.max(1, Math.round(b.raw)));
  for (const k of Object.keys(b) as Array<keyof ScoreBreakdown>) b[k] = Math.round(b[k] * 100) / 100;

  return { score, notes: notesFor(analysis, b, score), measures: m, breakdown: b };
}

function notesFor(a: LyricsAnalysis, b: ScoreBreakdown, score: number): string[] {
  const m = a.measures;
  const notes: string[] = [];
  const pct = Math.round(m.rhymeDensity * 100);

  if (m.bars < 4) notes.push(`Only ${m.bars} bar${m.bars === 1 ? '' : 's'}: write at least 4 for a fair read of scheme and flow.`);

  const densityVerdict = pct >= 35 ? 'dense' : pct >= 20 ? 'solid; more internal rhymes would push it up' : 'low; rhyme inside the bars, not just at the ends';
  notes.push(`Rhyme density ${pct}% (${m.rhymingSyllables} of ${m.syllables} syllables rhyme): ${densityVerdict}.`);

  a.verses.forEach((v, i) => {
    if (v.lines.length < 2) return;
    const label = a.verses.length > 1 ? `Verse ${i + 1}` : 'Scheme';
    notes.push(`${label}: ${v.scheme}${describeScheme(v.scheme)}.`);
  });
  if (m.bars >= 2 && m.endRhymeRatio < 0.5) {
    notes.push(`Only ${Math.round(m.endRhymeRatio * 100)}% of bar endings rhyme with another ending; tie the ends together.`);
  }

  if (m.multiRhymes > 0) {
    const ex = m.multiExamples[0];
    notes.push(`${m.multiRhymes} multisyllabic rhyme${m.multiRhymes === 1 ? '' : 's'}${ex ? `, e.g. "${ex.a}" / "${ex.b}"` : ''}.`);
  } else if (m.bars >= 2) {
    notes.push('No multisyllabic rhymes yet: match two vowel sounds in a row (money / honey, "right side" / "night ride").');
  }

  for (const j of m.barJumps.slice(0, 3)) {
    notes.push(`Flow: bars ${j.fromBar}-${j.toBar} jump from ${j.from} to ${j.to} syllables; trim or split the longer bar.`);
  }
  if (m.barJumps.length > 3) notes.push(`Flow: ${m.barJumps.length - 3} more big jumps in bar length.`);
  if (!m.barJumps.length && m.syllableStdDev > 3) {
    notes.push(`Flow: bar lengths swing by about ${r1(m.syllableStdDev)} syllables; even them out for a steadier pocket.`);
  }

  for (const r of m.repetitions.slice(0, 3)) {
    notes.push(`Repetition: repeats "${r.word}" ${r.count} times; vary it unless it is the hook.`);
  }
  for (const c of m.cliches.slice(0, 3)) {
    notes.push(`Cliché: "${c.phrase}" (bar ${c.bar}); say it your own way.`);
  }

  const uniquePct = Math.round(m.vocabularyRichness * 100);
  const rare = m.rareWords.slice(0, 3).map((w) => `"${w}"`).join(', ');
  notes.push(
    `Vocabulary: ${uniquePct}% unique words, ${m.rareWords.length} less-common word${m.rareWords.length === 1 ? '' : 's'}${rare ? ` (${rare})` : ''}.`,
  );

  const parts = [
    `1 base`,
    `+${r1(b.rhymeDensity)} density`,
    `+${r1(b.scheme)} scheme`,
    `+${r1(b.multis)} multis`,
    `+${r1(b.consistency)} consistency`,
    `+${r1(b.vocabulary)} vocabulary`,
  ];
  if (b.jumpPenalty) parts.push(`-${r1(b.jumpPenalty)} jumps`);
  if (b.repetitionPenalty) parts.push(`-${r1(b.repetitionPenalty)} repetition`);
  if (b.clichePenalty) parts.push(`-${r1(b.clichePenalty)} clichés`);
  notes.push(`Score ${score}/10 = ${parts.join(' ')}.`);
  return notes;
}

function describeScheme(s: string): string {
  if (/^(A)\1+$/.test(s)) return ' (one rhyme all the way)';
  if (/^([A-Z])\1([A-Z])\2$/.test(s) && s[0] !== s[2]) return ' (couplets)';
  if (/^([A-Z])([A-Z])\1\2$/.test(s) && s[0] !== s[1]) return ' (alternating)';
  if (/^[A-Z]([A-Z])[A-Z]\1$/.test(s) && new Set(s).size === 3) return ' (every other bar)';
  return '';
}
