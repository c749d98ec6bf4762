import { bench, describe } from 'vitest';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { buildCoverConcept, composeCover, type CoverDesign } from '@members-only/engines/cover';
import { renderCover } from '../apps/server/src/providers/image/built-in-renderer';
import { coverFonts } from '../apps/server/src/providers/image/fonts';
import { releaseKitZip } from '../apps/server/src/providers/image/release-kit';

/**
 * Target (issue 28, was 1 s in issue 12): one 3000×3000 cover from the built-in renderer (compose
 * the SVG, rasterise with the bundled fonts, grain, sRGB PNG) under 1.5 s; the whole release kit
 * (JPEG master, post and story with the release date, preview, drawn again, zipped) under 2.5 s;
 * the concept and the SVG alone in a few ms.
 * Raw baselines in the same run show how loaded the shared machine was: resvg rasterising the
 * whole composition at 3000×3000 in one go (what the renderer did before ADR 015's speed-up),
 * and sharp writing the finished master's pixels as a PNG.
 */
const design: CoverDesign = { title: 'Neon Chrome Nights', artist: 'Members Only', style: 'street-art', mood: 'hustle', motifs: ['tower', 'rain'], energy: 0.7, advisory: true, seed: 42, releaseDate: '2026-12-04' };
const lyrics = Array.from({ length: 16 }, () => 'Rain on the window, neon on the chrome, city never sleeps so I never go home').join('\n');
const fonts = coverFonts();
const master = (await renderCover(design)).png;
const masterPixels = await sharp(master).raw().toBuffer();
const fontOptions = { fontFiles: fonts.files, loadSystemFonts: false, defaultFontFamily: 'Anton' };
const wholeSvg = composeCover(design, fonts.metrics).svg;

describe('built-in cover renderer', () => {
  bench('one 3000×3000 PNG cover (street art, label, two motifs)', async () => {
    await renderCover(design);
  }, { iterations: 5, warmupIterations: 1 });
  bench('one 3000×3000 PNG cover (luxury opulent)', async () => {
    await renderCover({ ...design, style: 'luxury-opulent' });
  }, { iterations: 5, warmupIterations: 1 });
  bench('one 3000×3000 PNG cover (duotone gradient mesh, the most gradients)', async () => {
    await renderCover({ ...design, style: 'duotone-mesh' });
  }, { iterations: 5, warmupIterations: 1 });
  bench('one 3000×3000 PNG cover (grain and blur, the heaviest grain)', async () => {
    await renderCover({ ...design, style: 'grain-blur' });
  }, { iterations: 5, warmupIterations: 1 });
  bench('release kit from a 3000×3000 master (JPEG, 1080², 1080×1920, 640², ZIP)', async () => {
    await releaseKitZip(master, design);
  }, { iterations: 3, warmupIterations: 1 });
  bench('baseline: resvg rasterises the whole composition at 3000×3000 (no grain, no PNG)', () => {
    new Resvg(wholeSvg, { fitTo: { mode: 'original' }, font: fontOptions }).render();
  }, { iterations: 5, warmupIterations: 1 });
  bench('baseline: sharp writes the master\'s 3000×3000 RGB pixels as PNG (zlib level 3)', async () => {
    await sharp(masterPixels, { raw: { width: 3000, height: 3000, channels: 3 } }).png({ compressionLevel: 3, adaptiveFiltering: false }).toBuffer();
  }, { iterations: 5, warmupIterations: 1 });
  bench('concept from 64 bars and audio facts', () => {
    buildCoverConcept({ lyrics, audio: { bpm: 142, key: 'A minor', lufs: -8 } });
  });
  bench('SVG composition only', () => {
    composeCover(design, fonts.metrics);
  });
});
