import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import { ffmpegPath } from '../audio/decode';
import { sharp } from '../providers/image/native';
import type { FileStorage } from '../providers/storage/types';
import { notFound } from '../errors';
import type { PublicRelease } from './release.service';

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Drawn images and clips by what they are made from: a cover version or a version never changes. */
const cache = new LRUCache<string, Buffer>({ maxSize: 64 * 1024 * 1024, sizeCalculation: (b) => b.length || 1 });

/** The release page's pictures, preview clip and calendar file (ADR 050). */
export function createReleaseMedia(storage: FileStorage) {
  async function coverPng(release: PublicRelease): Promise<Buffer> {
    if (!release.coverKey) throw notFound('Cover');
    const key = `png:${release.coverKey}`;
    const hit = cache.get(key);
    if (hit) return hit;
    const png = await readAll(storage.read(release.coverKey));
    cache.set(key, png);
    return png;
  }

  return {
    /** The cover for the page: a 600 px WebP. */
    async cover(release: PublicRelease): Promise<Buffer> {
      const key = `page:${release.coverKey}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const webp = await sharp(await coverPng(release)).resize(600, 600, { fit: 'cover' }).webp({ quality: 78 }).toBuffer();
      cache.set(key, webp);
      return webp;
    },

    /** The cover as a 1200 px JPEG for the flyer. */
    async coverJpeg(release: PublicRelease): Promise<Buffer> {
      return sharp(await coverPng(release)).resize(1200, 1200, { fit: 'cover' }).jpeg({ quality: 88 }).toBuffer();
    },

    /** The Open Graph / Twitter card: 1200×630, the cover over a blurred, darkened fill of itself. */
    async ogImage(release: PublicRelease): Promise<Buffer> {
      const key = `og:${release.coverKey}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const png = await coverPng(release);
      const fill = await sharp(png).resize(1200, 630, { fit: 'cover' }).blur(40).modulate({ brightness: 0.55 }).toBuffer();
      const front = await sharp(png).resize(530, 530, { fit: 'cover' }).toBuffer();
      const og = await sharp(fill).composite([{ input: front, left: 335, top: 50 }]).png({ compressionLevel: 8 }).toBuffer();
      cache.set(key, og);
      return og;
    },

    /** A QR code of the page's address, as SVG (sharp for posters at any size). */
    async qrSvg(url: string): Promise<string> {
      // The QR and calendar code is read on first use, not at start-up (ADR 059).
      const { default: QRCode } = await import('qrcode');
      return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    },

    /**
     * The preview: `previewSeconds` from `previewStart` of the latest version, cut and encoded to a
     * 128 kbit/s MP3 by the bundled ffmpeg with a short fade in and out; kept in the cache.
     */
    async preview(release: PublicRelease): Promise<Buffer> {
      if (!release.previewTrackFile) throw notFound('Preview');
      const key = `clip:${release.previewTrackFile}:${release.previewStart}:${release.previewSeconds}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const out = path.join(os.tmpdir(), `mo-preview-${crypto.randomBytes(8).toString('hex')}.mp3`);
      const len = release.previewSeconds;
      try {
        await storage.withLocalPath(`tracks/${release.previewTrackFile}`, async (input) => {
          const args = ['-hide_banner', '-loglevel', 'error', '-nostdin', '-ss', String(release.previewStart), '-t', String(len), '-i', input, '-vn', '-af', `afade=t=in:d=0.5,afade=t=out:st=${Math.max(0, len - 1.5)}:d=1.5`, '-c:a', 'libmp3lame', '-b:a', '128k', '-ar', '44100', '-map_metadata', '-1', '-id3v2_version', '0', '-write_xing', '0', '-f', 'mp3', '-y', out];
          await new Promise<void>((resolve, reject) => {
            const child = spawn(ffmpegPath(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
            let err = '';
            child.stderr.on('data', (d: Buffer) => (err += d.toString()));
            child.on('error', reject);
            child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg failed: ${err.slice(0, 300)}`))));
          });
        });
        const mp3 = await fs.readFile(out);
        cache.set(key, mp3);
        return mp3;
      } finally {
        await fs.rm(out, { force: true });
      }
    },

    /** "Remind me": an all-day event on the release day. */
    async ics(release: PublicRelease, url: string): Promise<string> {
      if (!release.releaseDate) throw notFound('Release date');
      const [y, m, d] = release.releaseDate.split('-').map(Number) as [number, number, number];
      const title = release.artist ? `${release.title} by ${release.artist} is out` : `${release.title} is out`;
      const { createEvent } = await import('ics');
      const { error, value } = createEvent({
        uid: `release-${release.id}-${release.releaseDate}@members-only`,
        title,
        description: `Listen: ${url}`,
        url,
        start: [y, m, d],
        duration: { days: 1 },
        productId: 'members-only/release',
        alarms: [{ action: 'display', description: title, trigger: { hours: 9, minutes: 0, before: false } }],
      });
      if (error || !value) throw error ?? new Error('calendar event failed');
      return value;
    },
  };
}
export type ReleaseMedia = ReturnType<typeof createReleaseMedia>;
