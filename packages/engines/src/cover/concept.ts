import { MOTIFS, motifsInWords } from './motifs';

/**
 * The built-in concept: mood and imagery read from the lyrics, energy and palette suggested by the
 * audio facts (tempo, key, loudness). Word lists, counts and rules; no model.
 */
export const COVER_MOODS = ['dark', 'aggressive', 'luxury', 'romantic', 'nostalgic', 'euphoric', 'dreamy', 'hustle'] as const;
export type CoverMood = (typeof COVER_MOODS)[number];

export const MOOD_WORDS: Record<CoverMood, readonly string[]> = {
  dark: ['dark', 'night', 'shadow', 'shadows', 'pain', 'cold', 'alone', 'lonely', 'grave', 'demons', 'tears', 'cry', 'lost', 'empty', 'ghost', 'black', 'broken', 'hurt', 'moody', 'gloomy'],
  aggressive: ['war', 'fight', 'blood', 'fire', 'smoke', 'gun', 'guns', 'rage', 'beast', 'kill', 'savage', 'bullet', 'bullets', 'enemy', 'enemies', 'battle', 'burn', 'mad', 'wild', 'aggressive'],
  luxury: ['money', 'gold', 'diamond', 'diamonds', 'rich', 'crown', 'throne', 'king', 'queen', 'champagne', 'rolex', 'mansion', 'benz', 'chains', 'ice', 'luxury', 'bands', 'racks', 'millions', 'opulent'],
  romantic: ['love', 'heart', 'baby', 'kiss', 'rose', 'roses', 'lover', 'girl', 'darling', 'forever', 'hold', 'touch', 'romance', 'romantic', 'sweet', 'valentine'],
  nostalgic: ['remember', 'memories', 'memory', 'young', 'mama', 'childhood', 'yesterday', 'old', 'used', 'back', 'school', 'photo', 'summer', 'vintage', 'retro', 'nostalgic'],
  euphoric: ['party', 'dance', 'club', 'lit', 'vibe', 'vibes', 'celebrate', 'shine', 'happy', 'turn', 'lights', 'glow', 'bright', 'colour', 'color', 'vibrant', 'colorful', 'colourful'],
  dreamy: ['heaven', 'god', 'pray', 'angel', 'angels', 'stars', 'star', 'sky', 'moon', 'dream', 'dreams', 'cloud', 'clouds', 'soul', 'spirit', 'float', 'wings', 'dreamy', 'space'],
  hustle: ['grind', 'hustle', 'street', 'streets', 'block', 'corner', 'trap', 'city', 'concrete', 'paper', 'work', 'hungry', 'struggle', 'rise', 'grit', 'road'],
};

/** A motif id from the library (`motifs.ts`). */
export type Motif = string;

/** Single words that name a motif. */
const MOTIF_WORDS = new Set(MOTIFS.flatMap((m) => m.words.filter((w) => !w.includes(' '))));

/** A few common explicit words: the Parental Advisory box is ticked by default when one appears. */
const EXPLICIT = ['fuck', 'fucking', 'fucked', 'motherfucker', 'shit', 'bitch', 'bitches', 'nigga', 'niggas', 'pussy', 'dick', 'cock', 'cunt', 'hoe', 'hoes', 'whore'];

export interface AudioFacts {
  bpm?: number | null;
  key?: string | null;
  lufs?: number | null;
}

export interface CoverConcept {
  mood: CoverMood;
  /** Secondary mood, when the lyrics lean two ways. */
  secondMood: CoverMood | null;
  /** Imagery found in the lyrics, most frequent first (at most 3). */
  imagery: string[];
  motifs: Motif[];
  /** 0..1 from tempo and loudness. */
  energy: number;
  minor: boolean;
  explicit: boolean;
  /** Three sentences for the artist. */
  text: string;
}

const words = (text: string) => text.toLowerCase().match(/[a-z']+/g)?.map((w) => w.replace(/'/g, '')) ?? [];

export function hasExplicitWords(text: string): boolean {
  return words(text).some((w) => EXPLICIT.includes(w) || EXPLICIT.some((e) => w.startsWith(e) && w.length <= e.length + 3));
}

/** 0..1: 70 BPM and quiet is calm, 150 BPM (or 75 in half time, which reads fast) and loud is intense. */
export function energyOf(audio: AudioFacts): number {
  const parts: number[] = [];
  if (audio.bpm) {
    const bpm = audio.bpm < 100 && audio.bpm >= 65 && audio.bpm * 2 <= 170 ? Math.max(audio.bpm, audio.bpm * 0.8) : audio.bpm;
    parts.push(Math.min(1, Math.max(0, (bpm - 70) / 80)));
  }
  if (audio.lufs !== null && audio.lufs !== undefined) parts.push(Math.min(1, Math.max(0, (audio.lufs + 20) / 14)));
  return parts.length ? parts.reduce((a, b) => a + b, 0) / parts.length : 0.5;
}

export const MOOD_DESCRIPTIONS: Record<CoverMood, { feel: string; palette: string }> = {
  dark: { feel: 'dark, introspective', palette: 'deep navy and charcoal with a single crimson accent' },
  aggressive: { feel: 'raw, aggressive', palette: 'black, blood red and burnt orange' },
  luxury: { feel: 'opulent, victorious', palette: 'black and gold with cream highlights' },
  romantic: { feel: 'warm, intimate', palette: 'wine, rose pink and peach' },
  nostalgic: { feel: 'nostalgic, sun-faded', palette: 'sepia, faded teal and mustard' },
  euphoric: { feel: 'euphoric, high-energy', palette: 'hot magenta, electric cyan and sunflower yellow' },
  dreamy: { feel: 'dreamy, spiritual', palette: 'indigo, lavender and silver' },
  hustle: { feel: 'gritty, determined', palette: 'concrete grey, asphalt black and signal yellow' },
};

/**
 * Scores every mood by its words in the lyrics (and in the artist's direction, counted double),
 * then nudges by the audio: a minor key leans dark, high energy leans aggressive or euphoric,
 * low energy leans dreamy or nostalgic.
 */
export function buildCoverConcept(input: { lyrics: string; title?: string; direction?: string; audio?: AudioFacts }): CoverConcept {
  const lyricWords = words(`${input.title ?? ''} ${input.lyrics}`);
  const directionWords = words(input.direction ?? '');
  const scores = Object.fromEntries(COVER_MOODS.map((m) => [m, 0])) as Record<CoverMood, number>;
  for (const mood of COVER_MOODS) {
    const list = MOOD_WORDS[mood];
    for (const w of lyricWords) if (list.includes(w)) scores[mood] += 1;
    for (const w of directionWords) if (list.includes(w)) scores[mood] += 3;
  }
  const audio = input.audio ?? {};
  const energy = energyOf(audio);
  const minor = /minor|\bm$/i.test(audio.key ?? '');
  if (minor) scores.dark += 1.5;
  if (energy > 0.7) {
    scores.aggressive += 1;
    scores.euphoric += minor ? 0.3 : 1;
  } else if (energy < 0.35) {
    scores.dreamy += 1;
    scores.nostalgic += 0.7;
  }
  scores.hustle += 0.5; // the genre's home ground, when nothing else speaks
  const ranked = [...COVER_MOODS].sort((a, b) => scores[b] - scores[a] || COVER_MOODS.indexOf(a) - COVER_MOODS.indexOf(b));
  const mood = ranked[0]!;
  const secondMood = scores[ranked[1]!] >= 2 && scores[ranked[1]!] >= scores[mood] * 0.6 ? ranked[1]! : null;

  const counts = new Map<string, number>();
  for (const w of [...lyricWords, ...directionWords, ...directionWords]) if (MOTIF_WORDS.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
  const imagery = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 3).map(([w]) => w);
  const motifs = motifsInWords(imagery).motifs.slice(0, 2);

  const description = MOOD_DESCRIPTIONS[mood];
  const imageryText = imagery.length ? `built around ${listWords(imagery)} from the lyrics` : 'built from bold abstract shapes, since the lyrics name no clear images';
  const tempo = audio.bpm ? `${Math.round(audio.bpm)} BPM` : null;
  const audioText = [tempo, audio.key ?? null].filter(Boolean).join(' in ');
  const energyText = energy > 0.66 ? 'high-energy' : energy < 0.33 ? 'slow-burning' : 'steady';
  const text = [
    `A ${description.feel} cover ${imageryText}${secondMood ? `, with a ${MOOD_DESCRIPTIONS[secondMood].feel} undertone` : ''}.`,
    `The palette is ${description.palette}, with a ${energyText} composition${audioText ? ` to match the track's ${audioText}` : ''}.`,
    'The song title is set large as the focal point, with texture and grain for a printed, tactile finish.',
  ].join(' ');
  return { mood, secondMood, imagery, motifs, energy, minor, explicit: hasExplicitWords(input.lyrics), text };
}

function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Mood read from any text (a model's concept, an edit): the best-scoring mood, or null when no word speaks. */
export function moodOfText(text: string): CoverMood | null {
  const list = words(text);
  let best: CoverMood | null = null;
  let bestScore = 0;
  for (const mood of COVER_MOODS) {
    const score = list.filter((w) => MOOD_WORDS[mood].includes(w)).length;
    if (score > bestScore) {
      best = mood;
      bestScore = score;
    }
  }
  return best;
}

/** Motifs named in any text. */
export function motifsOfText(text: string): Motif[] {
  return motifsInWords(words(text)).motifs;
}
