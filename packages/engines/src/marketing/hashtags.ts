// Hashtags from the song's own words, its genre and the audience the artist describes.
import nlp from 'compromise';
import { analyzeLyrics, COMMON_WORDS, STOPWORDS, type LyricsAnalysis } from '../lyrics';
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

export const tag = (words: string) => `#${words.normalize('NFKD').replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase()}`;

export interface Hashtags {
  /** From the lyrics' nouns (most frequent distinctive ones). */
  lyrics: string[];
  genre: string[];
  audience: string[];
  /** The places the artist named, and each as a scene tag ("#atlanta", "#atlantarap"). */
  places: string[];
  /** The title as one tag. */
  title: string;
}

/** Bars tagged for nouns: enough for any song's keywords, bounded for very long texts. */
export const MAX_TAGGED_BARS = 80;

/**
 * The words of the lyrics used as nouns, by part-of-speech tagging each bar in context (compromise):
 * "turned the corner" gives "corner", never "turned"; "focused", "creeping" are out.
 */
export function lyricNouns(analysis: LyricsAnalysis): Set<string> {
  // Each distinct bar once (a hook repeats; tagging is the slow part, about 5 ms a bar under load).
  const bars = [...new Set(analysis.lines.filter((l) => l.kind === 'bar').map((l) => l.text.trim().replace(/[.!?]+$/, '')))].slice(0, MAX_TAGGED_BARS);
  const nouns = new Set<string>();
  const doc = nlp(bars.join('.\n'));
  for (const sentence of doc.json({ terms: { normal: true } }) as { terms: { normal: string; tags: string[] }[] }[]) {
    for (const t of sentence.terms) {
      const tags = new Set(t.tags);
      if (!tags.has('Noun') || tags.has('Pronoun') || tags.has('Verb') || tags.has('Adjective') || tags.has('Possessive') || tags.has('Value')) continue;
      nouns.add(t.normal.replace(/[^\p{L}]/gu, ''));
    }
  }
  return nouns;
}

/** The lyrics' keywords: nouns by frequency, distinctive words first, at least 4 letters. */
export function lyricKeywords(analysis: LyricsAnalysis, limit = 6): string[] {
  const nouns = lyricNouns(analysis);
  const counts = new Map<string, number>();
  for (const line of analysis.lines) {
    if (line.kind !== 'bar') continue;
    for (const t of line.tokens) {
      const w = t.word.replace(/'/g, '');
      if (w.length < 4 || STOPWORDS.has(t.word) || !/^\p{L}+$/u.test(w) || !nouns.has(w)) continue;
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

export function buildHashtags({ title, lyrics, context, analysis, places = [] }: { title: string; lyrics: string; context: string; analysis?: LyricsAnalysis; places?: readonly string[] }): Hashtags {
  const words = lyrics.trim() ? lyricKeywords(analysis ?? analyzeLyrics(lyrics)) : [];
  const genre = GENRES.filter(([re]) => re.test(context)).flatMap(([, tags]) => tags);
  const audience = new Set<string>();
  for (const m of context.matchAll(AUDIENCE)) audience.add(tag(m[1]!));
  const unique = (tags: string[]) => [...new Set(tags)].filter((t) => t.length > 2);
  return {
    lyrics: unique(words.map(tag)),
    genre: unique([...genre, ...BASE_GENRE].map(tag)).slice(0, 5),
    audience: unique([...audience]).slice(0, 4),
    places: unique(places.flatMap((p) => [tag(p.split(',')[0]!), tag(`${p.split(',')[0]!}rap`)])).slice(0, 6),
    title: tag(title) || '#newsingle',
  };
}
