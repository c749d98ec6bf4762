import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { boxesOverlap, composeCover, MIN_TITLE_CONTRAST, type CoverDesign, type CoverFonts } from './compose';
import { COVER_MOODS } from './concept';
import { readEdit, readEdits } from './edit';
import { readFontMetrics } from './font-metrics';
import { MOTIFS, motifsInWords } from './motifs';
import { COVER_STYLE_IDS } from './styles';

const require = createRequire(import.meta.url);
const font = (file: string) => fs.readFileSync(require.resolve(file));
const fonts: CoverFonts = {
  Anton: readFontMetrics('Anton', font('@expo-google-fonts/anton/400Regular/Anton_400Regular.ttf')),
  'Abril Fatface': readFontMetrics('Abril Fatface', font('@expo-google-fonts/abril-fatface/400Regular/AbrilFatface_400Regular.ttf')),
  'Permanent Marker': readFontMetrics('Permanent Marker', font('@expo-google-fonts/permanent-marker/400Regular/PermanentMarker_400Regular.ttf')),
  'Space Mono': readFontMetrics('Space Mono', font('@expo-google-fonts/space-mono/700Bold/SpaceMono_700Bold.ttf')),
};
const TITLES = ['Neon Chrome Nights', 'Ledger', 'Crown Me', 'Rain On The Block', 'Paper Trail Forever And Ever', 'Gold', 'Back To The Basement Tapes'];
const MOTIF_SETS = [[], ['crown'], ['rain', 'ledger'], ['flame', 'moon'], ['diamond']];

/** 50 designs per style: titles, moods, motifs, label and artist vary with the seed. */
function designs(style: CoverDesign['style']): CoverDesign[] {
  return Array.from({ length: 50 }, (_, seed) => ({
    title: TITLES[seed % TITLES.length]!,
    artist: seed % 3 ? 'Members Only' : null,
    style,
    mood: COVER_MOODS[seed % COVER_MOODS.length]!,
    motifs: MOTIF_SETS[seed % MOTIF_SETS.length]!,
    energy: (seed % 10) / 10,
    advisory: seed % 2 === 0,
    seed: seed * 7919 + 1,
    edits: seed % 4 === 0 ? ['title at the top, left'] : seed % 4 === 1 ? ['make it gold'] : [],
  }));
}

describe('the motif library', () => {
  it('holds at least 40 drawings, each inside its 100-unit box, each chosen by its own words', () => {
    expect(MOTIFS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(MOTIFS.map((m) => m.id)).size).toBe(MOTIFS.length);
    for (const m of MOTIFS) {
      const numbers = [...m.line, ...(m.solid ?? [])].join(' ').match(/-?\d+(\.\d+)?/g)!.map(Number);
      expect(numbers.length, m.id).toBeGreaterThan(3);
      // Absolute coordinates stay within the box (relative arcs and offsets are smaller still).
      for (const v of numbers) expect(Math.abs(v), m.id).toBeLessThanOrEqual(104);
      expect(motifsInWords(m.words[0]!.split(' ')).motifs, m.id).toContain(m.id);
    }
    expect(motifsInWords(['ledger', 'numbers']).motifs).toEqual(['ledger']);
  });
});

describe('edits', () => {
  it('reads colours, placement, size, motifs and says which words it did not use', () => {
    const r = readEdit('Make it blue, title at the top left, add a crown and ledger numbers and a dragon with lasers');
    expect(r.palette.hue).toBe(220);
    expect(r.placement).toBe('top');
    expect(r.align).toBe('start');
    expect(r.motifs).toEqual(['crown', 'ledger']);
    expect(r.unused).toEqual(['dragon', 'lasers']);
    expect(readEdit('black and white').palette.mono).toBe(true);
    expect(readEdit('pastel please').palette.pastel).toBe(true);
    expect(readEdit('make it rain').motifs).toEqual(['rain']);
    expect(readEdit('make it pop with vibes').unused).toEqual(['pop']);
  });

  it('lets a later colour replace an earlier one, and keeps motifs', () => {
    const r = readEdits(['make it blue with a crown', 'now gold']);
    expect(r.palette.hue).toBe(45);
    expect(r.motifs).toEqual(['crown']);
  });

  it('moves the title where asked and draws the motifs asked for', () => {
    const base: CoverDesign = { title: 'Ledger', style: 'modern-minimalist', mood: 'hustle', motifs: [], energy: 0.5, advisory: false, seed: 9 };
    const top = composeCover({ ...base, edits: ['title at the top'] }, fonts, 600).layout;
    const bottom = composeCover({ ...base, edits: ['title at the bottom'] }, fonts, 600).layout;
    expect(top.title.y).toBeLessThan(150);
    expect(bottom.title.y).toBeGreaterThan(300);
    const right = composeCover({ ...base, edits: ['title on the right'] }, fonts, 600).layout;
    expect(right.title.x + right.title.width).toBeCloseTo(600 - right.safeMargin, 0);
    const drawn = composeCover({ ...base, edits: ['add ledger numbers and a crown'] }, fonts, 600);
    expect(drawn.layout.motifs).toEqual(['ledger', 'crown']);
    expect(drawn.svg).toContain('data-motif="ledger"');
    expect(drawn.svg).toContain('data-motif="crown"');
    expect(drawn.layout.unusedWords).toEqual([]);
  });
});

describe.each(COVER_STYLE_IDS)('%s over 50 seeds', (style) => {
  it('keeps motifs and shapes clear of the title block, and predicts the title readable', () => {
    for (const design of designs(style)) {
      const { layout, layers } = composeCover(design, fonts, 600);
      if (layout.zone) {
        // Shapes and motifs are clipped to the zone; the zone stays out of the title's clearance and the label.
        expect(boxesOverlap(layout.zone, layout.clearance), `${style} seed ${design.seed}`).toBe(false);
        if (layout.label) expect(boxesOverlap(layout.zone, layout.label)).toBe(false);
        if (layers.motifs.includes("data-layer=\"motifs\"")) expect(layers.motifs).toContain('<g data-layer="motifs" clip-path="url(#zone)">');
      } else expect(layers.motifs).not.toContain('<g data-layer="motifs"');
      expect(layout.predictedContrast, `${style} seed ${design.seed}`).toBeGreaterThanOrEqual(MIN_TITLE_CONTRAST);
      // Text stays inside the safe margin.
      for (const b of [layout.title, layout.artist, layout.label].filter((b) => b !== null)) {
        expect(b.x).toBeGreaterThanOrEqual(layout.safeMargin - 1);
        expect(b.y + b.height).toBeLessThanOrEqual(600 - layout.safeMargin + 1);
      }
    }
  });
});
