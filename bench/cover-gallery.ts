/**
 * Draws the cover gallery with the built-in renderer (issue 28): two covers per style, as 300×300
 * JPEG thumbnails in docs/covers/ (shown in ADR 042 and the README), and one small preview per
 * style for the Cover Art page's style picker in apps/web/public/cover-styles/ (static files: no
 * request, no quota, cached by the browser). Run after changing a style:
 *
 *   node --import tsx bench/cover-gallery.ts
 *
 * Each cover is drawn at 1500×1500 and scaled down, so the thumbnails show what the master shows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { COVER_STYLE_IDS, type CoverDesign } from '@members-only/engines/cover';
import { renderCover } from '../apps/server/src/providers/image/built-in-renderer';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const docs = path.join(root, 'docs/covers');
const previews = path.join(root, 'apps/web/public/cover-styles');
fs.mkdirSync(docs, { recursive: true });
fs.mkdirSync(previews, { recursive: true });

/** Two designs per style: one with motifs from the lyrics, one abstract or edited. */
const GALLERY: Array<Omit<CoverDesign, 'style'> & { note: string }> = [
  { note: 'crown and ledger numbers', title: 'Paper Trail', artist: 'Members Only', mood: 'luxury', motifs: ['crown', 'ledger'], energy: 0.7, advisory: false, seed: 11 },
  { note: 'abstract, "make it blue, title at the top"', title: 'Rain On The Block', artist: 'Members Only', mood: 'dark', motifs: ['rain'], energy: 0.4, advisory: true, seed: 23, edits: ['make it blue, title at the top'] },
];

for (const style of COVER_STYLE_IDS) {
  for (const [i, design] of GALLERY.entries()) {
    const { png } = await renderCover({ ...design, style }, { size: 1500 });
    await sharp(png).resize(300, 300, { kernel: 'lanczos3' }).jpeg({ quality: 82, mozjpeg: true }).toFile(path.join(docs, `${style}-${i + 1}.jpg`));
  }
  const { png } = await renderCover({ title: 'Title', artist: 'Artist', style, mood: 'hustle', motifs: [], energy: 0.5, advisory: false, seed: 7 }, { size: 480 });
  await sharp(png).resize(120, 120, { kernel: 'lanczos3' }).jpeg({ quality: 80, mozjpeg: true }).toFile(path.join(previews, `${style}.jpg`));
  console.log(style);
}
