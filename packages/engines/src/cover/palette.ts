import type { CoverMood } from './concept';
import type { CoverStyleId } from './styles';
import type { Random } from './random';

export interface Hsl {
  h: number;
  s: number;
  l: number;
}
export interface Palette {
  /** Background gradient, from top to bottom. */
  background: [Hsl, Hsl];
  primary: Hsl;
  secondary: Hsl;
  accent: Hsl;
  /** The title's colour. */
  ink: Hsl;
}

const hsl = (h: number, s: number, l: number): Hsl => ({ h, s, l });

const BASE: Record<CoverMood, Palette> = {
  dark: { background: [hsl(225, 45, 12), hsl(230, 30, 5)], primary: hsl(220, 35, 28), secondary: hsl(210, 15, 45), accent: hsl(352, 75, 45), ink: hsl(210, 20, 92) },
  aggressive: { background: [hsl(0, 10, 8), hsl(0, 60, 14)], primary: hsl(358, 80, 40), secondary: hsl(22, 90, 50), accent: hsl(40, 95, 55), ink: hsl(0, 0, 96) },
  luxury: { background: [hsl(40, 15, 9), hsl(30, 10, 3)], primary: hsl(43, 70, 48), secondary: hsl(38, 45, 70), accent: hsl(45, 90, 62), ink: hsl(44, 80, 66) },
  romantic: { background: [hsl(340, 45, 22), hsl(350, 55, 12)], primary: hsl(345, 65, 55), secondary: hsl(20, 85, 75), accent: hsl(330, 80, 75), ink: hsl(30, 60, 94) },
  nostalgic: { background: [hsl(35, 40, 78), hsl(28, 35, 62)], primary: hsl(180, 30, 38), secondary: hsl(44, 75, 52), accent: hsl(12, 60, 50), ink: hsl(20, 35, 18) },
  euphoric: { background: [hsl(300, 75, 40), hsl(265, 70, 22)], primary: hsl(320, 90, 58), secondary: hsl(190, 95, 52), accent: hsl(50, 98, 58), ink: hsl(0, 0, 100) },
  dreamy: { background: [hsl(255, 50, 28), hsl(235, 55, 12)], primary: hsl(265, 45, 62), secondary: hsl(210, 30, 78), accent: hsl(290, 60, 78), ink: hsl(240, 40, 96) },
  hustle: { background: [hsl(210, 5, 30), hsl(210, 6, 12)], primary: hsl(210, 4, 55), secondary: hsl(0, 0, 85), accent: hsl(52, 98, 55), ink: hsl(0, 0, 98) },
};

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
export function adjust(c: Hsl, d: Partial<Hsl>): Hsl {
  return { h: (((c.h + (d.h ?? 0)) % 360) + 360) % 360, s: clamp(c.s + (d.s ?? 0), 0, 100), l: clamp(c.l + (d.l ?? 0), 0, 100) };
}
const map = (p: Palette, f: (c: Hsl, role: keyof Palette) => Hsl): Palette => ({
  background: [f(p.background[0], 'background'), f(p.background[1], 'background')],
  primary: f(p.primary, 'primary'),
  secondary: f(p.secondary, 'secondary'),
  accent: f(p.accent, 'accent'),
  ink: f(p.ink, 'ink'),
});

/** What an edit asks of the colours, in words an artist would use. */
export interface PaletteShift {
  hue?: number;
  light?: number;
  saturation?: number;
  warmth?: number;
}

const COLOUR_HUES: Record<string, number> = {
  red: 0, crimson: 350, orange: 25, gold: 45, golden: 45, yellow: 52, green: 130, emerald: 150, teal: 178, cyan: 188, blue: 220, navy: 225,
  purple: 275, violet: 270, lavender: 265, magenta: 305, pink: 330,
};

/** Reads colour words, lighter/darker, warmer/cooler and brighter/muted from an edit instruction. */
export function paletteShiftOf(text: string): PaletteShift & { colour: string | null } {
  const lower = text.toLowerCase();
  const colour = Object.keys(COLOUR_HUES).find((c) => new RegExp(`\\b${c}\\b`).test(lower)) ?? null;
  const shift: PaletteShift & { colour: string | null } = { colour };
  if (colour) shift.hue = COLOUR_HUES[colour];
  if (/\b(darker|darken|moodier|night)\b/.test(lower)) shift.light = -12;
  if (/\b(lighter|brighter|brighten|lighten|daylight)\b/.test(lower)) shift.light = 12;
  if (/\b(more colou?r|saturated|vivid|punchier|bolder)\b/.test(lower)) shift.saturation = 18;
  if (/\b(muted|desaturated|softer|black and white|monochrome|greyscale|grayscale)\b/.test(lower)) shift.saturation = /black and white|monochrome|gr[ae]yscale/.test(lower) ? -100 : -25;
  if (/\bwarmer\b/.test(lower)) shift.warmth = 1;
  if (/\bcooler\b/.test(lower)) shift.warmth = -1;
  return shift;
}

/** A mood's palette, turned to the style (minimal, vivid, dark, faded, gilded, loud) and the artist's edit, with a seeded drift so versions differ. */
export function paletteFor(mood: CoverMood, style: CoverStyleId, random: Random, shift: PaletteShift = {}): Palette {
  let p = BASE[mood];
  const drift = random.range(-14, 14);
  p = map(p, (c) => adjust(c, { h: drift }));
  switch (style) {
    case 'modern-minimalist':
      p = { ...p, background: [adjust(p.background[0], { s: -25, l: p.background[0].l > 50 ? 10 : 4 }), adjust(p.background[0], { s: -25, l: p.background[0].l > 50 ? 6 : 2 })] };
      break;
    case 'vibrant-colourful':
      p = map(p, (c, role) => (role === 'ink' ? c : adjust(c, { s: 30, l: role === 'background' ? 18 : 6 })));
      break;
    case 'dark-moody':
      p = map(p, (c, role) => (role === 'ink' ? adjust(c, { s: -20, l: -6 }) : adjust(c, { s: -15, l: role === 'background' ? -8 : -12 })));
      break;
    case 'vintage-90s':
      p = map(p, (c, role) => (role === 'ink' ? hsl(15, 45, 16) : role === 'background' ? adjust(hsl(38, 45, 82), { l: c.l > 50 ? 0 : -6 }) : adjust(c, { s: -25, l: 4 })));
      break;
    case 'luxury-opulent':
      p = { background: [hsl(30, 12, 7), hsl(20, 10, 2)], primary: hsl(43, 72, 50), secondary: adjust(p.primary, { s: -20, l: -10 }), accent: hsl(46, 85, 68), ink: hsl(44, 78, 64) };
      break;
    case 'street-art':
      p = map(p, (c, role) => (role === 'background' ? adjust(c, { s: -40, l: 8 }) : role === 'ink' ? c : adjust(c, { s: 35, l: 8 })));
      break;
  }
  if (shift.hue !== undefined) {
    const hue = shift.hue;
    p = { ...p, primary: { ...p.primary, h: hue, s: Math.max(p.primary.s, 55) }, accent: { ...p.accent, h: (hue + 30) % 360, s: Math.max(p.accent.s, 60) }, background: [{ ...p.background[0], h: hue }, { ...p.background[1], h: hue }] };
  }
  if (shift.light) p = map(p, (c, role) => (role === 'ink' ? c : adjust(c, { l: shift.light })));
  if (shift.saturation) p = map(p, (c) => adjust(c, { s: shift.saturation }));
  if (shift.warmth) p = map(p, (c) => adjust(c, { h: shift.warmth! > 0 ? (c.h > 40 && c.h < 220 ? -20 : 10) : (c.h < 200 ? 20 : 0) }));
  return p;
}

export function css(c: Hsl, alpha = 1): string {
  const { r, g, b } = hslToRgb(c);
  return alpha >= 1 ? `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}` : `rgba(${r},${g},${b},${Math.round(alpha * 1000) / 1000})`;
}

export function hslToRgb({ h, s, l }: Hsl): { r: number; g: number; b: number } {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return { r: Math.round(f(0) * 255), g: Math.round(f(8) * 255), b: Math.round(f(4) * 255) };
}

/** WCAG relative luminance, to keep the title readable against what is behind it. */
export function luminance(c: Hsl): number {
  const { r, g, b } = hslToRgb(c);
  const ch = (v: number) => {
    const x = v / 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
}
export function contrast(a: Hsl, b: Hsl): number {
  const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m) as [number, number];
  return (x + 0.05) / (y + 0.05);
}
