// The most quotable lines of a song: captions and hook clips, taken verbatim from the lyrics.
import { analyzeLyrics } from '../lyrics/analyze';
import { COMMON_WORDS, STOPWORDS } from '../lyrics/common-words';
import type { FamilyType, LyricsAnalysis } from '../lyrics/types';

/** Words that put a picture in the listener's head: places, things, colours, weather, the body, light. */
export const IMAGERY: ReadonlySet<string> = new Set(
  `rain storm thunder lightning snow ice fire flame smoke ash sun moon star stars sky cloud clouds ocean sea wave waves river
  street streets block corner city concrete skyline rooftop roof window door hallway alley bridge highway road train
  car wheel engine chrome diamond diamonds gold silver chain chains ring crown glass mirror bottle cup blood bone skin
  eyes eye hands hand heart tears teeth lips face shadow shadows light dark night midnight morning dawn sunset neon
  red blue black white green purple grey gray orange pink golden velvet silk leather smoke ghost ghosts angel devil
  roses rose flower garden tree trees leaves dust dirt mud stone stones brick wall walls cage wings bird birds wolf lion
  snake dog dogs money cash paper stack racks plane jet ocean beach sand desert mountain valley field grave church
  crib kitchen table pen paper notebook mic stage lights camera screen phone`.split(/\s+/).filter(Boolean),
);

const RHYME_WEIGHT: Record<FamilyType, number> = { multi: 3, perfect: 2, slant: 1 };

export interface QuotableLine {
  /** The line exactly as written in the lyrics (trimmed of surrounding spaces). */
  text: string;
  /** 1-based bar number of its first appearance. */
  bar: number;
  /** 0..1 overall, and the three parts it is made of (each 0..1). */
  score: number;
  rhyme: number;
  length: number;
  imagery: number;
  /** Times the line appears (a repeated line is usually the hook). */
  repeats: number;
  words: number;
  /** Why it ranks, in plain words ("multisyllabic rhyme, 9 words, vivid images"). */
  reasons: string[];
}

const normalise = (line: string) => line.toLowerCase().replace(/[^\p{L}\p{N}' ]+/gu, ' ').replace(/\s+/g, ' ').trim();

/** 1 inside 6-12 words, falling off on either side (a caption is read in a second). */
function lengthScore(words: number): number {
  if (words >= 6 && words <= 12) return 1;
  if (words < 6) return Math.max(0, (words - 2) / 4);
  return Math.max(0, 1 - (words - 12) / 8);
}

export function rankQuotableLines(lyrics: string, { limit = 5, analysis = analyzeLyrics(lyrics) }: { limit?: number; analysis?: LyricsAnalysis } = {}): QuotableLine[] {
  const familyType = new Map(analysis.families.map((f) => [f.id, f.type]));
  const counts = new Map<string, number>();
  for (const line of analysis.lines) if (line.kind === 'bar') counts.set(normalise(line.text), (counts.get(normalise(line.text)) ?? 0) + 1);

  const seen = new Set<string>();
  const ranked: QuotableLine[] = [];
  for (const line of analysis.lines) {
    if (line.kind !== 'bar' || line.bar === null) continue;
    const key = normalise(line.text);
    const words = line.tokens.filter((t) => t.word).length;
    if (seen.has(key) || words < 3) continue;
    seen.add(key);

    let rhymePoints = 0;
    let best: FamilyType | null = null;
    for (const token of line.tokens) {
      const type = token.family ? familyType.get(token.family) : undefined;
      if (!type) continue;
      rhymePoints += RHYME_WEIGHT[type] * (token.rhyme === 'end' ? 1.5 : 1);
      if (!best || RHYME_WEIGHT[type] > RHYME_WEIGHT[best]) best = type;
    }
    const rhyme = Math.min(1, rhymePoints / 8);
    const content = line.tokens.filter((t) => t.word && !STOPWORDS.has(t.word));
    const vivid = content.filter((t) => IMAGERY.has(t.word));
    const rare = content.filter((t) => !COMMON_WORDS.has(t.word) && !IMAGERY.has(t.word));
    const imagery = Math.min(1, (vivid.length * 2 + rare.length) / 5);
    const length = lengthScore(words);
    const repeats = counts.get(key) ?? 1;
    const score = Math.min(1, 0.45 * rhyme + 0.25 * length + 0.3 * imagery + (repeats > 1 ? 0.1 : 0));

    const reasons: string[] = [];
    if (best) reasons.push(best === 'multi' ? 'multisyllabic rhyme' : best === 'perfect' ? 'perfect rhyme' : 'slant rhyme');
    if (repeats > 1) reasons.push(`repeated ${repeats}×, likely the hook`);
    reasons.push(`${words} words`);
    if (vivid.length) reasons.push(`images: ${[...new Set(vivid.map((t) => t.word))].slice(0, 3).join(', ')}`);
    ranked.push({ text: line.text.trim(), bar: line.bar, score: Math.round(score * 100) / 100, rhyme, length, imagery, repeats, words, reasons });
  }
  return ranked.sort((a, b) => b.score - a.score || a.bar - b.bar).slice(0, limit);
}
