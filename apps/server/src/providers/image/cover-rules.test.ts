import { describe, expect, it } from 'vitest';
import {
  COVER_MOODS,
  COVER_STYLE_IDS,
  composeCover,
  contrastRatio,
  hueDistance,
  hueOf,
  MIN_TITLE_CONTRAST,
  rgbLuminance,
  svgDocument,
  type Box,
  type CoverDesign,
} from '@members-only/engines/cover';
import { loadResvg } from './native';
import { coverFonts } from './fonts';

/**
 * The cover rules measured on rendered pixels (issue 28), 50 seeds per style. Every coordinate of
 * a composition is a share of the frame, so the geometry is the same at any size: the covers are
 * rasterised at 240×240 to keep the run short (the master adds only grain, which the contrast
 * margin covers). Measured: no motif or shape ink in the title's clearance; each glyph's contrast
 * with the mean of what lies under it; the dominant hue after a colour edit.
 */
const SIZE = 240;
const fonts = coverFonts();
const fontOptions = { fontFiles: fonts.files, loadSystemFonts: false, defaultFontFamily: 'Anton' };
const TITLES = ['Neon Chrome Nights', 'Ledger', 'Crown Me', 'Rain On The Block', 'Paper Trail Forever And Ever', 'Gold', 'Back To The Basement Tapes'];
const MOTIF_SETS = [[], ['crown'], ['rain', 'ledger'], ['flame', 'moon'], ['diamond']];
const COLOURS: Array<[string, number]> = [['blue', 220], ['gold', 45], ['red', 0], ['green', 130], ['purple', 275]];

function pixels(body: string): Uint8Array {
  return new Uint8Array(new (loadResvg().Resvg)(svgDocument(body, SIZE, SIZE), { fitTo: { mode: 'original' }, font: fontOptions }).render().pixels);
}
const clamp = (v: number) => Math.max(0, Math.min(SIZE, v));
function eachPixel(box: Box, f: (i: number) => void) {
  for (let y = Math.ceil(clamp(box.y)); y < Math.floor(clamp(box.y + box.height)); y++) for (let x = Math.ceil(clamp(box.x)); x < Math.floor(clamp(box.x + box.width)); x++) f((y * SIZE + x) * 4);
}
const hex = (h: string) => ({ r: parseInt(h.slice(1, 3), 16), g: parseInt(h.slice(3, 5), 16), b: parseInt(h.slice(5, 7), 16) });

function design(style: CoverDesign['style'], seed: number): CoverDesign {
  return {
    title: TITLES[seed % TITLES.length]!,
    artist: seed % 3 ? 'Members Only' : null,
    style,
    mood: COVER_MOODS[seed % COVER_MOODS.length]!,
    motifs: MOTIF_SETS[seed % MOTIF_SETS.length]!,
    energy: (seed % 10) / 10,
    advisory: seed % 2 === 0,
    seed: seed * 104729 + 17,
    edits: seed % 5 === 0 ? ['title at the bottom'] : [],
  };
}

describe.each(COVER_STYLE_IDS)('%s, 50 seeds, measured on pixels', (style) => {
  it('draws no motif ink inside the title block and its margin, and every glyph reads at 4.5:1 or more', () => {
    for (let seed = 0; seed < 50; seed++) {
      const composed = composeCover(design(style, seed), fonts.metrics, SIZE);
      const { layout } = composed;
      // Motifs and shapes alone: nothing inside the clearance (title, artist, and the margin round them).
      const motifs = pixels(composed.layers.motifs);
      let ink = 0;
      eachPixel(layout.clearance, (i) => (ink += motifs[i + 3]! > 0 ? 1 : 0));
      expect(ink, `${style} seed ${seed}: motif pixels in the title's clearance`).toBe(0);
      // The art under the text (ground, backing, shapes): per glyph box, its mean against the ink.
      const art = pixels(composed.layers.art);
      const inks = layout.ink.map((c) => rgbLuminance(hex(c)));
      for (const glyph of layout.glyphs) {
        let r = 0;
        let g = 0;
        let b = 0;
        let n = 0;
        eachPixel(glyph, (i) => {
          r += art[i]!;
          g += art[i + 1]!;
          b += art[i + 2]!;
          n++;
        });
        if (n === 0) continue;
        const under = rgbLuminance({ r: r / n, g: g / n, b: b / n });
        const worst = Math.min(...inks.map((l) => contrastRatio(l, under)));
        expect(worst, `${style} seed ${seed}: a glyph at ${Math.round(glyph.x)},${Math.round(glyph.y)}`).toBeGreaterThanOrEqual(MIN_TITLE_CONTRAST);
      }
    }
  });

  it('takes the colour asked for: the dominant hue of the cover falls within 30° of it', () => {
    for (let seed = 0; seed < 50; seed++) {
      const [word, hue] = COLOURS[seed % COLOURS.length]!;
      const composed = composeCover({ ...design(style, seed), edits: [`make it ${word}`], advisory: false }, fonts.metrics, SIZE);
      const px = pixels(composed.layers.art);
      const bins = new Float64Array(36);
      for (let i = 0; i < px.length; i += 4) {
        const { h, chroma } = hueOf({ r: px[i]!, g: px[i + 1]!, b: px[i + 2]! });
        if (chroma > 0.08) bins[Math.floor(h / 10) % 36]! += chroma;
      }
      const top = bins.indexOf(Math.max(...bins));
      expect(hueDistance(top * 10 + 5, hue), `${style} seed ${seed}: ${word}`).toBeLessThanOrEqual(30);
    }
  });

  it('turns to black and white, and to pastel, when asked', () => {
    for (const seed of [1, 2, 3]) {
      const mono = pixels(composeCover({ ...design(style, seed), edits: ['black and white'] }, fonts.metrics, SIZE).layers.art);
      let coloured = 0;
      for (let i = 0; i < mono.length; i += 4) if (hueOf({ r: mono[i]!, g: mono[i + 1]!, b: mono[i + 2]! }).chroma > 0.04) coloured++;
      expect(coloured, `${style} seed ${seed}`).toBe(0);
      const pastel = pixels(composeCover({ ...design(style, seed), edits: ['pastel'] }, fonts.metrics, SIZE).layers.art);
      const lights: number[] = [];
      for (let i = 0; i < pastel.length; i += 16) lights.push((Math.max(pastel[i]!, pastel[i + 1]!, pastel[i + 2]!) + Math.min(pastel[i]!, pastel[i + 1]!, pastel[i + 2]!)) / 510);
      lights.sort((a, b) => a - b);
      expect(lights[Math.floor(lights.length / 2)]!, `${style} seed ${seed}`).toBeGreaterThan(0.6);
    }
  });
});
