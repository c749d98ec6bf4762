import type { ResvgRenderOptions } from '@resvg/resvg-js';
import { loadResvg, sharp } from './native';
import { BUILT_IN_COVER_RENDERER, COVER_SIZE, composeCover, createRandom, svgDocument, type Box, type CoverDesign, type CoverLayout } from '@members-only/engines/cover';
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
  'swiss-typographic': 0.04,
  'duotone-mesh': 0.1,
  'grain-blur': 0.2,
};
const GRAIN_TILE = 500;
/**
 * Frames larger than this (the 3000×3000 master; even sizes) have their art drawn at half size
 * and doubled: it is gradients, soft blobs and flat shapes, and the grain is added at full size
 * afterwards. The title, artist and label are always drawn at full size. Smaller frames (the
 * kit's) draw everything at size.
 */
const HALF_SIZE_ART_ABOVE = 2000;

/**
 * zlib level of the PNG: 3 writes a grained 3000×3000 cover in about two thirds of the time of
 * 6 for 3–13 % more bytes (flat styles up to twice as many; 2–11 MB in all); adaptive row
 * filters cost twice the time for little on grain. ADR 015, Speed.
 */
const PNG_COMPRESSION = 3;

/** Grey levels of the grain (dark, mid, light) in its overlay blend. */
const GRAIN_LEVELS = [40, 128, 215] as const;

/**
 * A seeded tile of grain: per pixel the offset of its grey level's table in `grainTable`. Three
 * levels keep the grain visible and the PNG small (noise of many levels would not compress).
 */
function grainTile(seed: number): Uint16Array {
  const random = createRandom(seed ^ 0x9e3779b9);
  const tile = new Uint16Array(GRAIN_TILE * GRAIN_TILE);
  for (let i = 0; i < tile.length; i++) {
    const v = random.next();
    tile[i] = 256 * (v < 0.3 ? 0 : v > 0.7 ? 2 : 1);
  }
  return tile;
}

const grainTables = new Map<number, Promise<Uint8Array>>();

/**
 * What sharp's (libvips') overlay blend of each grey level at `strength` makes of a channel value,
 * 256 entries per level, measured once on a 0..255 ramp. The blend works channel by channel, so
 * looking pixels up in these tables gives exactly the pixels of compositing the grain over the
 * whole picture with sharp, without its floating-point pipeline over nine million pixels.
 */
function grainTable(strength: number): Promise<Uint8Array> {
  let table = grainTables.get(strength);
  if (!table) {
    const alpha = Math.round(255 * strength * 2.2);
    const ramp = Buffer.alloc(256 * 4);
    const grey = Buffer.alloc(256 * 4 * GRAIN_LEVELS.length);
    for (let v = 0; v < 256; v++) ramp.fill(v, v * 4, v * 4 + 3).writeUInt8(255, v * 4 + 3);
    GRAIN_LEVELS.forEach((level, row) => {
      for (let v = 0; v < 256; v++) grey.fill(level, (row * 256 + v) * 4, (row * 256 + v) * 4 + 3).writeUInt8(alpha, (row * 256 + v) * 4 + 3);
    });
    const raw = { width: 256, height: GRAIN_LEVELS.length, channels: 4 } as const;
    table = sharp(Buffer.concat(GRAIN_LEVELS.map(() => ramp)), { raw })
      .composite([{ input: grey, raw, blend: 'overlay' }])
      .extractChannel(0)
      .raw()
      .toBuffer()
      .then((out) => new Uint8Array(out));
    grainTables.set(strength, table);
  }
  return table;
}

/**
 * The finished RGB pixels, row by row while each row is in cache: the art (copied from resvg's
 * RGBA, or enlarged from half size), the text layer laid over it, and the grain over both.
 */
function finishPixels(
  art: { pixels: Buffer; width: number; height: number },
  width: number,
  height: number,
  ink: { pixels: Buffer; box: Box } | null,
  grain: { tile: Uint16Array; table: Uint8Array },
): Buffer {
  const stride = width * 3;
  const out = Buffer.allocUnsafe(stride * height);
  const half = art.width !== width || art.height !== height;
  if (half && (art.width * 2 !== width || art.height * 2 !== height)) throw new Error(`art of ${art.width}×${art.height} cannot be doubled to ${width}×${height}`);
  const wide = half ? [0, 1, 2].map(() => ({ row: -1, values: new Uint16Array(stride) })) : [];
  const { tile, table } = grain;
  for (let y = 0; y < height; y++) {
    const o = y * stride;
    if (half) {
      const sy = y >> 1;
      const next = Math.min(art.height - 1, Math.max(0, y & 1 ? sy + 1 : sy - 1));
      blendRows(out, o, widenRow(art, sy, wide[sy % 3]!), widenRow(art, next, wide[next % 3]!), stride);
    } else {
      copyRgb(out, o, art.pixels, y * width * 4, width);
    }
    if (ink && y >= ink.box.y && y < ink.box.y + ink.box.height) inkRow(out, o + ink.box.x * 3, ink.pixels, (y - ink.box.y) * ink.box.width * 4, ink.box.width);
    grainRow(out, o, width, tile, (y % GRAIN_TILE) * GRAIN_TILE, table);
  }
  return out;
}

/** One output row from two doubled source rows: ¾ of the nearer, ¼ of the other, /16 with rounding. */
function blendRows(out: Buffer, o: number, here: Uint16Array, near: Uint16Array, count: number): void {
  for (let i = 0; i < count; i++) out[o + i] = (3 * here[i]! + near[i]! + 8) >> 4;
}

/** RGBA to RGB for `count` pixels (the art is opaque). */
function copyRgb(out: Buffer, o: number, rgba: Buffer, i: number, count: number): void {
  for (let end = o + count * 3; o < end; o += 3, i += 4) {
    out[o] = rgba[i]!;
    out[o + 1] = rgba[i + 1]!;
    out[o + 2] = rgba[i + 2]!;
  }
}

/** The grain over `count` RGB pixels from `o`, the tile's row starting at `tileRow`. */
function grainRow(out: Buffer, o: number, count: number, tile: Uint16Array, tileRow: number, table: Uint8Array): void {
  for (let x = 0, t = tileRow, tileEnd = tileRow + GRAIN_TILE; x < count; x++, o += 3) {
    const level = tile[t]!;
    out[o] = table[level + out[o]!]!;
    out[o + 1] = table[level + out[o + 1]!]!;
    out[o + 2] = table[level + out[o + 2]!]!;
    if (++t === tileEnd) t = tileRow;
  }
}

/**
 * Source row `y` of the half-size art doubled across (each output pixel ¾ of its nearer source
 * pixel and ¼ of the next, ×4 to stay in integers), kept in `slot` while the rows near it need it.
 */
function widenRow(art: { pixels: Buffer; width: number }, y: number, slot: { row: number; values: Uint16Array }): Uint16Array {
  if (slot.row === y) return slot.values;
  const { pixels, width } = art;
  const values = slot.values;
  const row = y * width * 4;
  for (let x = 0, o = 0; x < width; x++, o += 6) {
    const here = row + x * 4;
    const left = x > 0 ? here - 4 : here;
    const right = x < width - 1 ? here + 4 : here;
    const r = 3 * pixels[here]!;
    const g = 3 * pixels[here + 1]!;
    const b = 3 * pixels[here + 2]!;
    values[o] = r + pixels[left]!;
    values[o + 1] = g + pixels[left + 1]!;
    values[o + 2] = b + pixels[left + 2]!;
    values[o + 3] = r + pixels[right]!;
    values[o + 4] = g + pixels[right + 1]!;
    values[o + 5] = b + pixels[right + 2]!;
  }
  slot.row = y;
  return values;
}

/** Premultiplied RGBA (resvg's pixels) laid over `count` RGB pixels. */
function inkRow(out: Buffer, d: number, ink: Buffer, s: number, count: number): void {
  for (let x = 0; x < count; x++, d += 3, s += 4) {
    const a = ink[s + 3]!;
    if (a === 0) continue;
    if (a === 255) {
      out[d] = ink[s]!;
      out[d + 1] = ink[s + 1]!;
      out[d + 2] = ink[s + 2]!;
      continue;
    }
    const rest = 255 - a;
    out[d] = ink[s]! + (((out[d]! * rest + 127) / 255) | 0);
    out[d + 1] = ink[s + 1]! + (((out[d + 1]! * rest + 127) / 255) | 0);
    out[d + 2] = ink[s + 2]! + (((out[d + 2]! * rest + 127) / 255) | 0);
  }
}

/** The whole-pixel box around what an SVG draws (strokes included), clamped to its canvas; null when it draws nothing. */
function inkBox(svg: string, options: ResvgRenderOptions, width: number, height: number): Box | null {
  const box = new (loadResvg().Resvg)(svg, options).innerBBox();
  if (!box || box.width <= 0 || box.height <= 0) return null;
  const x = Math.max(0, Math.floor(box.x) - 2);
  const y = Math.max(0, Math.floor(box.y) - 2);
  const right = Math.min(width, Math.ceil(box.x + box.width) + 2);
  const bottom = Math.min(height, Math.ceil(box.y + box.height) + 2);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

let srgbProfile: Promise<Buffer> | undefined;

/**
 * The PNG chunk (iCCP) carrying sharp's sRGB profile, taken once from a 1×1 PNG it writes.
 * sharp's `withIccProfile` also converts every pixel from sRGB to sRGB (no pixel changes, about
 * 45 ms at 3000×3000); the pixels here are sRGB already, so the profile is only attached.
 */
function srgbProfileChunk(): Promise<Buffer> {
  srgbProfile ??= sharp({ create: { width: 1, height: 1, channels: 3, background: '#000000' } })
    .withIccProfile('srgb')
    .png()
    .toBuffer()
    .then((png) => {
      for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at)) {
        if (png.toString('latin1', at + 4, at + 8) === 'iCCP') return Buffer.from(png.subarray(at, at + 12 + png.readUInt32BE(at)));
      }
      throw new Error('sharp wrote no iCCP chunk for its sRGB profile');
    });
  return srgbProfile;
}

/** A PNG with one more chunk right after its header (IHDR is always first: 8 + 25 bytes), where iCCP belongs. */
function withChunkAfterHeader(png: Buffer, chunk: Buffer): Buffer {
  return Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
}

export interface RenderedCover {
  png: Buffer;
  layout: CoverLayout;
  /** The title drawn alone: where its ink falls, for the distributor check and tests. */
  titleBounds: { x: number; y: number; width: number; height: number } | null;
}

/**
 * Composes the design as SVG and writes a 3000×3000 sRGB PNG (or the size or frame asked). The
 * art and the text are rasterised by resvg with the bundled fonts, in parallel off the main
 * thread: the art at half size for the master (enlarged by sharp), the title, artist and label
 * at full size over only the region they cover; then grain and the PNG.
 */
export async function renderCover(
  design: CoverDesign,
  options: {
    size?: number;
    frame?: { width: number; height: number };
    measureTitle?: boolean;
    releaseDate?: boolean;
    /**
     * Rasterise on the calling thread (resvg's synchronous render) rather than in libuv's thread
     * pool: a heavy-work thread (ADR 055) runs at a lower OS priority, libuv's threads do not.
     */
    onThisThread?: boolean;
  } = {},
): Promise<RenderedCover> {
  const size = options.size ?? COVER_SIZE;
  const fonts = coverFonts();
  const composed = composeCover(design, fonts.metrics, size, options.frame, { releaseDate: options.releaseDate });
  const { width, height } = composed.layout;
  // Only the bundled fonts: the same pixels on every machine, whatever it has installed.
  const font = { fontFiles: fonts.files, loadSystemFonts: false, defaultFontFamily: 'Anton', serifFamily: 'Abril Fatface', sansSerifFamily: 'Anton', monospaceFamily: 'Space Mono' };
  const original: ResvgRenderOptions = { fitTo: { mode: 'original' }, font };

  const half = Math.max(width, height) > HALF_SIZE_ART_ABOVE && width % 2 === 0 && height % 2 === 0;
  const { art: artBody, overlay: overlayBody } = composed.layers;
  const box = inkBox(svgDocument(overlayBody, width, height), original, width, height);
  const rasterise = (svg: string, opts: ResvgRenderOptions) => (options.onThisThread ? new (loadResvg().Resvg)(svg, opts).render() : loadResvg().renderAsync(svg, opts));
  const [art, ink] = await Promise.all([
    rasterise(svgDocument(artBody, width, height), { fitTo: half ? { mode: 'zoom', value: 0.5 } : { mode: 'original' }, font }),
    box ? rasterise(svgDocument(overlayBody, box.width, box.height, box), original) : null,
  ]);
  // resvg hands its pixels over by a getter: read them once.
  const pixels = finishPixels({ pixels: art.pixels, width: art.width, height: art.height }, width, height, box && ink ? { pixels: ink.pixels, box } : null, {
    tile: grainTile(design.seed),
    table: await grainTable(GRAIN[design.style]),
  });

  let titleBounds: RenderedCover['titleBounds'] = null;
  if (options.measureTitle) {
    const title = new (loadResvg().Resvg)(composed.titleSvg, original).getBBox();
    titleBounds = title ? { x: title.x, y: title.y, width: title.width, height: title.height } : null;
  }
  const [encoded, profile] = await Promise.all([
    sharp(pixels, { raw: { width, height, channels: 3 } }).png({ compressionLevel: PNG_COMPRESSION, adaptiveFiltering: false }).toBuffer(),
    srgbProfileChunk(),
  ]);
  return { png: withChunkAfterHeader(encoded, profile), layout: composed.layout, titleBounds };
}

/**
 * renderCover in a heavy-work thread (ADR 055): composing, rasterising, grain and the PNG take
 * about a second of CPU for a master, none of it on the request thread.
 */
export async function renderCoverOffThread(design: CoverDesign, options?: Parameters<typeof renderCover>[1], signal?: AbortSignal): Promise<RenderedCover> {
  const { runHeavy } = await import('../../heavy/pool');
  const out = await runHeavy('cover', { design, options }, { signal });
  return { ...out, png: Buffer.from(out.png.buffer, out.png.byteOffset, out.png.byteLength) };
}

/** The renderer as an image provider: it draws from the design and leaves the prompt to models. */
export function createBuiltInCoverRenderer(): CoverImageProvider {
  return {
    kind: 'built-in',
    engine: BUILT_IN_COVER_RENDERER,
    async generate(request) {
      const { png, layout } = await renderCoverOffThread(request.design, undefined, request.signal);
      return { png, layout, engine: BUILT_IN_COVER_RENDERER };
    },
  };
}
