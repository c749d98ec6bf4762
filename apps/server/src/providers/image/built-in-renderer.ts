import { loadResvg, sharp } from './native';
import { BUILT_IN_COVER_RENDERER, COVER_SIZE, composeCover, createRandom, type CoverDesign, type CoverLayout } from '@members-only/engines/cover';
import { coverFonts } from './fonts';
import type { CoverImageProvider } from './types';

/** Film grain strength per style (0..1 of the overlay's reach). */
const GRAIN: Record<CoverDesign['style'], number> = {
  'modern-minimalist': 0.05,
  'vibrant-colourful': 0.06,
  'dark-moody': 0.12,
  'vintage-90s': 0.14,
  'luxury-opulent': 0.06,
  'street-art': 0.11,
};
const GRAIN_TILE = 500;

/** A seeded tile of grey noise for the overlay blend: mid-grey leaves a pixel as it is, lighter or darker moves it. */
function grainTile(seed: number, strength: number): Buffer {
  const random = createRandom(seed ^ 0x9e3779b9);
  const tile = Buffer.alloc(GRAIN_TILE * GRAIN_TILE * 4);
  const alpha = Math.round(255 * strength * 2.2);
  for (let i = 0; i < GRAIN_TILE * GRAIN_TILE; i++) {
    // Three levels keep the grain visible and the PNG small (noise of many levels would not compress).
    const v = random.next();
    const level = v < 0.3 ? 40 : v > 0.7 ? 215 : 128;
    tile[i * 4] = level;
    tile[i * 4 + 1] = level;
    tile[i * 4 + 2] = level;
    tile[i * 4 + 3] = alpha;
  }
  return tile;
}

export interface RenderedCover {
  png: Buffer;
  layout: CoverLayout;
  /** The title drawn alone: where its ink falls, for the distributor check and tests. */
  titleBounds: { x: number; y: number; width: number; height: number } | null;
}

/** Composes the design as SVG, rasterises it with the bundled fonts, adds grain, and writes a 3000×3000 sRGB PNG. */
export async function renderCover(
  design: CoverDesign,
  options: { size?: number; frame?: { width: number; height: number }; measureTitle?: boolean } = {},
): Promise<RenderedCover> {
  const size = options.size ?? COVER_SIZE;
  const fonts = coverFonts();
  const composed = composeCover(design, fonts.metrics, size, options.frame);
  // Only the bundled fonts: the same pixels on every machine, whatever it has installed.
  const fontOptions = { fontFiles: fonts.files, loadSystemFonts: false, defaultFontFamily: 'Anton', serifFamily: 'Abril Fatface', sansSerifFamily: 'Anton', monospaceFamily: 'Space Mono' };
  const rendered = new (loadResvg())(composed.svg, { fitTo: { mode: 'original' }, font: fontOptions }).render();
  let titleBounds: RenderedCover['titleBounds'] = null;
  if (options.measureTitle) {
    const box = new (loadResvg())(composed.titleSvg, { fitTo: { mode: 'original' }, font: fontOptions }).getBBox();
    titleBounds = box ? { x: box.x, y: box.y, width: box.width, height: box.height } : null;
  }
  const strength = GRAIN[design.style];
  const png = await sharp(rendered.pixels, { raw: { width: rendered.width, height: rendered.height, channels: 4 } })
    .composite([{ input: grainTile(design.seed, strength), raw: { width: GRAIN_TILE, height: GRAIN_TILE, channels: 4 }, tile: true, blend: 'overlay' }])
    .removeAlpha()
    .toColourspace('srgb')
    .withIccProfile('srgb')
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
  return { png, layout: composed.layout, titleBounds };
}

/** The renderer as an image provider: it draws from the design and leaves the prompt to models. */
export function createBuiltInCoverRenderer(): CoverImageProvider {
  return {
    kind: 'built-in',
    engine: BUILT_IN_COVER_RENDERER,
    async generate(request) {
      const { png, layout } = await renderCover(request.design);
      return { png, layout, engine: BUILT_IN_COVER_RENDERER };
    },
  };
}
