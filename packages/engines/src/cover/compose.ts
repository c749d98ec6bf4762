import { moodOfText, motifsOfText, type CoverMood, type Motif } from './concept';
import type { FontMetrics } from './font-metrics';
import { adjust, contrast, css, paletteFor, paletteShiftOf, type Hsl, type Palette } from './palette';
import { createRandom, hashString, type Random } from './random';
import { STYLE_FONTS, type CoverFontFamily, type CoverStyleId } from './styles';

/** Distributors' master size. */
export const COVER_SIZE = 3000;
/** Text stays this far (8 %) from every edge: inside what stores crop or round. */
export const SAFE_MARGIN_RATIO = 0.08;
export const BUILT_IN_COVER_RENDERER = 'Built-in cover renderer';

export interface CoverDesign {
  title: string;
  artist?: string | null;
  style: CoverStyleId;
  mood: CoverMood;
  motifs: Motif[];
  /** 0..1 */
  energy: number;
  advisory: boolean;
  seed: number;
  /** The artist's edit instructions so far, oldest first: palette, mood words and layout. */
  edits?: string[];
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface CoverLayout {
  /** The square art's size (the frame's longer side). */
  size: number;
  width: number;
  height: number;
  safeMargin: number;
  /** Where the title block is set (its estimated ink box). */
  title: Box & { lines: string[]; fontSize: number; family: CoverFontFamily };
  artist: Box | null;
  /** The Parental Advisory label, when drawn. */
  label: Box | null;
  mood: CoverMood;
  motifs: Motif[];
}
export interface ComposedCover {
  svg: string;
  /** The same canvas with only the title: to measure where its ink falls. */
  titleSvg: string;
  /**
   * The same picture as two layers' SVG bodies (to wrap with `svgDocument`), so a rasteriser can
   * treat them differently: `art` (background, motifs and foreground: gradients, soft blobs and
   * flat shapes) and `overlay` (title, artist name and label: what must stay sharp), both in the
   * canvas's coordinates and each with the gradients it uses. `svg` is `art` under `overlay`.
   */
  layers: { art: string; overlay: string };
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

type Placement = 'top' | 'center' | 'lower' | 'bottom';
interface StyleFrame {
  defs: string[];
  back: string[];
  front: string[];
  placement: Placement;
  align: 'start' | 'middle';
  titleWidth: number;
  rotate: number;
}

/**
 * Lays out and draws one cover as SVG. Deterministic: the same design gives the same SVG. A
 * `frame` other than the square (a 1080×1920 story) crops the art from the centre of a square as
 * large as its longer side and sets the title and label again for that frame.
 */
export function composeCover(design: CoverDesign, fonts: CoverFonts, size = COVER_SIZE, frameSize?: { width: number; height: number }): ComposedCover {
  const W = frameSize?.width ?? size;
  const H = frameSize?.height ?? size;
  const S = Math.max(W, H);
  const M = Math.min(W, H);
  const edits = (design.edits ?? []).join('. ');
  const random = createRandom(hashString(`${design.style}|${edits}`, design.seed));
  const mood = (edits && moodOfText(edits)) || design.mood;
  const motifs = [...new Set([...motifsOfText(edits), ...design.motifs])].slice(0, 3);
  const shift = paletteShiftOf(edits);
  const palette = paletteFor(mood, design.style, random, shift);
  const margin = Math.round(M * SAFE_MARGIN_RATIO);

  const frame = STYLES[design.style](S, palette, random, design.energy);
  const motifLayer = motifs.map((m) => drawMotif(m, S, palette, random, design.style)).join('');

  // Edits may move the title.
  const lower = edits.toLowerCase();
  if (/\b(title|text|name)\b.*\btop\b|\btop\b.*\b(title|text)\b/.test(lower)) frame.placement = 'top';
  else if (/\b(title|text|name)\b.*\bbottom\b|\bbottom\b.*\b(title|text)\b/.test(lower)) frame.placement = 'bottom';
  else if (/\b(cent(er|re)|middle)\b/.test(lower)) {
    frame.placement = 'center';
    frame.align = 'middle';
  }
  if (/\b(bigger|larger|huge)\b/.test(lower)) frame.titleWidth = Math.min(1, frame.titleWidth + 0.12);
  if (/\b(smaller|subtle)\b/.test(lower)) frame.titleWidth = Math.max(0.45, frame.titleWidth - 0.2);

  // The label sits in the bottom-right corner, inside the safe margin.
  const labelW = Math.round(M * 0.17);
  const labelH = Math.round(labelW * 0.61);
  const label: Box | null = design.advisory ? { x: W - margin - labelW, y: H - margin - labelH, width: labelW, height: labelH } : null;

  const font = STYLE_FONTS[design.style];
  const metrics = fonts[font.family];
  const text = (font.uppercase ? design.title.toUpperCase() : design.title).replace(/\s+/g, ' ').trim() || 'UNTITLED';
  const artistText = design.artist?.replace(/\s+/g, ' ').trim() ? (font.uppercase ? design.artist.trim().toUpperCase() : design.artist.trim()) : null;

  // The area the title may use.
  const inner = W - 2 * margin;
  const boxWidth = inner * frame.titleWidth;
  const bottomLimit = H - margin - (label ? labelH + M * 0.03 : 0) - (artistText ? M * 0.06 : 0);
  const maxHeight = frame.placement === 'center' ? H * 0.46 : H * 0.36;
  const fit = fitTitle(text, metrics, boxWidth, maxHeight, font.letterSpacing, font.uppercase, M * 0.2);
  const blockHeight = fit.blockHeight;
  let top: number;
  switch (frame.placement) {
    case 'top':
      top = margin + M * 0.02;
      break;
    case 'center':
      top = (H - blockHeight) / 2;
      break;
    case 'lower':
      top = H * 0.62 - blockHeight / 2;
      break;
    case 'bottom':
      top = H - margin - blockHeight - M * 0.02;
      break;
  }
  top = Math.max(margin, Math.min(top, bottomLimit - blockHeight));
  const left = frame.align === 'middle' ? (W - fit.width) / 2 : margin + M * 0.01;
  const anchorX = frame.align === 'middle' ? W / 2 : left;

  // Keep the title readable over what lies behind it.
  const behind = averageBackground(palette);
  let ink = palette.ink;
  if (contrast(ink, behind) < 3.2) ink = contrast({ h: 0, s: 0, l: 97 }, behind) >= contrast({ h: 0, s: 0, l: 6 }, behind) ? { h: ink.h, s: 10, l: 96 } : { h: ink.h, s: 20, l: 7 };

  const titleGroup = drawTitle(design.style, fit, {
    family: font.family,
    letterSpacing: font.letterSpacing,
    x: anchorX,
    top,
    anchor: frame.align,
    ink,
    palette,
    rotate: frame.rotate,
    S: W,
    random,
  });

  let artistBox: Box | null = null;
  let artistSvg = '';
  if (artistText) {
    const artistSize = Math.min(M * 0.035, (boxWidth * 0.8) / Math.max(0.1, fonts['Space Mono'].width(artistText) + artistText.length * 0.15));
    const y = top + blockHeight + M * 0.05;
    const width = (fonts['Space Mono'].width(artistText) + artistText.length * 0.15) * artistSize;
    artistBox = { x: frame.align === 'middle' ? (W - width) / 2 : left, y: y - artistSize * 0.75, width, height: artistSize };
    artistSvg = `<text x="${r1(anchorX)}" y="${r1(y)}" font-family="Space Mono" font-weight="700" font-size="${r1(artistSize)}" letter-spacing="${r1(artistSize * 0.15)}" text-anchor="${frame.align}" fill="${css(ink, 0.85)}">${esc(artistText)}</text>`;
  }

  const labelSvg = label ? drawAdvisoryLabel(label) : '';
  const defs = `<defs>${frame.defs.join('')}</defs>`;
  const art = `${frame.back.join('')}${motifLayer}${frame.front.join('')}`;
  const shifted = W === S && H === S ? art : `<g transform="translate(${r1((W - S) / 2)} ${r1((H - S) / 2)})">${art}</g>`;
  const overlay = `${titleGroup}${artistSvg}${labelSvg}`;
  return {
    svg: svgDocument(`${defs}${shifted}${overlay}`, W, H),
    titleSvg: svgDocument(`${defs}${titleGroup}`, W, H),
    layers: { art: `${defs}${shifted}`, overlay: `${defs}${overlay}` },
    layout: {
      size: S,
      width: W,
      height: H,
      safeMargin: margin,
      title: { x: left, y: top, width: fit.width, height: blockHeight, lines: fit.lines, fontSize: fit.fontSize, family: font.family },
      artist: artistBox,
      label,
      mood,
      motifs,
    },
  };
}

function averageBackground(p: Palette): Hsl {
  const [a, b] = p.background;
  return { h: a.h, s: (a.s + b.s) / 2, l: (a.l + b.l) / 2 };
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

interface TitleOptions {
  family: CoverFontFamily;
  letterSpacing: number;
  x: number;
  top: number;
  anchor: 'start' | 'middle';
  ink: Hsl;
  palette: Palette;
  rotate: number;
  S: number;
  random: Random;
}

function drawTitle(style: CoverStyleId, fit: TitleFit, o: TitleOptions): string {
  const size = fit.fontSize;
  const base = `font-family="${o.family}" font-size="${r1(size)}" letter-spacing="${r1(o.letterSpacing * size)}" text-anchor="${o.anchor}"`;
  const line = (text: string, i: number, attrs: string, dx = 0, dy = 0) =>
    `<text x="${r1(o.x + dx)}" y="${r1(o.top + fit.firstBaseline + i * fit.lineAdvance + dy)}" ${base} ${attrs}>${esc(text)}</text>`;
  const all = (attrs: string, dx = 0, dy = 0) => fit.lines.map((l, i) => line(l, i, attrs, dx, dy)).join('');
  const cx = o.S / 2;
  const cy = o.top + fit.blockHeight / 2;
  const rotate = o.rotate ? ` transform="rotate(${o.rotate} ${r1(cx)} ${r1(cy)})"` : '';
  let body: string;
  switch (style) {
    case 'vintage-90s':
      body = all(`fill="${css(o.palette.accent)}"`, size * 0.05, size * 0.05) + all(`fill="${css(o.ink)}"`);
      break;
    case 'luxury-opulent':
      body = all(`fill="${css(adjust(o.palette.primary, { l: -30 }), 0.6)}"`, 0, size * 0.03) + all('fill="url(#gold)"');
      break;
    case 'street-art':
      body = all(`fill="${css(o.ink)}" stroke="${css(adjust(o.palette.background[1], { l: -20 }))}" stroke-width="${r1(size * 0.06)}" stroke-linejoin="round" paint-order="stroke"`);
      break;
    case 'vibrant-colourful':
      body = all(`fill="${css(o.palette.secondary)}"`, -size * 0.035, size * 0.035) + all(`fill="${css(o.ink)}"`);
      break;
    case 'dark-moody':
      body = all(`fill="${css(o.ink, 0.92)}"`);
      break;
    default:
      body = all(`fill="${css(o.ink)}"`);
  }
  return `<g data-layer="title"${rotate}>${body}</g>`;
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

const grad = (id: string, stops: Array<[number, string]>, attrs = 'x1="0" y1="0" x2="0" y2="1"') =>
  `<linearGradient id="${id}" ${attrs}>${stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join('')}</linearGradient>`;
const radial = (id: string, color: string, opacity = 1) =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;

type StyleFn = (S: number, p: Palette, r: Random, energy: number) => StyleFrame;

const STYLES: Record<CoverStyleId, StyleFn> = {
  /** Flat field, one large geometric form off-centre, hairlines, a small title bottom-left. */
  'modern-minimalist': (S, p, r) => {
    const defs = [grad('bg', [[0, css(p.background[0])], [1, css(p.background[1])]])];
    const back = [`<rect width="${S}" height="${S}" fill="url(#bg)"/>`];
    const form = r.int(0, 2);
    const cx = S * r.range(0.55, 0.7);
    const cy = S * r.range(0.3, 0.42);
    const rad = S * r.range(0.2, 0.27);
    if (form === 0) back.push(`<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(rad)}" fill="${css(p.primary)}"/>`);
    else if (form === 1) back.push(`<rect x="${r1(cx - rad)}" y="${r1(cy - rad)}" width="${r1(rad * 2)}" height="${r1(rad * 2)}" fill="${css(p.primary)}" transform="rotate(${r1(r.range(-12, 12))} ${r1(cx)} ${r1(cy)})"/>`);
    else back.push(`<path d="M ${r1(cx - rad)} ${r1(cy + rad)} A ${r1(rad)} ${r1(rad)} 0 0 1 ${r1(cx + rad)} ${r1(cy + rad)} Z" fill="${css(p.primary)}"/>`);
    back.push(`<circle cx="${r1(cx - rad * 0.9)}" cy="${r1(cy + rad * 0.7)}" r="${r1(rad * 0.18)}" fill="${css(p.accent)}"/>`);
    for (let i = 0; i < 3; i++) {
      const y = S * (0.62 + i * 0.018);
      back.push(`<line x1="${r1(S * 0.09)}" y1="${r1(y)}" x2="${r1(S * r.range(0.3, 0.6))}" y2="${r1(y)}" stroke="${css(p.secondary, 0.7)}" stroke-width="${r1(S * 0.0025)}"/>`);
    }
    return { defs, back, front: [], placement: 'bottom', align: 'start', titleWidth: 0.62, rotate: 0 };
  },

  /** Overlapping gradient blobs and confetti in saturated colours, a huge centred title with an offset shadow. */
  'vibrant-colourful': (S, p, r, energy) => {
    const colours = [p.primary, p.secondary, p.accent, adjust(p.primary, { h: 60 }), adjust(p.secondary, { h: -50 })];
    const defs = [grad('bg', [[0, css(p.background[0])], [1, css(p.background[1])]], 'x1="0" y1="0" x2="1" y2="1"')];
    colours.forEach((c, i) => defs.push(radial(`blob${i}`, css(c), 0.95)));
    const back = [`<rect width="${S}" height="${S}" fill="url(#bg)"/>`];
    const blobs = 9 + Math.round(energy * 6);
    for (let i = 0; i < blobs; i++) {
      back.push(`<circle cx="${r1(r.range(-0.1, 1.1) * S)}" cy="${r1(r.range(-0.1, 1.1) * S)}" r="${r1(r.range(0.18, 0.42) * S)}" fill="url(#blob${i % colours.length})"/>`);
    }
    const front: string[] = [];
    for (let i = 0; i < 60 + Math.round(energy * 60); i++) {
      const c = css(r.pick(colours));
      const x = r.range(0, S);
      const y = r.range(0, S);
      const s = r.range(0.006, 0.018) * S;
      front.push(
        r.chance(0.5)
          ? `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(s / 2)}" fill="${c}"/>`
          : `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(s)}" height="${r1(s * 0.4)}" fill="${c}" transform="rotate(${r1(r.range(0, 180))} ${r1(x)} ${r1(y)})"/>`,
      );
    }
    front.push(`<path d="M 0 ${r1(S * 0.8)} Q ${r1(S * 0.5)} ${r1(S * r.range(0.65, 0.75))} ${S} ${r1(S * 0.85)}" stroke="${css(p.accent)}" stroke-width="${r1(S * 0.02)}" fill="none"/>`);
    return { defs, back, front, placement: 'center', align: 'middle', titleWidth: 0.9, rotate: 0 };
  },

  /** Near-black field, a single cold light, fog banks, rain streaks and a vignette; a spaced title low in the frame. */
  'dark-moody': (S, p, r) => {
    const defs = [
      grad('bg', [[0, css(adjust(p.background[0], { l: -2 }))], [1, css(adjust(p.background[1], { l: -3 }))]]),
      radial('light', css(adjust(p.secondary, { l: 15 })), 0.55),
      radial('fog', css(p.primary), 0.5),
      `<radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.85"/></radialGradient>`,
    ];
    const back = [`<rect width="${S}" height="${S}" fill="url(#bg)"/>`];
    const lx = S * r.range(0.3, 0.7);
    back.push(`<ellipse cx="${r1(lx)}" cy="${r1(S * 0.3)}" rx="${r1(S * 0.45)}" ry="${r1(S * 0.38)}" fill="url(#light)"/>`);
    for (let i = 0; i < 5; i++) back.push(`<ellipse cx="${r1(r.range(0, S))}" cy="${r1(S * r.range(0.55, 0.85))}" rx="${r1(S * r.range(0.35, 0.6))}" ry="${r1(S * r.range(0.05, 0.1))}" fill="url(#fog)"/>`);
    back.push(`<rect x="${r1(lx - S * 0.004)}" y="${r1(S * 0.12)}" width="${r1(S * 0.008)}" height="${r1(S * 0.42)}" fill="${css(p.accent, 0.8)}"/>`);
    const front: string[] = [];
    for (let i = 0; i < 140; i++) {
      const x = r.range(0, S);
      const y = r.range(0, S);
      const len = r.range(0.02, 0.07) * S;
      front.push(`<line x1="${r1(x)}" y1="${r1(y)}" x2="${r1(x - len * 0.12)}" y2="${r1(y + len)}" stroke="${css(p.secondary, r.range(0.08, 0.25))}" stroke-width="${r1(S * 0.0012)}"/>`);
    }
    front.push(`<rect width="${S}" height="${S}" fill="url(#vignette)"/>`);
    return { defs, back, front, placement: 'lower', align: 'middle', titleWidth: 0.78, rotate: 0 };
  },

  /** Sun-faded paper, a sunburst of rays, halftone dots, stripes and a frame; a serif title with a drop shadow at the top. */
  'vintage-90s': (S, p, r) => {
    const dot = S * 0.012;
    const defs = [
      grad('bg', [[0, css(p.background[0])], [1, css(p.background[1])]]),
      `<pattern id="halftone" width="${r1(dot * 2)}" height="${r1(dot * 2)}" patternUnits="userSpaceOnUse"><circle cx="${r1(dot)}" cy="${r1(dot)}" r="${r1(dot * 0.45)}" fill="${css(p.primary, 0.5)}"/></pattern>`,
    ];
    const back = [`<rect width="${S}" height="${S}" fill="url(#bg)"/>`];
    const cx = S / 2;
    const cy = S * r.range(0.62, 0.72);
    const rays = 24;
    const turn = r.range(0, Math.PI / rays);
    for (let i = 0; i < rays; i += 2) {
      const a0 = turn + (i / rays) * Math.PI * 2;
      const a1 = turn + ((i + 1) / rays) * Math.PI * 2;
      const R = S * 1.2;
      back.push(`<path d="M ${r1(cx)} ${r1(cy)} L ${r1(cx + Math.cos(a0) * R)} ${r1(cy + Math.sin(a0) * R)} L ${r1(cx + Math.cos(a1) * R)} ${r1(cy + Math.sin(a1) * R)} Z" fill="${css(p.secondary, 0.35)}"/>`);
    }
    back.push(`<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(S * 0.26)}" fill="${css(p.accent)}"/>`);
    back.push(`<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(S * 0.26)}" fill="url(#halftone)"/>`);
    const stripes = [p.primary, p.secondary, p.accent];
    stripes.forEach((c, i) => back.push(`<rect x="0" y="${r1(S * (0.86 + i * 0.035))}" width="${S}" height="${r1(S * 0.025)}" fill="${css(c)}"/>`));
    const front = [`<rect x="${r1(S * 0.035)}" y="${r1(S * 0.035)}" width="${r1(S * 0.93)}" height="${r1(S * 0.93)}" fill="none" stroke="${css(p.ink, 0.85)}" stroke-width="${r1(S * 0.008)}"/>`];
    return { defs, back, front, placement: 'top', align: 'middle', titleWidth: 0.84, rotate: 0 };
  },

  /** Black and gold, an art-deco fan and concentric rings, symmetrical, a gilded title in the centre. */
  'luxury-opulent': (S, p, r) => {
    const defs = [
      grad('bg', [[0, css(p.background[0])], [1, css(p.background[1])]]),
      grad('gold', [[0, css(adjust(p.accent, { l: 12 }))], [0.45, css(p.primary)], [0.55, css(adjust(p.primary, { l: -14 }))], [1, css(adjust(p.accent, { l: 6 }))]]),
      radial('glow', css(p.primary), 0.35),
    ];
    const back = [`<rect width="${S}" height="${S}" fill="url(#bg)"/>`, `<circle cx="${S / 2}" cy="${S / 2}" r="${r1(S * 0.55)}" fill="url(#glow)"/>`];
    const cx = S / 2;
    const cy = S / 2;
    const fans = r.int(14, 22);
    for (let i = 0; i <= fans; i++) {
      const a = Math.PI + (i / fans) * Math.PI;
      back.push(`<line x1="${cx}" y1="${r1(cy + S * 0.38)}" x2="${r1(cx + Math.cos(a) * S * 0.9)}" y2="${r1(cy + S * 0.38 + Math.sin(a) * S * 0.9)}" stroke="${css(p.primary, 0.35)}" stroke-width="${r1(S * 0.002)}"/>`);
    }
    const rings = r.int(4, 7);
    for (let i = 1; i <= rings; i++) back.push(`<circle cx="${cx}" cy="${cy}" r="${r1(S * (0.12 + i * 0.045))}" fill="none" stroke="${css(p.primary, 0.75 - i * 0.08)}" stroke-width="${r1(S * (i === rings ? 0.004 : 0.0018))}"/>`);
    const d = S * 0.06;
    const front = [
      `<rect x="${r1(S * 0.05)}" y="${r1(S * 0.05)}" width="${r1(S * 0.9)}" height="${r1(S * 0.9)}" fill="none" stroke="url(#gold)" stroke-width="${r1(S * 0.004)}"/>`,
      `<rect x="${r1(S * 0.065)}" y="${r1(S * 0.065)}" width="${r1(S * 0.87)}" height="${r1(S * 0.87)}" fill="none" stroke="url(#gold)" stroke-width="${r1(S * 0.0015)}"/>`,
      `<path d="M ${cx} ${r1(S * 0.13)} l ${r1(d / 2)} ${r1(d / 2)} l ${r1(-d / 2)} ${r1(d / 2)} l ${r1(-d / 2)} ${r1(-d / 2)} Z" fill="url(#gold)"/>`,
    ];
    return { defs, back, front, placement: 'center', align: 'middle', titleWidth: 0.74, rotate: 0 };
  },

  /** Concrete wall of bricks, spray clouds, splatter and drips in loud colours; a marker title, tilted, with a thick outline. */
  'street-art': (S, p, r) => {
    const bw = S / 8;
    const bh = S / 22;
    const defs = [
      grad('bg', [[0, css(p.background[0])], [1, css(p.background[1])]]),
      `<pattern id="bricks" width="${r1(bw)}" height="${r1(bh * 2)}" patternUnits="userSpaceOnUse"><path d="M0 ${r1(bh)} H${r1(bw)} M0 ${r1(bh * 2)} H${r1(bw)} M${r1(bw / 2)} 0 V${r1(bh)} M0 ${r1(bh)} V${r1(bh * 2)}" stroke="${css(adjust(p.background[1], { l: -8 }), 0.7)}" stroke-width="${r1(S * 0.003)}" fill="none"/></pattern>`,
    ];
    const colours = [p.primary, p.secondary, p.accent];
    colours.forEach((c, i) => defs.push(radial(`spray${i}`, css(c), 0.9)));
    const back = [`<rect width="${S}" height="${S}" fill="url(#bg)"/>`, `<rect width="${S}" height="${S}" fill="url(#bricks)"/>`];
    for (let i = 0; i < 6; i++) back.push(`<circle cx="${r1(r.range(0.1, 0.9) * S)}" cy="${r1(r.range(0.1, 0.9) * S)}" r="${r1(r.range(0.15, 0.3) * S)}" fill="url(#spray${i % 3})"/>`);
    const front: string[] = [];
    for (let i = 0; i < 90; i++) {
      const c = r.pick(colours);
      front.push(`<circle cx="${r1(r.range(0, S))}" cy="${r1(r.range(0, S))}" r="${r1(r.range(0.002, 0.012) * S)}" fill="${css(c, r.range(0.6, 1))}"/>`);
    }
    for (let i = 0; i < 14; i++) {
      const x = r.range(0.1, 0.9) * S;
      const y = r.range(0.05, 0.5) * S;
      const len = r.range(0.08, 0.3) * S;
      const w = r.range(0.006, 0.014) * S;
      front.push(`<path d="M ${r1(x)} ${r1(y)} v ${r1(len)}" stroke="${css(r.pick(colours))}" stroke-width="${r1(w)}" stroke-linecap="round"/><circle cx="${r1(x)}" cy="${r1(y + len)}" r="${r1(w * 0.9)}" fill="${css(r.pick(colours))}"/>`);
    }
    return { defs, back, front, placement: 'center', align: 'middle', titleWidth: 0.86, rotate: r1(r.range(-6, -2)) };
  },
};

/** Imagery from the lyrics, drawn as a layer between the style's background and its foreground. */
function drawMotif(motif: Motif, S: number, p: Palette, r: Random, style: CoverStyleId): string {
  const soft = style === 'modern-minimalist' ? 0.5 : 0.8;
  const c1 = css(p.secondary, soft);
  const c2 = css(p.accent, soft);
  switch (motif) {
    case 'orb': {
      const x = S * r.range(0.25, 0.75);
      const y = S * r.range(0.18, 0.35);
      const rad = S * r.range(0.08, 0.13);
      return `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(rad * 1.6)}" fill="${css(p.accent, 0.12)}"/><circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(rad)}" fill="${c2}"/>`;
    }
    case 'rain':
      return Array.from({ length: 70 }, () => {
        const x = r.range(0, S);
        const y = r.range(0, S * 0.9);
        return `<line x1="${r1(x)}" y1="${r1(y)}" x2="${r1(x - S * 0.01)}" y2="${r1(y + S * 0.08)}" stroke="${c1}" stroke-width="${r1(S * 0.002)}"/>`;
      }).join('');
    case 'sparks':
      return Array.from({ length: 22 }, () => {
        const x = r.range(0.05, 0.95) * S;
        const y = r.range(0.05, 0.95) * S;
        const s = r.range(0.008, 0.025) * S;
        return `<path d="M ${r1(x)} ${r1(y - s)} L ${r1(x + s * 0.22)} ${r1(y - s * 0.22)} L ${r1(x + s)} ${r1(y)} L ${r1(x + s * 0.22)} ${r1(y + s * 0.22)} L ${r1(x)} ${r1(y + s)} L ${r1(x - s * 0.22)} ${r1(y + s * 0.22)} L ${r1(x - s)} ${r1(y)} L ${r1(x - s * 0.22)} ${r1(y - s * 0.22)} Z" fill="${c2}"/>`;
      }).join('');
    case 'waves':
      return Array.from({ length: 5 }, (_, i) => {
        const y = S * (0.7 + i * 0.05);
        const a = S * r.range(0.015, 0.035);
        let d = `M 0 ${r1(y)}`;
        for (let x = 0; x <= S; x += S / 8) d += ` Q ${r1(x + S / 16)} ${r1(y - a)} ${r1(x + S / 8)} ${r1(y)}`;
        return `<path d="${d}" fill="none" stroke="${i % 2 ? c1 : c2}" stroke-width="${r1(S * 0.004)}"/>`;
      }).join('');
    case 'skyline': {
      let x = 0;
      const parts: string[] = [];
      const fill = css(adjust(p.background[1], { l: -4 }), 0.92);
      while (x < S) {
        const w = r.range(0.05, 0.11) * S;
        const h = r.range(0.12, 0.34) * S;
        parts.push(`<rect x="${r1(x)}" y="${r1(S - h)}" width="${r1(w + 2)}" height="${r1(h)}" fill="${fill}"/>`);
        for (let wy = S - h + S * 0.02; wy < S - S * 0.02; wy += S * 0.03) if (r.chance(0.35)) parts.push(`<rect x="${r1(x + w * 0.3)}" y="${r1(wy)}" width="${r1(w * 0.15)}" height="${r1(S * 0.012)}" fill="${c2}"/>`);
        x += w;
      }
      return parts.join('');
    }
    case 'flames':
      return Array.from({ length: 9 }, (_, i) => {
        const x = (i / 8) * S;
        const h = r.range(0.15, 0.35) * S;
        const w = S * 0.08;
        return `<path d="M ${r1(x - w)} ${S} Q ${r1(x - w * 0.4)} ${r1(S - h * 0.6)} ${r1(x)} ${r1(S - h)} Q ${r1(x + w * 0.3)} ${r1(S - h * 0.5)} ${r1(x + w)} ${S} Z" fill="${i % 2 ? c2 : css(p.primary, soft)}"/>`;
      }).join('');
    case 'crown': {
      const cx = S / 2;
      const y = S * 0.2;
      const w = S * 0.16;
      const h = S * 0.08;
      return `<path d="M ${r1(cx - w / 2)} ${r1(y + h)} L ${r1(cx - w / 2)} ${r1(y)} L ${r1(cx - w / 4)} ${r1(y + h * 0.5)} L ${r1(cx)} ${r1(y - h * 0.3)} L ${r1(cx + w / 4)} ${r1(y + h * 0.5)} L ${r1(cx + w / 2)} ${r1(y)} L ${r1(cx + w / 2)} ${r1(y + h)} Z" fill="${c2}"/>`;
    }
    case 'frame': {
      const x = S * r.range(0.15, 0.3);
      const w = S * r.range(0.4, 0.55);
      return `<rect x="${r1(x)}" y="${r1(S * 0.12)}" width="${r1(w)}" height="${r1(w * 1.25)}" fill="none" stroke="${c1}" stroke-width="${r1(S * 0.01)}"/><line x1="${r1(x + w / 2)}" y1="${r1(S * 0.12)}" x2="${r1(x + w / 2)}" y2="${r1(S * 0.12 + w * 1.25)}" stroke="${c1}" stroke-width="${r1(S * 0.006)}"/>`;
    }
    case 'road':
      return `<path d="M ${r1(S * 0.2)} ${S} L ${r1(S * 0.48)} ${r1(S * 0.55)} L ${r1(S * 0.52)} ${r1(S * 0.55)} L ${r1(S * 0.8)} ${S} Z" fill="${css(p.primary, 0.45)}"/>` +
        Array.from({ length: 6 }, (_, i) => `<rect x="${r1(S * 0.495)}" y="${r1(S * (0.6 + i * 0.07))}" width="${r1(S * 0.01 * (1 + i * 0.5))}" height="${r1(S * 0.03)}" fill="${c2}"/>`).join('');
  }
}
