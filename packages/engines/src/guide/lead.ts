/**
 * The short answer a guide answer leads with. It is always text the article already contains:
 * either the article's `summary` or one sentence (two when the first is very short) of the best
 * matching section, whichever matches the question best. Nothing is generated or reworded.
 */
import type { Guide, GuideSection } from './search';
import { processIndexTerm } from './text';
import type { GuideArticle } from './types';

const TOKEN_SEPARATOR = /[\n\r\p{Z}\p{P}]+/u;
/** A sentence ends at . ! or ? followed by a space and something that starts a sentence. */
const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z0-9"*(])/;
/** Questions that want a number: "bpm for trap", "how loud", "how much do they pay". */
const WANTS_NUMBER = /\b(?:how (?:much|many|long|loud|often|fast|slow|big|quiet)|bpm|tempo|lufs|db|dbtp|size|percent(?:age)?|rate|pay|paid|cost|charge|price)\b|%/i;
/** What kind of answer a question wants, from how it is asked. */
export type QuestionIntent = 'number' | 'when' | 'definition' | 'how' | 'yes-no' | 'other';

const INTENT_PATTERNS: readonly [QuestionIntent, RegExp][] = [
  ['when', /\b(?:when|how (?:early|soon|far ahead|long before)|what day|which day|deadline)\b/i],
  ['number', WANTS_NUMBER],
  ['definition', /^(?:wh?at(?:'?s| is| are| does| do)|wat(?:'?s| is| are)|whats|define|meaning of)\b(?! (?:the )?(?:best|right|order|size|bpm|tempo))/i],
  ['how', /\b(?:how (?:do|to|can|should|i)|how'?d|steps?|ways? to|tips?)\b/i],
  ['yes-no', /^(?:should|can|do|does|is|are|will|would|must|need)\b/i],
];

/** The answer a question wants: a date or lead time, a number, a definition, steps or a yes/no. */
export function questionIntent(question: string): QuestionIntent {
  const q = question.trim().toLowerCase().replace(/[’]/g, "'");
  return INTENT_PATTERNS.find(([, re]) => re.test(q))?.[0] ?? 'other';
}

/** Sentences that answer each intent: a lead time, a definition, an instruction, a verdict. */
const ANSWERS_INTENT: Record<QuestionIntent, RegExp | null> = {
  number: /\d/,
  when: /\b(?:\d+\s*(?:-\s*\d+\s*)?(?:days?|weeks?|months?)|before|after|ahead|early|at least|deadline|as soon as)\b/i,
  definition: /\b(?:is|are|means|refers to|is called)\b/i,
  how: /^(?:[A-Z][a-z]+(?: [a-z]+)?)\b(?<!^(?:It|This|That|These|Those|They|The|A|An|Your|You|Most|Some|Many))|\b(?:start|use|set|put|keep|cut|add|record|pick|choose|try|make|ask|register|sign up|upload)\b/,
  'yes-no': /^(?:yes|no|usually|not|only|it depends|in most cases|if)\b|\b(?:should|do not|don't|never|always)\b/i,
  other: null,
};

/** Sentences that lean on the one before ("It costs more...") make poor leads on their own. */
const LEANS_BACK = /^(?:it|this|that|these|those|they|he|she|then|also|and|but|so|or)\b/i;

/** Multipliers that decide between candidates that match the question equally well. */
export const LEAD_WEIGHTS = {
  /** The article's own short answer. */
  summary: 1.1,
  /** ...when every word of the question is in the article's title. */
  broadSummary: 1.4,
  /** A sentence from a section whose heading matches the question: the section is about it. */
  headingMatch: 1.25,
  /** A sentence with a number, when the question asks for one. */
  number: 1.2,
  /** A sentence of the kind the question asks for (a lead time for "when", a definition for "what is"...). */
  intent: 1.2,
  /** A sentence with no time in it, for a "when" question. */
  missesWhen: 0.5,
  /** Per position in the section (earlier sentences usually state the point). */
  positionStep: 0.04,
  leansBack: 0.6,
} as const;

interface Candidate {
  text: string;
  /** The sentence that follows in the same paragraph or list item, if any. */
  next?: string;
  weight: number;
}

export function terms(text: string): string[] {
  const out: string[] = [];
  for (const token of text.split(TOKEN_SEPARATOR)) {
    const t = token ? processIndexTerm(token) : null;
    if (t) out.push(t);
  }
  return out;
}

/** Exact term, or (for query terms of 4+ letters) a longer word it begins, as the search does. */
export function matches(queryTerm: string, textTerms: readonly string[]): boolean {
  return textTerms.some((t) => t === queryTerm || (queryTerm.length >= 4 && t.startsWith(queryTerm)));
}

function stripMarkdownLine(line: string): string {
  return line.replace(/^\s*(?:[-*]|\d+\.)\s+/, '').trim();
}

/** Sentences of a section, per paragraph or list item, in order. */
function sentences(text: string): { text: string; next?: string }[] {
  const out: { text: string; next?: string }[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((l) => l.trim());
    const isList = lines.every((l) => /^\s*(?:[-*]|\d+\.)\s+/.test(l));
    const units = isList ? lines.map(stripMarkdownLine) : [lines.map((l) => l.trim()).join(' ')];
    for (const unit of units) {
      const parts = unit.split(SENTENCE_END).map((p) => p.trim()).filter(Boolean);
      parts.forEach((p, i) => out.push({ text: p, next: parts[i + 1] }));
    }
  }
  return out;
}

const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;

function finish(text: string): string {
  const t = text.trim().replace(/:$/, '.');
  return /[.!?)"*]$/.test(t) ? t : `${t}.`;
}

/**
 * Chooses the short answer for a question from the top article and its best section: the
 * candidate whose words cover the most (IDF-weighted) question terms, with the multipliers in
 * LEAD_WEIGHTS breaking near-ties. Falls back to the article's summary.
 */
export function chooseLead(question: string, article: GuideArticle, section: GuideSection, guide: Pick<Guide, 'queryTermWeights' | 'questionTerms' | 'idf'>): string {
  const weights = guide.queryTermWeights(question);
  const wantsNumber = WANTS_NUMBER.test(question);
  const intent = questionIntent(question);
  const answersIntent = intent === 'number' ? null : ANSWERS_INTENT[intent];
  const headingTerms = terms(section.heading);
  const titleTerms = terms(article.title);
  // What the artist asked, one group per typed word (or slang word and its replacement).
  const asked = guide.questionTerms(question);
  const inTitle = (group: string[]) => group.some((t) => matches(t, titleTerms));
  // Every word of the question is in the title ("how do I mix 808s" -> "Mixing the low end: kick,
  // 808..."): the question is about the article as a whole, which its summary answers.
  const broad = asked.length > 0 && asked.every(inTitle);
  // The section's heading names something the title does not ("bpm for trap" -> "## Trap"):
  // the question is about this section.
  const headingMatches = asked.some((group) => !inTitle(group) && group.some((t) => matches(t, headingTerms)));

  const candidates: Candidate[] = [{ text: article.summary, weight: broad ? LEAD_WEIGHTS.broadSummary : LEAD_WEIGHTS.summary }];
  sentences(section.text).forEach((s, i) => {
    // Lead-ins to a list ("Watch for:"), checklist questions and fragments answer nothing.
    if (/[:?]$/.test(s.text) || wordCount(s.text) < 4) return;
    let weight = 1 - LEAD_WEIGHTS.positionStep * Math.min(i, 5);
    if (section.heading && headingMatches) weight *= LEAD_WEIGHTS.headingMatch;
    if (LEANS_BACK.test(s.text)) weight *= LEAD_WEIGHTS.leansBack;
    candidates.push({ text: s.text, next: s.next, weight });
  });

  let best: Candidate | undefined;
  let bestScore = 0;
  for (const c of candidates) {
    const cTerms = terms(c.text);
    let score = 0;
    for (const [term, w] of weights) if (matches(term, cTerms)) score += w * guide.idf(term);
    if (wantsNumber && /\d/.test(c.text)) score *= LEAD_WEIGHTS.number;
    if (answersIntent && c !== candidates[0] && answersIntent.test(c.text)) score *= LEAD_WEIGHTS.intent;
    // "When" is answered by a time or nothing: a sentence without one does not answer it.
    else if (intent === 'when' && !ANSWERS_INTENT.when!.test(c.text)) score *= LEAD_WEIGHTS.missesWhen;
    score *= c.weight;
    if (score > bestScore) {
      best = c;
      bestScore = score;
    }
  }
  if (!best) return finish(article.summary);
  // A very short sentence ("Not just by downloading it.") needs the one after it.
  const text = wordCount(best.text) < 8 && best.next ? `${best.text} ${best.next}` : best.text;
  return finish(text);
}
