import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PDFDocument, rgb } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import QRCode from 'qrcode';

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) => require.resolve(`@expo-google-fonts/${pkg}/400Regular/${file}`);

/**
 * A print-ready one-page A4 flyer (ADR 050): the cover, the title in Anton, the artist, the date,
 * and a QR code of the page's address with the address under it in Space Mono. Bundled fonts only.
 */
export async function releaseFlyer(input: { title: string; artist: string; releaseLine: string; url: string; coverJpeg: Buffer | null }): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(input.artist ? `${input.title} by ${input.artist}` : input.title);
  pdf.setCreator('Members Only release page');
  const [anton, mono] = await Promise.all([
    fs.readFile(fontFile('anton', 'Anton_400Regular.ttf')).then((b) => pdf.embedFont(b, { subset: true })),
    fs.readFile(fontFile('space-mono', 'SpaceMono_400Regular.ttf')).then((b) => pdf.embedFont(b, { subset: true })),
  ]);
  const page = pdf.addPage([595.28, 841.89]);
  const { width } = page.getSize();
  const margin = 48;
  let y = 841.89 - margin;
  if (input.coverJpeg) {
    const image = await pdf.embedJpg(input.coverJpeg);
    const size = width - 2 * margin - 100;
    y -= size;
    page.drawImage(image, { x: (width - size) / 2, y, width: size, height: size });
  }
  const fit = (text: string, font: typeof anton, max: number, widthMax: number) => {
    let size = max;
    while (size > 10 && font.widthOfTextAtSize(text, size) > widthMax) size -= 1;
    return size;
  };
  const centre = (text: string, font: typeof anton, size: number, at: number, color = rgb(0.07, 0.07, 0.09)) =>
    page.drawText(text, { x: (width - font.widthOfTextAtSize(text, size)) / 2, y: at, size, font, color });
  const title = input.title.toUpperCase();
  const titleSize = fit(title, anton, 44, width - 2 * margin);
  y -= titleSize + 16;
  centre(title, anton, titleSize, y);
  if (input.artist) {
    y -= 28;
    centre(input.artist, mono, fit(input.artist, mono, 18, width - 2 * margin), y, rgb(0.25, 0.25, 0.3));
  }
  if (input.releaseLine) {
    y -= 24;
    centre(input.releaseLine, mono, 13, y, rgb(0.25, 0.25, 0.3));
  }
  const qr = await pdf.embedPng(await QRCode.toBuffer(input.url, { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 480 }));
  const qrSize = Math.min(150, y - margin - 40);
  page.drawImage(qr, { x: (width - qrSize) / 2, y: margin + 24, width: qrSize, height: qrSize });
  centre(input.url, mono, fit(input.url, mono, 11, width - 2 * margin), margin + 6);
  return Buffer.from(await pdf.save());
}
