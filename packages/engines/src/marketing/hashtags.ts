// Hashtags from the song's own words, its genre and the audience the artist describes.
import { analyzeLyrics } from '../lyrics/analyze';
import { COMMON_WORDS, STOPWORDS } from '../lyrics/common-words';
import type { LyricsAnalysis } from '../lyrics/types';
import { IMAGERY } from './quotes';

/** Genres an artist may name in the goals; the first one found leads the genre tags. */
const GENRES: [RegExp, string[]][] = [
  [/\bdrill\b/i, ['drill', 'ukdrill']],
  [/\btrap\b/i, ['trap', 'trapmusic']],
  [/\bboom ?bap\b/i, ['boombap', 'realhiphop']],
  [/\blo-?fi\b/i, ['lofi', 'lofihiphop']],
  [/\br&b|\brnb\b/i, ['rnb', 'rnbmusic']],
  [/\bafro ?(beats?|swing)\b/i, ['afrobeats', 'afroswing']],
  [/\bgrime\b/i, ['grime', 'ukrap']],
  [/\bpop\b/i, ['poprap']],
  [/\bemo\b/i, ['emorap']],
];
const BASE_GENRE = ['hiphop', 'rap', 'newmusic'];

/** Audience words worth a tag when the goals mention them. */
const AUDIENCE = /\b(gym|workout|skate|skaters|students?|college|gamers?|gaming|anime|streetwear|fashion|sneakers?|fitness|dance|dancers|producers?|underground)\b/gi;
const PLACE = /\b(?:in|from|around|across)\s+([A-Z][a-zA-Z]+(?:\s[A-Z][a-zA-Z]+)?)/g;

export const tag = (words: string) => `#${words.normalize('NFKD').replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase()}`;

export interface Hashtags {
  /** From the lyrics' keywords (most frequent distinctive words). */
  lyrics: string[];
  genre: string[];
  audience: string[];
  /** The title as one tag. */
  title: string;
}

/** The lyrics' keywords: content words by frequency, distinctive words first, at least 4 letters. */
export function lyricKeywords(analysis: LyricsAnalysis, limit = 6): string[] {
  const counts = new Map<string, number>();
  for (const line of analysis.lines) {
    if (line.kind !== 'bar') continue;
    for (const t of line.tokens) {
      const w = t.word.replace(/'/g, '');
      if (w.length < 4 || STOPWORDS.has(t.word) || !/^\p{L}+$/u.test(w)) continue;
      counts.set(w, (counts.get(w) ?? 0) + 1);
    }
  }
  return [...counts]
    // Everyday words only when the song leans on them (said twice or more); pictures and rare words always.
    .filter(([word, count]) => count > 1 || IMAGERY.has(word) || !COMMON_WORDS.has(word))
    .map(([word, count]) => ({ word, weight: count + (IMAGERY.has(word) ? 1 : 0) + (COMMON_WORDS.has(word) ? 0 : 1.5) }))
    .sort((a, b) => b.weight - a.weight || a.word.localeCompare(b.word))
    .slice(0, limit)
    .map((k) => k.word);
}

export function buildHashtags({ title, lyrics, context, analysis }: { title: string; lyrics: string; context: string; analysis?: LyricsAnalysis }): Hashtags {
  const words = lyrics.trim() ? lyricKeywords(analysis ?? analyzeLyrics(lyrics)) : [];
  const genre = GENRES.filter(([re]) => re.test(context)).flatMap(([, tags]) => tags);
  const audience = new Set<string>();
  for (const m of context.matchAll(AUDIENCE)) audience.add(tag(m[1]!));
  for (const m of context.matchAll(PLACE)) audience.add(tag(`${m[1]!}rap`));
  const unique = (tags: string[]) => [...new Set(tags)].filter((t) => t.length > 2);
  return {
    lyrics: unique(words.map(tag)),
    genre: unique([...genre, ...BASE_GENRE].map(tag)).slice(0, 5),
    audience: unique([...audience]).slice(0, 4),
    title: tag(title) || '#newsingle',
  };
}
