import type { Sharp } from 'sharp';
import { sharp } from './native';
import type { CoverDesign } from '@members-only/engines/cover';
import { renderCoverOffThread } from './built-in-renderer';
import { zipStored } from './zip';

/** JPEG masters stay under this: the limit some stores set. */
const JPEG_LIMIT = 10 * 1024 * 1024;

export interface ReleaseKitFile {
  name: string;
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The master as a JPEG under the stores' limit. A built-in master is sRGB with its profile, kept
 * as it is (`withIccProfile` would convert every pixel from sRGB to sRGB, twice); a model's
 * picture is converted to sRGB.
 */
async function jpegMaster(png: Buffer, srgb: boolean): Promise<Buffer> {
  const image = srgb ? sharp(png).keepIccProfile() : sharp(png).withIccProfile('srgb');
  for (const quality of [92, 85, 75]) {
    const jpeg = await image.clone().jpeg({ quality, chromaSubsampling: quality >= 90 ? '4:4:4' : '4:2:0' }).toBuffer();
    if (jpeg.length <= JPEG_LIMIT) return jpeg;
  }
  return image.clone().jpeg({ quality: 65 }).toBuffer();
}

const png = (image: Sharp) => image.toColourspace('srgb').withIccProfile('srgb').png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();

/**
 * Everything a release needs from one cover: the 3000×3000 master (PNG and a JPEG under 10 MB), a
 * 1080×1080 post, a 1080×1920 story and a 640×640 preview. The built-in renderer draws each size
 * again (text stays sharp, and the story sets the title again for the tall frame, inside its safe
 * margins); a model's picture can only be scaled, and the story places it on a blurred extension.
 */
export async function buildReleaseKit(master: Buffer, design: CoverDesign | null): Promise<ReleaseKitFile[]> {
  if (design) {
    // Drawn side by side: the JPEG and each size are independent.
    const [jpeg, post, story, preview] = await Promise.all([
      jpegMaster(master, true),
      // The post and the story carry the release date when the song has one (the master never does).
      renderCoverOffThread(design, { size: 1080, releaseDate: true }),
      renderCoverOffThread(design, { frame: { width: 1080, height: 1920 }, releaseDate: true }),
      renderCoverOffThread(design, { size: 640 }),
    ]);
    return [
      { name: 'album-cover-3000.png', data: master, width: 3000, height: 3000 },
      { name: 'album-cover-3000.jpg', data: jpeg, width: 3000, height: 3000 },
      { name: 'post-1080x1080.png', data: post.png, width: 1080, height: 1080 },
      { name: 'story-1080x1920.png', data: story.png, width: 1080, height: 1920 },
      { name: 'preview-640.png', data: preview.png, width: 640, height: 640 },
    ];
  }
  const background = await sharp(master).resize(1920, 1920).extract({ left: 420, top: 0, width: 1080, height: 1920 }).blur(40).modulate({ brightness: 0.6 }).toBuffer();
  const centre = await sharp(master).resize(1080, 1080, { kernel: 'lanczos3' }).toBuffer();
  return [
    { name: 'album-cover-3000.png', data: master, width: 3000, height: 3000 },
    { name: 'album-cover-3000.jpg', data: await jpegMaster(master, false), width: 3000, height: 3000 },
    { name: 'post-1080x1080.png', data: await png(sharp(master).resize(1080, 1080, { kernel: 'lanczos3' })), width: 1080, height: 1080 },
    { name: 'story-1080x1920.png', data: await png(sharp(background).composite([{ input: centre, left: 0, top: 420 }])), width: 1080, height: 1920 },
    { name: 'preview-640.png', data: await png(sharp(master).resize(640, 640, { kernel: 'lanczos3' })), width: 640, height: 640 },
  ];
}

const README = (files: ReleaseKitFile[], redrawn: boolean) =>
  [
    'Release kit',
    '',
    ...files.map((f) => `${f.name}  ${f.width} x ${f.height}`),
    '',
    'album-cover-3000.png / .jpg: the distributor master (sRGB). Use the JPEG where a store limits files to 10 MB.',
    'post-1080x1080.png: square posts. story-1080x1920.png: stories and reels. preview-640.png: previews and links.',
    redrawn ? 'Each size was drawn again at its own size, so the text is sharp and inside the safe margins.' : 'The smaller sizes are scaled from the image model\'s picture.',
    '',
  ].join('\n');

/** The kit as one ZIP download. */
export async function releaseKitZip(master: Buffer, design: CoverDesign | null): Promise<Buffer> {
  const files = await buildReleaseKit(master, design);
  return zipStored([...files.map(({ name, data }) => ({ name, data })), { name: 'README.txt', data: Buffer.from(README(files, design !== null)) }]);
}
