import { COVER_MOODS, MOOD_WORDS, type CoverMood } from './concept';
import { motifsInWords } from './motifs';
import { COLOUR_WORDS, type PaletteShift } from './palette';

export type TitlePlacement = 'top' | 'center' | 'lower' | 'bottom';
export type TitleAlign = 'start' | 'middle' | 'end';

/** What the artist's edit words ask of a cover, and which words the renderer could not use. */
export interface EditReading {
  palette: PaletteShift;
  /** The colour words read, as written. */
  colours: string[];
  placement?: TitlePlacement;
  align?: TitleAlign;
  /** Title size: +1 bigger, -1 smaller. */
  size?: number;
  motifs: string[];
  mood: CoverMood | null;
  /** Words that asked for something the renderer did not do, in the order written. */
  unused: string[];
}

/** Words that carry no request of their own ("make it", "the title", "please"). */
const GLUE = new Set(
  (
    'a an the it its itd make made makes making let lets can could would should please pls just only also still really very more less much so too bit little lot lots some any ' +
    'and or but with without of to in on at into onto for from by over under behind than then as like same keep kept put add adding change changed turn use using give me my i we our us you your ' +
    'is are be been was were this that these those all everything whole title text name names lettering font type cover artwork art image picture design version one ones ' +
    'colour colours color colors colored coloured tone tones shade shades background backdrop field palette look looks feel vibe style kind sort kinda want wanted need have has ' +
    'there here up down instead now again way get got do dont no not yes maybe something thing things place placed move moved set side corner area part mostly entirely fully slightly ' +
    'scheme theme mode instead rather totally completely area section everywhere around'
  ).split(' '),
);

const PLACEMENT: Record<string, TitlePlacement> = { top: 'top', upper: 'top', higher: 'top', bottom: 'bottom', lower: 'bottom', base: 'bottom', center: 'center', centre: 'center', middle: 'center', centered: 'center', centred: 'center' };
const ALIGN: Record<string, TitleAlign> = { left: 'start', right: 'end' };
const SIZE: Record<string, number> = { bigger: 1, larger: 1, huge: 1, bold: 1, bolder: 1, big: 1, large: 1, giant: 1, smaller: -1, subtle: -1, tiny: -1, small: -1, quieter: -1 };
const LIGHT: Record<string, number> = { darker: -12, darken: -12, moodier: -12, dimmer: -12, lighter: 12, light: 12, lighten: 12, brighter: 12, brighten: 12, daylight: 12, bright: 12 };
const SATURATION: Record<string, number> = { saturated: 18, vivid: 18, punchier: 18, vibrant: 18, colourful: 18, colorful: 18, muted: -25, desaturated: -25, softer: -25, faded: -25, washed: -25, dull: -25 };
const WARMTH: Record<string, number> = { warmer: 1, warm: 1, cooler: -1, cool: -1, cold: -1, colder: -1, icy: -1 };
const MONO = new Set(['monochrome', 'greyscale', 'grayscale', 'mono', 'monochromatic', 'colourless', 'colorless']);

const tokens = (text: string) => text.toLowerCase().match(/[a-z0-9']+/g)?.map((w) => w.replace(/'/g, '')) ?? [];

/** Reads one or more edit instructions (oldest first); later instructions win where they disagree. */
export function readEdit(text: string): EditReading {
  const words = tokens(text);
  const used = new Set<number>();
  const palette: PaletteShift = {};
  const colours: string[] = [];
  const reading: EditReading = { palette, colours, motifs: [], mood: null, unused: [] };

  // "black and white", "black & white", "b&w": no colour at all.
  for (let i = 0; i + 2 < words.length; i++) {
    if (words[i] === 'black' && words[i + 1] === 'and' && words[i + 2] === 'white') {
      palette.mono = true;
      colours.push('black and white');
      [i, i + 1, i + 2].forEach((k) => used.add(k));
    }
  }
  // Title placement phrases ("title at the top", "move it left").
  words.forEach((w, i) => {
    if (used.has(i)) return;
    if (MONO.has(w)) {
      palette.mono = true;
      colours.push(w);
      used.add(i);
    } else if (w === 'pastel' || w === 'pastels') {
      palette.pastel = true;
      colours.push(w);
      used.add(i);
    } else if (w === 'black' || w === 'white') {
      palette.field = w;
      colours.push(w);
      used.add(i);
    } else if (COLOUR_WORDS[w]) {
      // A colour word: the first sets the hue, a second joins it ("blue and gold").
      const hue = COLOUR_WORDS[w].h;
      if (palette.hue === undefined || colours.length === 0) palette.hue = hue;
      else if (palette.hue2 === undefined && hue !== palette.hue) palette.hue2 = hue;
      colours.push(w);
      used.add(i);
    } else if (PLACEMENT[w]) {
      reading.placement = PLACEMENT[w];
      used.add(i);
    } else if (ALIGN[w]) {
      reading.align = ALIGN[w];
      used.add(i);
    } else if (SIZE[w]) {
      reading.size = SIZE[w];
      used.add(i);
    } else if (LIGHT[w]) {
      palette.light = LIGHT[w];
      used.add(i);
    } else if (SATURATION[w]) {
      palette.saturation = SATURATION[w];
      used.add(i);
    } else if (WARMTH[w]) {
      palette.warmth = WARMTH[w];
      used.add(i);
    }
  });
  // Motifs: two-word phrases first ("ledger numbers"), among words not yet used.
  const free = words.map((w, i) => (used.has(i) ? '\u0000' : w));
  const found = motifsInWords(free);
  found.used.forEach((i) => used.add(i));
  reading.motifs = found.motifs;
  // Mood words that are not motifs set the mood.
  const scores = new Map<CoverMood, number>();
  words.forEach((w, i) => {
    if (used.has(i)) return;
    for (const mood of COVER_MOODS) {
      if (MOOD_WORDS[mood].includes(w)) {
        scores.set(mood, (scores.get(mood) ?? 0) + 1);
        used.add(i);
      }
    }
  });
  reading.mood = [...scores.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const unused: string[] = [];
  words.forEach((w, i) => {
    if (!used.has(i) && !GLUE.has(w) && w.length > 1 && !unused.includes(w)) unused.push(w);
  });
  reading.unused = unused;
  return reading;
}

/**
 * Reads the edits of a version in order: each instruction is read on its own and later ones win
 * (a second "make it gold" replaces the first "make it blue"); motifs gather, newest first.
 */
export function readEdits(edits: readonly string[]): EditReading {
  const out: EditReading = { palette: {}, colours: [], motifs: [], mood: null, unused: [] };
  for (const edit of edits) {
    const r = readEdit(edit);
    if (r.colours.length) {
      // A new colour request starts the colours afresh.
      out.palette = { light: out.palette.light, saturation: out.palette.saturation, warmth: out.palette.warmth };
      out.colours = [];
    }
    out.palette = { ...out.palette, ...Object.fromEntries(Object.entries(r.palette).filter(([, v]) => v !== undefined)) };
    out.colours.push(...r.colours);
    out.placement = r.placement ?? out.placement;
    out.align = r.align ?? out.align;
    out.size = r.size ?? out.size;
    out.mood = r.mood ?? out.mood;
    out.motifs = [...new Set([...r.motifs, ...out.motifs])];
    out.unused = r.unused;
  }
  return out;
}
