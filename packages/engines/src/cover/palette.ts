import type { CoverMood } from './concept';
import type { CoverStyleId } from './styles';
import type { Random } from './random';

export interface Hsl {
  h: number;
  s: number;
  l: number;
}
/**
 * A cover's colours, built by a colour-harmony rule from one base hue (the mood's, or the colour
 * the artist asked for): the ground (the field, two tones), three art colours and the title's ink.
 */
export interface Palette {
  /** The field, from its first tone to its second. */
  background: [Hsl, Hsl];
  primary: Hsl;
  secondary: Hsl;
  accent: Hsl;
  /** The title's colour, before the contrast rule checks it against what lies under it. */
  ink: Hsl;
  /** The harmony rule the palette was built with. */
  harmony: Harmony;
}

export type Harmony = 'monochrome' | 'analogous' | 'complementary' | 'split-complementary' | 'triadic';

const hsl = (h: number, s: number, l: number): Hsl => ({ h: ((h % 360) + 360) % 360, s: clamp(s, 0, 100), l: clamp(l, 0, 100) });
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
export function adjust(c: Hsl, d: Partial<Hsl>): Hsl {
  return hsl(c.h + (d.h ?? 0), c.s + (d.s ?? 0), c.l + (d.l ?? 0));
}

/** Each mood's home hue and how much colour it carries (0..1). */
const MOOD_HUE: Record<CoverMood, { h: number; chroma: number }> = {
  dark: { h: 222, chroma: 0.55 },
  aggressive: { h: 2, chroma: 0.95 },
  luxury: { h: 43, chroma: 0.8 },
  romantic: { h: 342, chroma: 0.75 },
  nostalgic: { h: 28, chroma: 0.6 },
  euphoric: { h: 300, chroma: 1 },
  dreamy: { h: 258, chroma: 0.6 },
  hustle: { h: 48, chroma: 0.45 },
};

/** The hues a harmony puts beside the base: [secondary, accent] offsets in degrees. */
const HARMONY_OFFSETS: Record<Harmony, [number, number]> = {
  monochrome: [0, 0],
  analogous: [28, -28],
  complementary: [0, 180],
  'split-complementary': [150, 210],
  triadic: [120, 240],
};

/** What each style does with colour: its harmony, how light its field is, how much colour. */
interface StyleTone {
  harmony: Harmony;
  /** The field's lightness (two tones) and saturation factor. */
  ground: [number, number];
  groundSat: number;
  artLight: number;
  artSat: number;
  /** The title's ink lightness. */
  inkLight: number;
}
const TONES: Record<CoverStyleId, StyleTone> = {
  'modern-minimalist': { harmony: 'analogous', ground: [92, 88], groundSat: 0.35, artLight: 42, artSat: 0.8, inkLight: 12 },
  'vibrant-colourful': { harmony: 'triadic', ground: [30, 20], groundSat: 1, artLight: 58, artSat: 1, inkLight: 98 },
  'dark-moody': { harmony: 'analogous', ground: [9, 4], groundSat: 0.55, artLight: 62, artSat: 0.45, inkLight: 90 },
  'vintage-90s': { harmony: 'split-complementary', ground: [84, 76], groundSat: 0.5, artLight: 48, artSat: 0.6, inkLight: 16 },
  'luxury-opulent': { harmony: 'monochrome', ground: [7, 3], groundSat: 0.25, artLight: 52, artSat: 0.85, inkLight: 66 },
  'street-art': { harmony: 'complementary', ground: [44, 34], groundSat: 0.25, artLight: 55, artSat: 1, inkLight: 97 },
  'swiss-typographic': { harmony: 'complementary', ground: [94, 91], groundSat: 0.12, artLight: 48, artSat: 1, inkLight: 9 },
  'duotone-mesh': { harmony: 'complementary', ground: [24, 9], groundSat: 0.9, artLight: 50, artSat: 0.95, inkLight: 97 },
  'grain-blur': { harmony: 'analogous', ground: [22, 10], groundSat: 0.7, artLight: 60, artSat: 0.9, inkLight: 95 },
};

/** What an edit asks of the colours. */
export interface PaletteShift {
  /** The hue asked for ("blue"), and a second one ("blue and gold"). */
  hue?: number;
  hue2?: number;
  /** "pastel": light, soft colours. */
  pastel?: boolean;
  /** "black and white", "monochrome", "greyscale": no colour at all. */
  mono?: boolean;
  /** A black or a white field. */
  field?: 'black' | 'white';
  light?: number;
  saturation?: number;
  warmth?: number;
}

/** Colour words and their hues (degrees), with the saturation and lightness the word implies. */
export const COLOUR_WORDS: Record<string, { h: number; s?: number; l?: number }> = {
  red: { h: 0 }, crimson: { h: 350 }, scarlet: { h: 4 }, maroon: { h: 350, l: 30 }, burgundy: { h: 345, l: 28 }, wine: { h: 345, l: 30 },
  orange: { h: 26 }, amber: { h: 38 }, gold: { h: 45, s: 75 }, golden: { h: 45, s: 75 }, yellow: { h: 52 }, mustard: { h: 46, s: 60 },
  green: { h: 130 }, emerald: { h: 150 }, olive: { h: 75, s: 45 }, lime: { h: 95 }, mint: { h: 155, s: 55 }, teal: { h: 178 }, turquoise: { h: 172 },
  cyan: { h: 188 }, aqua: { h: 185 }, blue: { h: 220 }, navy: { h: 226, l: 25 }, cobalt: { h: 215 },
  purple: { h: 275 }, violet: { h: 268 }, lavender: { h: 262, s: 55 }, lilac: { h: 280, s: 50 }, indigo: { h: 248 },
  magenta: { h: 305 }, pink: { h: 330 }, peach: { h: 22, s: 80 }, brown: { h: 25, s: 45, l: 30 }, sepia: { h: 32, s: 40 },
  silver: { h: 215, s: 8 }, chrome: { h: 210, s: 10 },
};

/** Hue distance on the circle. */
export const hueDistance = (a: number, b: number) => {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return Math.min(d, 360 - d);
};

/**
 * A palette for a mood and a style, turned by the artist's edit, with a small seeded drift so
 * versions differ. With a colour asked for, the harmony narrows to the asked hue and its
 * neighbours (analogous, or the two hues asked for), so the colour the artist named is the
 * colour the cover is; the accent stays small.
 */
export function paletteFor(mood: CoverMood, style: CoverStyleId, random: Random, shift: PaletteShift = {}): Palette {
  const tone = TONES[style];
  const home = MOOD_HUE[mood];
  const drift = random.range(-12, 12);
  let harmony = tone.harmony;
  let base = home.h + drift;
  let chroma = home.chroma;
  // Luxury is gold unless another colour is asked for.
  if (style === 'luxury-opulent') base = 43 + drift * 0.3;
  let second: number | undefined;
  if (shift.hue !== undefined) {
    base = shift.hue + drift * 0.4;
    chroma = 1;
    if (shift.hue2 !== undefined) {
      second = shift.hue2;
    } else if (harmony !== 'monochrome') harmony = 'analogous';
  }
  const [offSecondary, offAccent] = HARMONY_OFFSETS[harmony];
  const narrow = shift.hue !== undefined && shift.hue2 === undefined;
  const hueSecondary = second ?? base + (narrow ? offSecondary * 0.55 : offSecondary);
  const hueAccent = second ?? base + (narrow ? offAccent * 0.55 : offAccent);
  const sat = (factor: number) => 100 * clamp(factor * (0.35 + 0.65 * chroma), 0, 1);

  let groundHue = base;
  if (style === 'duotone-mesh' && !narrow) groundHue = base;
  let p: Palette = {
    background: [hsl(groundHue, sat(tone.groundSat) * 0.9, tone.ground[0]), hsl(groundHue + (narrow ? 6 : 14), sat(tone.groundSat), tone.ground[1])],
    primary: hsl(base, sat(tone.artSat), tone.artLight),
    secondary: hsl(hueSecondary, sat(tone.artSat * 0.9), clamp(tone.artLight + 10, 0, 90)),
    accent: hsl(hueAccent, sat(Math.min(1, tone.artSat * 1.1)), clamp(tone.artLight + 4, 0, 90)),
    ink: hsl(base, tone.inkLight > 50 ? 18 : 30, tone.inkLight),
    harmony,
  };
  if (style === 'luxury-opulent') p = { ...p, primary: hsl(base, 72, 50), accent: hsl(base + 3, 85, 68), ink: hsl(base + 1, 78, 64) };
  if (style === 'vintage-90s' && shift.hue === undefined) p = { ...p, background: [hsl(40, 42, 84), hsl(34, 38, 76)] };

  if (shift.field === 'black') p = { ...p, background: [hsl(p.background[0].h, 10, 7), hsl(p.background[1].h, 10, 3)], ink: hsl(p.ink.h, 10, 95) };
  if (shift.field === 'white') p = { ...p, background: [hsl(p.background[0].h, 12, 96), hsl(p.background[1].h, 12, 92)], ink: hsl(p.ink.h, 20, 10) };
  if (shift.pastel) {
    p = mapColours(p, (c, role) => (role === 'background' ? hsl(c.h, 55, 86 + (c.l > 50 ? 2 : 0)) : role === 'ink' ? hsl(c.h, 35, 22) : hsl(c.h, 60, 72)));
  }
  if (shift.light) p = mapColours(p, (c, role) => (role === 'ink' ? c : adjust(c, { l: shift.light })));
  if (shift.saturation) p = mapColours(p, (c) => adjust(c, { s: shift.saturation }));
  if (shift.warmth) p = mapColours(p, (c) => adjust(c, { h: shift.warmth! > 0 ? (c.h > 40 && c.h < 220 ? -20 : 10) : c.h < 200 ? 20 : 0 }));
  if (shift.mono) p = mapColours(p, (c) => hsl(c.h, 0, c.l));
  return p;
}

function mapColours(p: Palette, f: (c: Hsl, role: 'background' | 'primary' | 'secondary' | 'accent' | 'ink') => Hsl): Palette {
  return {
    background: [f(p.background[0], 'background'), f(p.background[1], 'background')],
    primary: f(p.primary, 'primary'),
    secondary: f(p.secondary, 'secondary'),
    accent: f(p.accent, 'accent'),
    ink: f(p.ink, 'ink'),
    harmony: p.harmony,
  };
}

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export function css(c: Hsl, alpha = 1): string {
  const { r, g, b } = hslToRgb(c);
  return alpha >= 1 ? rgbHex({ r, g, b }) : `rgba(${r},${g},${b},${Math.round(alpha * 1000) / 1000})`;
}
export const rgbHex = ({ r, g, b }: Rgb) => `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

export function hslToRgb({ h, s, l }: Hsl): Rgb {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return { r: Math.round(f(0) * 255), g: Math.round(f(8) * 255), b: Math.round(f(4) * 255) };
}

/** WCAG relative luminance of 0..255 channels. */
export function rgbLuminance({ r, g, b }: Rgb): number {
  const ch = (v: number) => {
    const x = v / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
}
export const luminance = (c: Hsl) => rgbLuminance(hslToRgb(c));
export function contrastRatio(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
export function contrast(a: Hsl, b: Hsl): number {
  return contrastRatio(luminance(a), luminance(b));
}

/** Hue (degrees) and chroma (0..1) of a 0..255 colour. */
export function hueOf({ r, g, b }: Rgb): { h: number; chroma: number } {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const c = (max - min) / 255;
  if (c === 0) return { h: 0, chroma: 0 };
  let h: number;
  if (max === r) h = ((g - b) / (max - min)) % 6;
  else if (max === g) h = (b - r) / (max - min) + 2;
  else h = (r - g) / (max - min) + 4;
  return { h: (h * 60 + 360) % 360, chroma: c };
}
