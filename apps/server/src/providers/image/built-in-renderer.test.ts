import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { COVER_STYLES } from '@members-only/shared/cover';
import type { CoverDesign } from '@members-only/engines/cover';
import { renderCover } from './built-in-renderer';

const base: CoverDesign = { title: 'Neon Chrome', artist: null, style: 'dark-moody', mood: 'dark', motifs: ['orb', 'rain'], energy: 0.6, advisory: false, seed: 1234 };

/** A 4×4×4-bin colour histogram of a downscaled copy, normalised to sum 1. */
async function histogram(png: Buffer): Promise<number[]> {
  const { data } = await sharp(png).resize(300, 300).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const bins = new Array(64).fill(0);
  for (let i = 0; i < data.length; i += 3) bins[(data[i]! >> 6) * 16 + (data[i + 1]! >> 6) * 4 + (data[i + 2]! >> 6)]++;
  const total = data.length / 3;
  return bins.map((b) => b / total);
}
/** Half the L1 distance: 0 for the same colours, 1 for none in common. */
const distance = (a: number[], b: number[]) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / 2;

async function region(png: Buffer, box: { x: number; y: number; width: number; height: number }) {
  const { data } = await sharp(png)
    .extract({ left: Math.round(box.x), top: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let black = 0;
  let white = 0;
  for (let i = 0; i < data.length; i += 3) {
    const sum = data[i]! + data[i + 1]! + data[i + 2]!;
    if (sum < 3 * 40) black++;
    else if (sum > 3 * 215) white++;
  }
  const n = data.length / 3;
  return { black: black / n, white: white / n };
}

describe('built-in cover renderer', () => {
  it('writes a 3000×3000 sRGB PNG with an sRGB profile', async () => {
    const { png } = await renderCover(base);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 3000, height: 3000, space: 'srgb' });
    expect(meta.icc).toBeDefined();
  });

  it('gives identical bytes for the same seed, and a different picture for another seed', async () => {
    const [a, b, c] = await Promise.all([renderCover(base), renderCover(base), renderCover({ ...base, seed: 999 })]);
    expect(a.png.equals(b.png)).toBe(true);
    expect(a.png.equals(c.png)).toBe(false);
  });

  it('draws every style as a clearly different picture (colour histogram distance)', async () => {
    const hist = [];
    for (const style of COVER_STYLES) hist.push(await histogram((await renderCover({ ...base, style })).png));
    const distances: number[] = [];
    for (let i = 0; i < hist.length; i++) for (let j = i + 1; j < hist.length; j++) distances.push(distance(hist[i]!, hist[j]!));
    // Every pair differs in at least 15 % of its colours at 64 bins (same mood and seed throughout; measured minimum about 0.19).
    expect(Math.min(...distances)).toBeGreaterThan(0.15);
  }, 60_000);

  it('draws the Parental Advisory label at the bottom right only when asked', async () => {
    const withLabel = await renderCover({ ...base, advisory: true });
    const without = await renderCover({ ...base, advisory: false });
    expect(without.layout.label).toBeNull();
    const box = withLabel.layout.label!;
    expect(box.x + box.width).toBeLessThanOrEqual(3000 - withLabel.layout.safeMargin);
    expect(box.y + box.height).toBeLessThanOrEqual(3000 - withLabel.layout.safeMargin);
    expect(box.x).toBeGreaterThan(1500);
    expect(box.y).toBeGreaterThan(1500);
    // The label is pure black and white; the same corner without it is neither.
    const labelled = await region(withLabel.png, box);
    const bare = await region(without.png, box);
    expect(labelled.white).toBeGreaterThan(0.15);
    expect(labelled.black + labelled.white).toBeGreaterThan(0.7);
    expect(bare.white).toBeLessThan(0.02);
  });

  it('fits a long title inside the safe margins, measured on the drawn text', async () => {
    const title = 'The Incredibly Long and Winding Story of a Kid From the Block Who Made It Out Alive';
    for (const style of COVER_STYLES) {
      const { titleBounds, layout } = await renderCover({ ...base, style, title, advisory: true }, { measureTitle: true });
      expect(titleBounds, style).not.toBeNull();
      const b = titleBounds!;
      const m = layout.safeMargin * 0.8; // glyph overshoot and the street style's tilt
      expect(b.x, style).toBeGreaterThanOrEqual(m);
      expect(b.y, style).toBeGreaterThanOrEqual(m);
      expect(b.x + b.width, style).toBeLessThanOrEqual(3000 - m);
      expect(b.y + b.height, style).toBeLessThanOrEqual(3000 - m);
      expect(layout.title.lines.length, style).toBeGreaterThan(1);
      expect(layout.title.fontSize, style).toBeGreaterThan(80);
    }
  }, 60_000);

  it('turns an edit into a new, reproducible picture', async () => {
    const edited = { ...base, edits: ['make it blue and put the title at the top'] };
    const [a, b, original] = await Promise.all([renderCover(edited), renderCover(edited), renderCover(base)]);
    expect(a.png.equals(b.png)).toBe(true);
    expect(a.png.equals(original.png)).toBe(false);
    expect(a.layout.title.y).toBeLessThan(original.layout.title.y);
  });
});

describe('the story frame', () => {
  it('sets the title again inside the 1080×1920 frame’s safe margins, with the label in its corner', async () => {
    const { png, titleBounds, layout } = await renderCover(
      { ...base, title: 'The Incredibly Long and Winding Story of a Kid From the Block', style: 'vintage-90s', advisory: true },
      { frame: { width: 1080, height: 1920 }, measureTitle: true },
    );
    expect(await sharp(png).metadata()).toMatchObject({ width: 1080, height: 1920 });
    const b = titleBounds!;
    const m = layout.safeMargin * 0.8;
    expect(b.x).toBeGreaterThanOrEqual(m);
    expect(b.x + b.width).toBeLessThanOrEqual(1080 - m);
    expect(b.y).toBeGreaterThanOrEqual(m);
    expect(b.y + b.height).toBeLessThanOrEqual(1920 - m);
    expect(layout.label!.x + layout.label!.width).toBeLessThanOrEqual(1080 - layout.safeMargin);
    expect(layout.label!.y + layout.label!.height).toBeLessThanOrEqual(1920 - layout.safeMargin);
  });
});
