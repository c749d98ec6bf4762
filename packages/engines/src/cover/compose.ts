import type { CoverMood } from './concept';
import { readEdits, type TitleAlign, type TitlePlacement } from './edit';
import type { FontMetrics } from './font-metrics';
import { canonicalMotif, motifById } from './motifs';
import { adjust, contrastRatio, css, hslToRgb, paletteFor, rgbHex, rgbLuminance, type Hsl, type Palette, type Rgb } from './palette';
import { createRandom, hashString, type Random } from './random';
import { STYLE_FONTS, type CoverFontFamily, type CoverStyleId } from './styles';

/** Distributors' master size. */
export const COVER_SIZE = 3000;
/** Text stays this far (8 %) from every edge: inside what stores crop or round. */
export const SAFE_MARGIN_RATIO = 0.08;
/** Motifs and shapes keep this far (3 % of the short side) from the title and artist block. */
export const TITLE_CLEARANCE_RATIO = 0.03;
/** The title's contrast with what lies under it, per glyph: WCAG AA for text, and a little room for grain. */
export const MIN_TITLE_CONTRAST = 4.5;
const DESIGN_CONTRAST = 5.2;
export const BUILT_IN_COVER_RENDERER = 'Built-in cover renderer';

export interface CoverDesign {
  title: string;
  artist?: string | null;
  style: CoverStyleId;
  mood: CoverMood;
  /** Motif ids from the library (older versions' names are read too). */
  motifs: string[];
  /** 0..1 */
  energy: number;
  advisory: boolean;
  seed: number;
  /** The artist's edit instructions so far, oldest first: palette, mood words, motifs and layout. */
  edits?: string[];
  /** ISO date (YYYY-MM-DD): shown under the artist on the kit's post and story, never on the master. */
  releaseDate?: string | null;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface CoverLayout {
  /** The frame's longer side. */
  size: number;
  width: number;
  height: number;
  safeMargin: number;
  /** Where the title block is set (its estimated ink box). */
  title: Box & { lines: string[]; fontSize: number; family: CoverFontFamily };
  artist: Box | null;
  /** The release date line (kit only). */
  date: Box | null;
  /** The Parental Advisory label, when drawn. */
  label: Box | null;
  mood: CoverMood;
  motifs: string[];
  /** The title and artist block grown by the clearance: no motif or shape ink falls inside. */
  clearance: Box;
  /** The area motifs and shapes are drawn in (clipped to it). */
  zone: Box | null;
  /** Each glyph's box (title, artist, date), where contrast is measured. */
  glyphs: Box[];
  /** The text's colour(s): one, or a gradient's stops. */
  ink: string[];
  /** The contrast the composer predicted, per glyph, at its worst. */
  predictedContrast: number;
  /** A backing plate was needed under the title. */
  plate: boolean;
  harmony: Palette['harmony'];
  /** The words of the latest edit the renderer did not use. */
  unusedWords: string[];
}
export interface ComposedCover {
  svg: string;
  /** The same canvas with only the title: to measure where its ink falls. */
  titleSvg: string;
  /**
   * The same picture as SVG bodies (to wrap with `svgDocument`): `art` (ground, backing, shapes and
   * motifs), `overlay` (title, artist, date, label: what must stay sharp) and `motifs` (the shapes
   * and motifs alone, to measure that they keep clear of the title). `svg` is `art` under `overlay`.
   */
  layers: { art: string; overlay: string; motifs: string };
  layout: CoverLayout;
}

/**
 * An SVG document of `width`×`height` pixels showing `viewBox` (the whole canvas unless given):
 * a rasteriser can draw one region of a composition by wrapping its body with that region's box.
 */
export function svgDocument(body: string, width: number, height: number, viewBox: Box = { x: 0, y: 0, width, height }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox.x} ${viewBox.y} ${viewBox.width} ${viewBox.height}">${body}</svg>`;
}

export type CoverFonts = Record<CoverFontFamily, FontMetrics>;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const r1 = (n: number) => Math.round(n * 10) / 10;

/* ------------------------------------------------------------------------------------------------
 * The ground: the fields under everything (linear gradients, soft radial light, flat blocks). It
 * is drawn as SVG and can also be evaluated at any point, so the composer knows the colour under
 * each glyph before anything is rasterised.
 * ---------------------------------------------------------------------------------------------- */
type Stop = [offset: number, colour: Hsl, alpha: number];
type GroundItem =
  | { kind: 'linear'; x1: number; y1: number; x2: number; y2: number; stops: Stop[] }
  | { kind: 'radial'; cx: number; cy: number; r: number; stops: Stop[] }
  | { kind: 'rect'; x: number; y: number; w: number; h: number; colour: Hsl; alpha: number };

function groundSvg(items: GroundItem[], W: number, H: number, prefix: string): { defs: string; body: string } {
  const defs: string[] = [];
  const body: string[] = [];
  const stops = (list: Stop[]) => list.map(([o, c, a]) => `<stop offset="${o}" stop-color="${css(c)}"${a < 1 ? ` stop-opacity="${r1(a * 1000) / 1000}"` : ''}/>`).join('');
  items.forEach((item, i) => {
    const id = `${prefix}${i}`;
    if (item.kind === 'linear') {
      defs.push(`<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${r1(item.x1)}" y1="${r1(item.y1)}" x2="${r1(item.x2)}" y2="${r1(item.y2)}">${stops(item.stops)}</linearGradient>`);
      body.push(`<rect width="${W}" height="${H}" fill="url(#${id})"/>`);
    } else if (item.kind === 'radial') {
      defs.push(`<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${r1(item.cx)}" cy="${r1(item.cy)}" r="${r1(item.r)}">${stops(item.stops)}</radialGradient>`);
      body.push(`<circle cx="${r1(item.cx)}" cy="${r1(item.cy)}" r="${r1(item.r)}" fill="url(#${id})"/>`);
    } else {
      body.push(`<rect x="${r1(item.x)}" y="${r1(item.y)}" width="${r1(item.w)}" height="${r1(item.h)}" fill="${css(item.colour)}"${item.alpha < 1 ? ` fill-opacity="${r1(item.alpha * 1000) / 1000}"` : ''}/>`);
    }
  });
  return { defs: defs.join(''), body: body.join('') };
}

function stopAt(stops: Stop[], t: number): { c: Rgb; a: number } {
  const first = stops[0]!;
  const last = stops.at(-1)!;
  if (t <= first[0]) return { c: hslToRgb(first[1]), a: first[2] };
  if (t >= last[0]) return { c: hslToRgb(last[1]), a: last[2] };
  for (let i = 1; i < stops.length; i++) {
    const [o1, c1, a1] = stops[i]!;
    const [o0, c0, a0] = stops[i - 1]!;
    if (t <= o1) {
      const k = (t - o0) / Math.max(1e-9, o1 - o0);
      const x = hslToRgb(c0);
      const y = hslToRgb(c1);
      return { c: { r: x.r + (y.r - x.r) * k, g: x.g + (y.g - x.g) * k, b: x.b + (y.b - x.b) * k }, a: a0 + (a1 - a0) * k };
    }
  }
  return { c: hslToRgb(last[1]), a: last[2] };
}

/** The ground's colour at a point (sRGB 0..255), composited as a rasteriser does. */
export function groundAt(items: GroundItem[], x: number, y: number): Rgb {
  let out: Rgb = { r: 0, g: 0, b: 0 };
  const over = (c: Rgb, a: number) => {
    out = { r: out.r + (c.r - out.r) * a, g: out.g + (c.g - out.g) * a, b: out.b + (c.b - out.b) * a };
  };
  for (const item of items) {
    if (item.kind === 'linear') {
      const dx = item.x2 - item.x1;
      const dy = item.y2 - item.y1;
      const t = ((x - item.x1) * dx + (y - item.y1) * dy) / Math.max(1e-9, dx * dx + dy * dy);
      const s = stopAt(item.stops, t);
      over(s.c, s.a);
    } else if (item.kind === 'radial') {
      const d = Math.hypot(x - item.cx, y - item.cy) / item.r;
      if (d >= 1) continue;
      const s = stopAt(item.stops, d);
      over(s.c, s.a);
    } else if (x >= item.x && x <= item.x + item.w && y >= item.y && y <= item.y + item.h) over(hslToRgb(item.colour), item.alpha);
  }
  return out;
}

/* ------------------------------------------------------------------------------------------------
 * Styles: each a small design system (ground, where the title sits, how motifs are drawn).
 * ---------------------------------------------------------------------------------------------- */
interface StyleContext {
  W: number;
  H: number;
  M: number;
  p: Palette;
  r: Random;
  energy: number;
}
interface StyleSpec {
  placement: TitlePlacement;
  align: TitleAlign;
  /** Share of the inner width the title may take. */
  titleWidth: number;
  /** Share of the frame's height the title block may take. */
  titleHeight: number;
  ground(c: StyleContext, zoneHint: { x: number; y: number }): GroundItem[];
  /** The abstract form drawn in the hero cell when no motif is named (clipped to the zone). */
  hero(c: StyleContext, cell: Box, zone: Box): string;
  /** Motifs: how they are drawn in this style. */
  motif: { weight: number; colour(p: Palette): string; solid(p: Palette): string; scale: number };
  /** Frames outside the safe margin (kept out of the clearance by construction). */
  border?(c: StyleContext): string;
  /** Title ink: a solid colour, or a gradient's stops (top to bottom). */
  ink(p: Palette): Hsl[];
  /** The style's artist line. */
  artistWeight?: number;
}

const linear = (x1: number, y1: number, x2: number, y2: number, stops: Stop[]): GroundItem => ({ kind: 'linear', x1, y1, x2, y2, stops });
const radial = (cx: number, cy: number, r: number, colour: Hsl, alpha: number, soft = false): GroundItem => ({
  kind: 'radial',
  cx,
  cy,
  r,
  stops: soft ? [[0, colour, alpha], [0.55, colour, alpha * 0.82], [1, colour, 0]] : [[0, colour, alpha], [1, colour, 0]],
});
const circleSvg = (cx: number, cy: number, r: number, attrs: string) => `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" ${attrs}/>`;
const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

const STYLES: Record<CoverStyleId, StyleSpec> = {
  /** A flat, tinted field; one form on the grid's upper right; a compact title low left. Analogous colours, lots of air. */
  'modern-minimalist': {
    placement: 'bottom',
    align: 'start',
    titleWidth: 0.6,
    titleHeight: 0.3,
    ground: ({ H, p }) => [linear(0, 0, 0, H, [[0, p.background[0], 1], [1, p.background[1], 1]])],
    hero: ({ p, r }, cell) => {
      const c = centre(cell);
      const rad = cell.width * 0.42;
      return r.chance(0.5)
        ? circleSvg(c.x, c.y, rad, `fill="${css(p.primary)}"`) + circleSvg(c.x - rad * 0.78, c.y + rad * 0.62, rad * 0.16, `fill="${css(p.accent)}"`)
        : `<path d="M ${r1(c.x - rad)} ${r1(c.y + rad * 0.5)} A ${r1(rad)} ${r1(rad)} 0 0 1 ${r1(c.x + rad)} ${r1(c.y + rad * 0.5)} Z" fill="${css(p.primary)}"/>` +
            `<rect x="${r1(c.x - rad)}" y="${r1(c.y + rad * 0.62)}" width="${r1(rad * 2)}" height="${r1(rad * 0.08)}" fill="${css(p.accent)}"/>`;
    },
    motif: { weight: 1.8, colour: (p) => css(p.primary), solid: (p) => css(p.accent), scale: 0.9 },
    ink: (p) => [p.ink],
  },

  /** Triadic colour fields melting into each other (soft radial light), a huge centred title. */
  'vibrant-colourful': {
    placement: 'center',
    align: 'middle',
    titleWidth: 0.9,
    titleHeight: 0.42,
    ground: ({ W, H, M, p, r, energy }, hint) => {
      const items: GroundItem[] = [linear(0, 0, W, H, [[0, p.background[0], 1], [1, p.background[1], 1]])];
      const colours = [p.primary, p.secondary, p.accent];
      const count = 3 + Math.round(energy * 2);
      for (let i = 0; i < count; i++) {
        const corner = i === 0 ? hint : { x: r.pick([0.1, 0.9]) * W, y: r.pick([0.08, 0.92]) * H };
        items.push(radial(corner.x + r.range(-0.05, 0.05) * M, corner.y + r.range(-0.05, 0.05) * M, M * r.range(0.34, 0.48), colours[i % 3]!, 0.9, true));
      }
      return items;
    },
    hero: ({ p }, cell) => {
      const c = centre(cell);
      const rad = cell.width * 0.3;
      return [0, 1, 2].map((i) => circleSvg(c.x + (i - 1) * rad * 0.72, c.y, rad, `fill="none" stroke="${css(i === 1 ? p.ink : adjust(p.ink, { l: -4 }), 0.9)}" stroke-width="${r1(rad * 0.06)}"`)).join('');
    },
    motif: { weight: 3.2, colour: (p) => css(p.ink, 0.95), solid: (p) => css(p.ink, 0.95), scale: 0.9 },
    ink: (p) => [p.ink],
  },

  /** Near-black, one cold light in the upper field, the motif drawn thin in that light; a spaced title low. */
  'dark-moody': {
    placement: 'lower',
    align: 'middle',
    titleWidth: 0.74,
    titleHeight: 0.3,
    ground: ({ W, H, M, p }, hint) => [
      linear(0, 0, 0, H, [[0, p.background[0], 1], [1, p.background[1], 1]]),
      radial(hint.x, hint.y, M * 0.62, adjust(p.secondary, { l: -18 }), 0.5),
      radial(W * 0.5, H * 1.05, M * 0.7, adjust(p.primary, { l: -30 }), 0.5),
    ],
    hero: ({ p }, cell) => {
      const c = centre(cell);
      const rad = cell.width * 0.4;
      return circleSvg(c.x, c.y, rad, `fill="none" stroke="${css(p.secondary, 0.85)}" stroke-width="${r1(rad * 0.012)}"`) + circleSvg(c.x, c.y, rad * 0.55, `fill="none" stroke="${css(p.accent, 0.6)}" stroke-width="${r1(rad * 0.008)}"`);
    },
    motif: { weight: 1.1, colour: (p) => css(adjust(p.secondary, { l: 12 }), 0.92), solid: (p) => css(p.accent, 0.9), scale: 0.82 },
    ink: (p) => [p.ink],
  },

  /** Sun-faded paper, a two-colour print: bands at the foot, a halftone disc, a thick frame; a serif title at the top. */
  'vintage-90s': {
    placement: 'top',
    align: 'middle',
    titleWidth: 0.84,
    titleHeight: 0.3,
    ground: ({ W, H, p }) => [
      linear(0, 0, 0, H, [[0, p.background[0], 1], [1, p.background[1], 1]]),
      { kind: 'rect', x: 0, y: H * 0.84, w: W, h: H * 0.05, colour: p.primary, alpha: 1 },
      { kind: 'rect', x: 0, y: H * 0.905, w: W, h: H * 0.03, colour: p.accent, alpha: 1 },
    ],
    hero: ({ p, M }, cell) => {
      const c = centre(cell);
      const rad = cell.width * 0.46;
      const step = M * 0.018;
      const dots: string[] = [circleSvg(c.x, c.y, rad, `fill="${css(p.secondary)}"`)];
      for (let y = c.y - rad; y <= c.y + rad; y += step) {
        const k = (y - (c.y - rad)) / (2 * rad);
        for (let x = c.x - rad; x <= c.x + rad; x += step) {
          if (Math.hypot(x - c.x, y - c.y) < rad - step * 0.5) dots.push(circleSvg(x, y, step * 0.5 * k * 0.95, `fill="${css(adjust(p.primary, { l: -8 }))}"`));
        }
      }
      return dots.join('');
    },
    motif: { weight: 3, colour: (p) => css(p.ink), solid: (p) => css(p.ink), scale: 0.84 },
    border: ({ W, H, M, p }) => `<rect x="${r1(M * 0.03)}" y="${r1(M * 0.03)}" width="${r1(W - M * 0.06)}" height="${r1(H - M * 0.06)}" fill="none" stroke="${css(p.ink, 0.9)}" stroke-width="${r1(M * 0.008)}"/>`,
    ink: (p) => [p.ink],
  },

  /** Black and gold, an art-deco sunburst and rings round the motif, double gold rules; a gilded title below. */
  'luxury-opulent': {
    placement: 'lower',
    align: 'middle',
    titleWidth: 0.72,
    titleHeight: 0.28,
    ground: ({ H, M, p }, hint) => [linear(0, 0, 0, H, [[0, p.background[0], 1], [1, p.background[1], 1]]), radial(hint.x, hint.y, M * 0.5, p.primary, 0.22)],
    hero: ({ p, r }, cell) => {
      const c = centre(cell);
      const R = cell.width * 0.5;
      const parts: string[] = [];
      const fans = r.int(16, 24);
      for (let i = 0; i < fans; i++) {
        const a = (i / fans) * Math.PI * 2;
        parts.push(`<line x1="${r1(c.x + Math.cos(a) * R * 0.42)}" y1="${r1(c.y + Math.sin(a) * R * 0.42)}" x2="${r1(c.x + Math.cos(a) * R)}" y2="${r1(c.y + Math.sin(a) * R)}" stroke="${css(p.primary, 0.5)}" stroke-width="${r1(R * 0.006)}"/>`);
      }
      for (let i = 0; i < 4; i++) parts.push(circleSvg(c.x, c.y, R * (0.18 + i * 0.075), `fill="none" stroke="url(#gold)" stroke-width="${r1(R * (i === 3 ? 0.014 : 0.006))}"`));
      parts.push(`<path d="M ${r1(c.x)} ${r1(c.y - R * 0.1)} l ${r1(R * 0.1)} ${r1(R * 0.1)} l ${r1(-R * 0.1)} ${r1(R * 0.1)} l ${r1(-R * 0.1)} ${r1(-R * 0.1)} Z" fill="url(#gold)"/>`);
      return parts.join('');
    },
    motif: { weight: 1.5, colour: () => 'url(#gold)', solid: () => 'url(#gold)', scale: 0.74 },
    border: ({ W, H, M }) =>
      `<rect x="${r1(M * 0.03)}" y="${r1(M * 0.03)}" width="${r1(W - M * 0.06)}" height="${r1(H - M * 0.06)}" fill="none" stroke="url(#gold)" stroke-width="${r1(M * 0.004)}"/>` +
      `<rect x="${r1(M * 0.042)}" y="${r1(M * 0.042)}" width="${r1(W - M * 0.084)}" height="${r1(H - M * 0.084)}" fill="none" stroke="url(#gold)" stroke-width="${r1(M * 0.0015)}"/>`,
    ink: (p) => [adjust(p.accent, { l: 10 }), p.primary, adjust(p.accent, { l: 4 })],
  },

  /** A wall of paste-up posters (flat blocks in complementary colours), a spray halo, the motif in a fat marker line; a marker title. */
  'street-art': {
    placement: 'center',
    align: 'middle',
    titleWidth: 0.86,
    titleHeight: 0.4,
    ground: ({ W, H, M, p, r }, hint) => {
      const x = r.range(0.05, 0.2) * W;
      const y = r.range(0.04, 0.14) * H;
      return [
        linear(0, 0, W, H, [[0, p.background[0], 1], [1, p.background[1], 1]]),
        { kind: 'rect', x, y, w: W * r.range(0.55, 0.7), h: H * r.range(0.5, 0.62), colour: adjust(p.accent, { l: p.background[0].l > 70 ? 4 : -22 }), alpha: 1 },
        { kind: 'rect', x: W * r.range(0.35, 0.5), y: H * r.range(0.45, 0.55), w: W * 0.6, h: H * 0.5, colour: adjust(p.primary, { l: p.background[0].l > 70 ? 0 : -24 }), alpha: 1 },
        radial(hint.x, hint.y, M * 0.36, p.secondary, 0.75),
      ];
    },
    hero: ({ p }, cell) => {
      const c = centre(cell);
      const rad = cell.width * 0.38;
      return `<path d="M ${r1(c.x - rad)} ${r1(c.y)} C ${r1(c.x - rad)} ${r1(c.y - rad * 1.1)} ${r1(c.x + rad * 1.1)} ${r1(c.y - rad)} ${r1(c.x + rad)} ${r1(c.y + rad * 0.1)} C ${r1(c.x + rad * 0.9)} ${r1(c.y + rad)} ${r1(c.x - rad * 0.7)} ${r1(c.y + rad * 0.9)} ${r1(c.x - rad * 0.8)} ${r1(c.y + rad * 0.2)}" fill="none" stroke="${css(p.ink)}" stroke-width="${r1(rad * 0.12)}" stroke-linecap="round"/>`;
    },
    motif: { weight: 5, colour: (p) => css(p.ink), solid: (p) => css(p.ink), scale: 0.9 },
    ink: (p) => [p.ink],
  },

  /** International style: an off-white field, one colour block on the grid, a circle, hairline rules; a heavy flush-left title at the top. */
  'swiss-typographic': {
    placement: 'top',
    align: 'start',
    titleWidth: 0.94,
    titleHeight: 0.4,
    ground: ({ W, H, p, r }) => {
      const cols = r.int(5, 7);
      const x = (W / 12) * cols;
      return [linear(0, 0, 0, H, [[0, p.background[0], 1], [1, p.background[1], 1]]), { kind: 'rect', x, y: H * 0.52, w: W - x, h: H * 0.48, colour: p.primary, alpha: 1 }];
    },
    hero: ({ p, W, M }, cell, zone) => {
      const c = centre(cell);
      const rad = cell.width * 0.36;
      const rules = [0.25, 0.5, 0.75].map((k) => `<line x1="${r1(zone.x)}" y1="${r1(zone.y + zone.height * k)}" x2="${r1(Math.min(W, zone.x + zone.width))}" y2="${r1(zone.y + zone.height * k)}" stroke="${css(p.ink, 0.7)}" stroke-width="${r1(M * 0.0016)}"/>`);
      return rules.join('') + circleSvg(c.x, c.y, rad, `fill="${css(p.accent)}"`);
    },
    motif: { weight: 2.6, colour: (p) => css(p.ink), solid: (p) => css(p.accent), scale: 0.84 },
    ink: (p) => [p.ink],
  },

  /** Two complementary hues as a photographic gradient mesh (overlapping soft light), nothing else; a serif title low. */
  'duotone-mesh': {
    placement: 'bottom',
    align: 'middle',
    titleWidth: 0.8,
    titleHeight: 0.3,
    ground: ({ W, H, M, p, r }) => {
      const items: GroundItem[] = [linear(0, 0, W, H, [[0, p.background[0], 1], [1, p.background[1], 1]])];
      const tones = [adjust(p.primary, { l: 6 }), adjust(p.accent, { l: -4 }), adjust(p.primary, { l: -14 }), adjust(p.accent, { l: 12 }), p.secondary];
      tones.forEach((tone, i) => items.push(radial(r.range(0.05, 0.95) * W, r.range(0.0, 0.5) * H, M * r.range(0.4, 0.62), tone, i === 0 ? 0.95 : 0.7, true)));
      return items;
    },
    hero: () => '',
    motif: { weight: 1.6, colour: (p) => css(p.ink, 0.9), solid: (p) => css(p.ink, 0.9), scale: 0.74 },
    ink: (p) => [p.ink],
  },

  /** Out-of-focus light (soft bokeh discs) on a dark field under heavy grain; a small monospaced title in the centre. */
  'grain-blur': {
    placement: 'center',
    align: 'middle',
    titleWidth: 0.56,
    titleHeight: 0.2,
    ground: ({ W, H, M, p, r }, hint) => {
      const items: GroundItem[] = [linear(0, 0, 0, H, [[0, p.background[0], 1], [1, p.background[1], 1]])];
      const colours = [p.primary, p.secondary, p.accent, adjust(p.primary, { l: 12 })];
      items.push(radial(hint.x, hint.y, M * 0.34, colours[0]!, 0.85, true));
      for (let i = 1; i < 4; i++) items.push(radial(r.range(0.1, 0.9) * W, r.range(0.1, 0.9) * H, M * r.range(0.16, 0.3), colours[i]!, 0.55, true));
      return items;
    },
    hero: () => '',
    motif: { weight: 1.4, colour: (p) => css(p.ink, 0.85), solid: (p) => css(p.ink, 0.85), scale: 0.62 },
    ink: (p) => [p.ink],
  },
};

/** One motif from the library, drawn in `cell` in the style's weight and colours. */
function drawMotif(id: string, cell: Box, spec: StyleSpec, p: Palette): string {
  const drawing = motifById(id);
  if (!drawing) return '';
  const k = cell.width / 100;
  const lines = drawing.line.map((d) => `<path d="${d}"/>`).join('');
  const solids = (drawing.solid ?? []).map((d) => `<path d="${d}"/>`).join('');
  return (
    `<g data-motif="${id}" transform="translate(${r1(cell.x)} ${r1(cell.y)}) scale(${Math.round(k * 10000) / 10000})">` +
    `<g fill="none" stroke="${spec.motif.colour(p)}" stroke-width="${spec.motif.weight}" stroke-linecap="round" stroke-linejoin="round">${lines}</g>` +
    (solids ? `<g fill="${spec.motif.solid(p)}">${solids}</g>` : '') +
    `</g>`
  );
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "2026-12-04" → "Out 4 December 2026"; anything else is left out. */
export function releaseDateLine(date: string | null | undefined): string | null {
  const m = date?.match(/^(\d{4})-(\d{2})-(\d{2})/);
  if (!m) return null;
  const month = MONTHS[Number(m[2]) - 1];
  return month ? `Out ${Number(m[3])} ${month} ${m[1]}` : null;
}

const grow = (b: Box, d: number): Box => ({ x: b.x - d, y: b.y - d, width: b.width + 2 * d, height: b.height + 2 * d });
const union = (boxes: Box[]): Box => {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
};
/** Two boxes share more than a hundredth of a pixel (touching edges do not overlap). */
export const boxesOverlap = (a: Box, b: Box, e = 0.01) => a.x + e < b.x + b.width && b.x + e < a.x + a.width && a.y + e < b.y + b.height && b.y + e < a.y + a.height;

/** Glyph boxes of one line of text set at `x` (anchor) and `baseline`: from the cap height to the baseline, spaces left out. */
function glyphBoxes(text: string, metrics: FontMetrics, size: number, letterSpacing: number, x: number, baseline: number, anchor: TitleAlign): Box[] {
  const chars = [...text];
  const total = (metrics.width(text) + Math.max(0, chars.length - 1) * letterSpacing) * size;
  let left = anchor === 'middle' ? x - total / 2 : anchor === 'end' ? x - total : x;
  const top = baseline - metrics.capHeight * size;
  const boxes: Box[] = [];
  for (const ch of chars) {
    const advance = metrics.width(ch) * size;
    if (ch.trim()) boxes.push({ x: left, y: top, width: advance, height: metrics.capHeight * size });
    left += advance + letterSpacing * size;
  }
  return boxes;
}

/** The mean ground colour in a box, sampled on a 4×4 grid. */
function meanGround(items: GroundItem[], b: Box): Rgb {
  let r = 0;
  let g = 0;
  let bl = 0;
  for (let i = 0; i < 4; i++)
    for (let j = 0; j < 4; j++) {
      const c = groundAt(items, b.x + ((i + 0.5) / 4) * b.width, b.y + ((j + 0.5) / 4) * b.height);
      r += c.r;
      g += c.g;
      bl += c.b;
    }
  return { r: r / 16, g: g / 16, b: bl / 16 };
}

/**
 * Lays out and draws one cover as SVG. Deterministic: the same design gives the same SVG. A
 * `frameSize` other than the square (a 1080×1920 story) lays the same design out again for that
 * frame; `options.releaseDate` adds the date line (the kit's post and story).
 */
export function composeCover(design: CoverDesign, fonts: CoverFonts, size = COVER_SIZE, frameSize?: { width: number; height: number }, options: { releaseDate?: boolean } = {}): ComposedCover {
  const W = frameSize?.width ?? size;
  const H = frameSize?.height ?? size;
  const S = Math.max(W, H);
  const M = Math.min(W, H);
  const spec = STYLES[design.style];
  const reading = readEdits(design.edits ?? []);
  // The random choices depend on the style and the seed only: an edit changes what it asks, nothing else.
  const random = createRandom(hashString(design.style, design.seed));
  const mood = reading.mood ?? design.mood;
  const motifs = [...new Set([...reading.motifs, ...design.motifs.map((m) => canonicalMotif(m)).filter((m): m is string => Boolean(m))])].slice(0, 2);
  const palette = paletteFor(mood, design.style, random, reading.palette);
  const context: StyleContext = { W, H, M, p: palette, r: random, energy: design.energy };
  const margin = Math.round(M * SAFE_MARGIN_RATIO);
  const clearance = M * TITLE_CLEARANCE_RATIO;

  let placement = reading.placement ?? spec.placement;
  let align = reading.align ?? spec.align;
  if (H > W * 1.2 && placement === 'center') placement = 'lower';
  if (reading.placement === 'center' && !reading.align) align = 'middle';
  let titleWidth = spec.titleWidth;
  if (reading.size === 1) titleWidth = Math.min(0.96, titleWidth + 0.14);
  if (reading.size === -1) titleWidth = Math.max(0.4, titleWidth - 0.2);

  // The label sits in the bottom-right corner, inside the safe margin.
  const labelW = Math.round(M * 0.17);
  const labelH = Math.round(labelW * 0.61);
  const label: Box | null = design.advisory ? { x: W - margin - labelW, y: H - margin - labelH, width: labelW, height: labelH } : null;

  const font = STYLE_FONTS[design.style];
  const metrics = fonts[font.family];
  const mono = fonts['Space Mono'];
  const text = (font.uppercase ? design.title.toUpperCase() : design.title).replace(/\s+/g, ' ').trim() || 'UNTITLED';
  const artistRaw = design.artist?.replace(/\s+/g, ' ').trim();
  const artistText = artistRaw ? artistRaw.toUpperCase() : null;
  const dateText = options.releaseDate ? releaseDateLine(design.releaseDate)?.toUpperCase() ?? null : null;

  // The title's area, and the lines under it (artist, date) in the grid's small size.
  const inner = W - 2 * margin;
  const boxWidth = inner * titleWidth;
  const smallSize = M * 0.032;
  const smallLines = [artistText, dateText].filter((l): l is string => Boolean(l));
  const smallBlock = smallLines.length ? M * 0.045 + smallLines.length * smallSize * 1.5 : 0;
  const bottomLimit = H - margin - (label && align !== 'start' ? labelH + M * 0.03 : 0);
  const fit = fitTitle(text, metrics, boxWidth, H * spec.titleHeight, font.letterSpacing, font.uppercase, M * 0.2);
  const blockHeight = fit.blockHeight + smallBlock;
  let top: number;
  switch (placement) {
    case 'top':
      top = margin + M * 0.01;
      break;
    case 'center':
      top = (H - blockHeight) / 2;
      break;
    case 'lower':
      top = H * 0.66 - blockHeight / 2;
      break;
    case 'bottom':
      top = H - margin - blockHeight - (label && align !== 'start' ? labelH + M * 0.03 : 0);
      break;
  }
  top = Math.max(margin, Math.min(top, bottomLimit - blockHeight));
  const left = align === 'middle' ? (W - fit.width) / 2 : align === 'end' ? W - margin - fit.width : margin;
  const anchorX = align === 'middle' ? W / 2 : align === 'end' ? W - margin : margin;
  const titleBox: Box = { x: left, y: top, width: fit.width, height: fit.blockHeight };

  // Small lines: artist, then date, in Space Mono, within the title's measure.
  const small = smallLines.map((line, i) => {
    const spacing = 0.18;
    const em = mono.width(line) + line.length * spacing;
    const sz = Math.min(smallSize, (Math.max(boxWidth, fit.width) * 0.9) / Math.max(0.1, em));
    const baseline = top + fit.blockHeight + M * 0.045 + sz * 0.75 + i * smallSize * 1.5;
    const width = em * sz;
    const x = align === 'middle' ? (W - width) / 2 : align === 'end' ? W - margin - width : margin;
    return { line, size: sz, spacing, baseline, box: { x, y: baseline - mono.capHeight * sz, width, height: mono.capHeight * sz } };
  });
  const block = union([titleBox, ...small.map((s) => s.box)]);
  const clear = grow(block, clearance);

  // The zone for shapes and motifs: the largest free band above, below or beside the title block.
  const edge = margin * 0.6;
  const labelClear = label ? grow(label, clearance) : null;
  const candidates: Box[] = [];
  candidates.push({ x: edge, y: edge, width: W - 2 * edge, height: clear.y - edge });
  const belowBottom = labelClear ? Math.min(H - edge, labelClear.y) : H - edge;
  candidates.push({ x: edge, y: clear.y + clear.height, width: W - 2 * edge, height: belowBottom - (clear.y + clear.height) });
  if (align === 'start' && clear.x + clear.width < W * 0.62) candidates.push({ x: clear.x + clear.width, y: clear.y, width: W - edge - (clear.x + clear.width), height: Math.min(clear.height, (labelClear?.y ?? H) - clear.y) });
  if (align === 'end' && clear.x > W * 0.38) candidates.push({ x: edge, y: clear.y, width: clear.x - edge, height: clear.height });
  const usable = candidates.filter((c) => c.width > M * 0.12 && c.height > M * 0.12);
  const zone = usable.sort((a, b) => Math.min(b.width, b.height) * Math.sqrt(b.width * b.height) - Math.min(a.width, a.height) * Math.sqrt(a.width * a.height))[0] ?? null;

  // Cells on the zone: the hero (and a second, smaller motif beside it when two are named).
  const cells: Box[] = [];
  if (zone) {
    const side = Math.min(zone.width, zone.height) * spec.motif.scale;
    const second = motifs.length > 1 ? side * 0.55 : 0;
    const gap = M * 0.03;
    let hero = side;
    if (second && zone.width < hero + second + gap) hero = Math.max(M * 0.08, (zone.width - gap) / 1.55);
    const secondSide = second ? hero * 0.55 : 0;
    const total = hero + (secondSide ? gap + secondSide : 0);
    const slack = zone.width - total;
    const across = align === 'start' ? 0.7 : align === 'end' ? 0.3 : 0.5;
    const x0 = zone.x + slack * Math.min(1, Math.max(0, across + random.range(-0.08, 0.08)));
    const y0 = zone.y + (zone.height - hero) / 2;
    cells.push({ x: x0, y: y0, width: hero, height: hero });
    if (secondSide) cells.push({ x: x0 + hero + gap, y: y0 + hero - secondSide, width: secondSide, height: secondSide });
  }
  const hint = cells[0] ? centre(cells[0]) : { x: W * 0.5, y: H * 0.3 };

  // The ground, then the contrast rule on it.
  const ground = spec.ground(context, hint);
  const inkStops = spec.ink(palette);
  const titleGlyphs = fit.lines.flatMap((line, i) => glyphBoxes(line, metrics, fit.fontSize, font.letterSpacing, anchorX, top + fit.firstBaseline + i * fit.lineAdvance, align));
  const smallGlyphs = small.flatMap((s) => glyphBoxes(s.line, mono, s.size, s.spacing, align === 'middle' ? W / 2 : align === 'end' ? W - margin : margin, s.baseline, align));
  const glyphs = [...titleGlyphs, ...smallGlyphs];
  const worst = (inks: Hsl[], items: GroundItem[], boxes: Box[]) => {
    const lums = inks.map((c) => rgbLuminance(hslToRgb(c)));
    let min = Infinity;
    for (const b of boxes) {
      const under = rgbLuminance(meanGround(items, b));
      for (const l of lums) min = Math.min(min, contrastRatio(l, under));
    }
    return min;
  };
  let titleInk = inkStops;
  let smallInk = inkStops.length > 1 ? [inkStops[1]!] : inkStops;
  let predicted = Math.min(worst(titleInk, ground, titleGlyphs), smallGlyphs.length ? worst(smallInk, ground, smallGlyphs) : Infinity);
  let plate = false;
  if (predicted < DESIGN_CONTRAST) {
    // First try the palette's own light and dark inks.
    const grey = reading.palette.mono === true;
    const light = { h: palette.ink.h, s: grey ? 0 : 12, l: 97 };
    const dark = { h: palette.ink.h, s: grey ? 0 : 25, l: 7 };
    const options = [light, dark].map((c) => ({ c, score: Math.min(worst([c], ground, titleGlyphs), smallGlyphs.length ? worst([c], ground, smallGlyphs) : Infinity) }));
    const best = options.sort((a, b) => b.score - a.score)[0]!;
    titleInk = [best.c];
    smallInk = [best.c];
    predicted = best.score;
    if (predicted < DESIGN_CONTRAST) {
      // Only then a backing plate: a solid block in the ground's own hue, dark under light ink or light under dark.
      const mean = meanGround(ground, block);
      const hue = rgbToHue(mean);
      const lightInk = rgbLuminance(mean) < 0.25;
      const ink = lightInk ? light : dark;
      const plateBox = grow(block, clearance * 0.6);
      ground.push({ kind: 'rect', x: plateBox.x, y: plateBox.y, w: plateBox.width, h: plateBox.height, colour: { h: hue, s: grey ? 0 : 35, l: lightInk ? 9 : 94 }, alpha: 1 });
      titleInk = [ink];
      smallInk = [ink];
      plate = true;
      predicted = Math.min(worst(titleInk, ground, titleGlyphs), smallGlyphs.length ? worst(smallInk, ground, smallGlyphs) : Infinity);
    }
  }

  // SVG.
  const g = groundSvg(ground, W, H, 'g');
  const goldStops = inkStops.length > 1 ? inkStops : [adjust(palette.accent, { l: 10 }), palette.primary, adjust(palette.accent, { l: 4 })];
  const defs = `<defs>${g.defs}<linearGradient id="gold" x1="0" y1="0" x2="0" y2="1">${goldStops.map((c, i) => `<stop offset="${r1(i / (goldStops.length - 1))}" stop-color="${css(c)}"/>`).join('')}</linearGradient>${
    zone ? `<clipPath id="zone" clipPathUnits="userSpaceOnUse"><rect x="${r1(zone.x)}" y="${r1(zone.y)}" width="${r1(zone.width)}" height="${r1(zone.height)}"/></clipPath>` : ''
  }</defs>`;
  let shapes = '';
  if (zone && cells[0]) {
    const drawn = motifs.length ? motifs.map((m, i) => (cells[i] ? drawMotif(m, cells[i], spec, palette) : '')).join('') : spec.hero(context, cells[0], zone);
    shapes = drawn ? `<g data-layer="motifs" clip-path="url(#zone)">${drawn}</g>` : '';
  }
  const border = spec.border?.(context) ?? '';
  const titleFill = titleInk.length > 1 ? 'url(#gold)' : css(titleInk[0]!);
  const base = `font-family="${font.family}" font-size="${r1(fit.fontSize)}" letter-spacing="${r1(font.letterSpacing * fit.fontSize)}" text-anchor="${align}"`;
  const titleGroup = `<g data-layer="title">${fit.lines.map((l, i) => `<text x="${r1(anchorX)}" y="${r1(top + fit.firstBaseline + i * fit.lineAdvance)}" ${base} fill="${titleFill}">${esc(l)}</text>`).join('')}</g>`;
  const smallSvg = small
    .map((s) => `<text x="${r1(align === 'middle' ? W / 2 : align === 'end' ? W - margin : margin)}" y="${r1(s.baseline)}" font-family="Space Mono" font-weight="700" font-size="${r1(s.size)}" letter-spacing="${r1(s.size * s.spacing)}" text-anchor="${align}" fill="${css(smallInk[0]!)}">${esc(s.line)}</text>`)
    .join('');
  const labelSvg = label ? drawAdvisoryLabel(label) : '';
  const art = `${defs}${g.body}${shapes}${border}`;
  const overlay = `${defs}${titleGroup}${smallSvg}${labelSvg}`;
  return {
    svg: svgDocument(`${art}${titleGroup}${smallSvg}${labelSvg}`, W, H),
    titleSvg: svgDocument(`${defs}${titleGroup}`, W, H),
    layers: { art, overlay, motifs: `${defs}${shapes}` },
    layout: {
      size: S,
      width: W,
      height: H,
      safeMargin: margin,
      title: { ...titleBox, lines: fit.lines, fontSize: fit.fontSize, family: font.family },
      artist: small.find((s) => s.line === artistText)?.box ?? null,
      date: small.find((s) => s.line === dateText)?.box ?? null,
      label,
      mood,
      motifs,
      clearance: clear,
      zone,
      glyphs,
      ink: [...new Set([...titleInk, ...smallInk].map((c) => rgbHex(hslToRgb(c))))],
      predictedContrast: Math.round(predicted * 100) / 100,
      plate,
      harmony: palette.harmony,
      unusedWords: reading.unused,
    },
  };
}

function rgbToHue({ r, g, b }: Rgb): number {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max === min) return 0;
  let h: number;
  if (max === r) h = ((g - b) / (max - min)) % 6;
  else if (max === g) h = (b - r) / (max - min) + 2;
  else h = (r - g) / (max - min) + 4;
  return (h * 60 + 360) % 360;
}

export interface TitleFit {
  lines: string[];
  fontSize: number;
  /** Widest line, in px. */
  width: number;
  blockHeight: number;
  lineAdvance: number;
  /** From the block's top to the first baseline. */
  firstBaseline: number;
}

/**
 * Breaks the title into 1-4 balanced lines and picks the largest size at which the widest line
 * fits the width and the block fits the height; words longer than a line are split.
 */
export function fitTitle(text: string, metrics: FontMetrics, maxWidth: number, maxHeight: number, letterSpacing: number, uppercase: boolean, maxSize: number): TitleFit {
  const words = text.split(' ');
  const glyphTop = uppercase ? metrics.capHeight : metrics.ascender * 0.92;
  const glyphBottom = uppercase ? 0 : -metrics.descender * 0.8;
  const advance = uppercase ? metrics.capHeight * 1.22 : (metrics.ascender - metrics.descender) * 0.92;
  const lineWidth = (line: string) => metrics.width(line) + Math.max(0, [...line].length - 1) * letterSpacing;
  let best: TitleFit | null = null;
  const consider = (lines: string[]) => {
    const widest = Math.max(...lines.map(lineWidth));
    const heightEm = glyphTop + glyphBottom + (lines.length - 1) * advance;
    const fontSize = Math.min(maxSize, maxWidth / widest, maxHeight / heightEm);
    if (!best || fontSize > best.fontSize * 1.04 || (fontSize > best.fontSize * 0.96 && lines.length < best.lines.length)) {
      best = { lines, fontSize, width: widest * fontSize, blockHeight: heightEm * fontSize, lineAdvance: advance * fontSize, firstBaseline: glyphTop * fontSize };
    }
  };
  for (let count = 1; count <= Math.min(4, words.length); count++) for (const lines of partitions(words, count)) consider(lines);
  // A single long word (or a few) still has to fit: split by characters.
  if ((best as TitleFit | null)?.fontSize !== undefined && (best as unknown as TitleFit).fontSize < maxSize * 0.35) {
    const chars = [...text];
    for (let count = 2; count <= 4; count++) {
      const per = Math.ceil(chars.length / count);
      consider(Array.from({ length: count }, (_, i) => chars.slice(i * per, (i + 1) * per).join('').trim()).filter(Boolean));
    }
  }
  return best!;
}

/** Every way to cut `words` into `count` consecutive lines (bounded: long titles use a greedy balance). */
function partitions(words: string[], count: number): string[][] {
  if (count === 1) return [[words.join(' ')]];
  if (words.length > 14) {
    const total = words.join(' ').length;
    const target = total / count;
    const lines: string[] = [];
    let current: string[] = [];
    for (const w of words) {
      if (current.length && current.join(' ').length + w.length / 2 > target && lines.length < count - 1) {
        lines.push(current.join(' '));
        current = [];
      }
      current.push(w);
    }
    lines.push(current.join(' '));
    return [lines];
  }
  const out: string[][] = [];
  const cut = (start: number, left: number, acc: string[]) => {
    if (left === 1) {
      out.push([...acc, words.slice(start).join(' ')]);
      return;
    }
    for (let end = start + 1; end <= words.length - left + 1; end++) cut(end, left - 1, [...acc, words.slice(start, end).join(' ')]);
  };
  cut(0, count, []);
  return out;
}

/** The black-and-white Parental Advisory / Explicit Content label, drawn to its usual proportions. */
function drawAdvisoryLabel(box: Box): string {
  const { x, y, width: w, height: h } = box;
  const b = w * 0.035;
  const band = (h - 2 * b) * 0.56;
  const small = (h - 2 * b - band) / 2;
  const sx = x + b;
  const sw = w - 2 * b;
  return [
    `<g data-layer="advisory">`,
    `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" fill="#000000"/>`,
    `<rect x="${r1(sx)}" y="${r1(y + b)}" width="${r1(sw)}" height="${r1(small)}" fill="#ffffff"/>`,
    `<rect x="${r1(sx)}" y="${r1(y + b + small + band)}" width="${r1(sw)}" height="${r1(small)}" fill="#ffffff"/>`,
    `<text x="${r1(x + w / 2)}" y="${r1(y + b + small * 0.8)}" font-family="Anton" font-size="${r1(small * 0.82)}" letter-spacing="${r1(small * 0.28)}" text-anchor="middle" fill="#000000">PARENTAL</text>`,
    `<text x="${r1(x + w / 2)}" y="${r1(y + b + small + band * 0.86)}" font-family="Anton" font-size="${r1(band * 0.92)}" letter-spacing="${r1(band * 0.02)}" text-anchor="middle" fill="#ffffff">ADVISORY</text>`,
    `<text x="${r1(x + w / 2)}" y="${r1(y + b + small + band + small * 0.8)}" font-family="Anton" font-size="${r1(small * 0.8)}" letter-spacing="${r1(small * 0.12)}" text-anchor="middle" fill="#000000">EXPLICIT CONTENT</text>`,
    `</g>`,
  ].join('');
}

