import { sharp } from './native';
import { COVER_SIZE } from '@members-only/engines/cover';

/** Any picture a model sends, as distributors want it: 3000×3000 (centre-cropped if not square), sRGB, PNG. */
export async function normaliseCover(image: Buffer, size = COVER_SIZE): Promise<Buffer> {
  return sharp(image, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize(size, size, { fit: 'cover', position: 'centre', kernel: 'lanczos3' })
    .removeAlpha()
    .toColourspace('srgb')
    .withIccProfile('srgb')
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}

/** What the file really is: size, colour space and format, read back from its bytes. */
export async function describeImage(png: Buffer) {
  const meta = await sharp(png).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0, format: meta.format ?? 'unknown', space: meta.space ?? 'unknown', hasProfile: Boolean(meta.icc), bytes: png.length };
}
