import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { formatBps, type SplitSheet } from '@members-only/shared/splits';
import { formatIsrc } from '@members-only/shared/songs';

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) => require.resolve(`@expo-google-fonts/${pkg}/400Regular/${file}`);

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.07, 0.07, 0.09);
const GREY = rgb(0.35, 0.35, 0.4);

const STATUS_TEXT = { draft: 'Draft: not signed yet', awaiting_signatures: 'Awaiting signatures', agreed: 'Agreed: signed by everyone' } as const;

/** "2026-11-27 02:31 UTC" */
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * The split sheet as a PDF (issue 30, ADR 049): A4, the bundled Anton (title) and Space Mono
 * (everything else), the song, the statement, each contributor's roles and shares, and each
 * signature with its time. Every page ends with the SHA-256 of the signed text, set in the PDF's
 * standard Courier so it is plain, copyable text, and the page number. Characters the bundled font
 * lacks print as "?" rather than failing the download.
 */
export async function splitSheetPdf(sheet: SplitSheet, options: { owner: string }): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(`Split sheet: ${sheet.title}`);
  pdf.setSubject(`SHA-256 ${sheet.contentHash}`);
  pdf.setAuthor(options.owner);
  pdf.setKeywords(['split sheet', sheet.contentHash]);
  pdf.setCreator('Members Only split sheets');
  const [anton, mono, courier] = await Promise.all([
    fs.readFile(fontFile('anton', 'Anton_400Regular.ttf')).then((b) => pdf.embedFont(b, { subset: true })),
    fs.readFile(fontFile('space-mono', 'SpaceMono_400Regular.ttf')).then((b) => pdf.embedFont(b, { subset: true })),
    pdf.embedFont(StandardFonts.Courier),
  ]);
  const charsets = new Map<PDFFont, Set<number>>([
    [anton, new Set(anton.getCharacterSet())],
    [mono, new Set(mono.getCharacterSet())],
  ]);
  const printable = (text: string, font: PDFFont) => {
    const set = charsets.get(font);
    return [...text.replace(/[\r\n\t]+/g, ' ')].map((ch) => (set && !set.has(ch.codePointAt(0)!) ? '?' : ch)).join('');
  };
  const width = A4[0] - 2 * MARGIN;
  const bottom = MARGIN + 40;

  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const newPage = () => {
    page = pdf.addPage(A4);
    y = A4[1] - MARGIN;
  };
  const room = (height: number) => {
    if (y - height < bottom) newPage();
  };
  /** Words wrapped to the width; a word longer than a line is cut. */
  const wrap = (text: string, font: PDFFont, size: number, max = width) => {
    const lines: string[] = [];
    for (const paragraph of text.split(/\n/)) {
      let current = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        let w = word;
        while (font.widthOfTextAtSize(w, size) > max) {
          let cut = w.length - 1;
          while (cut > 1 && font.widthOfTextAtSize(w.slice(0, cut), size) > max) cut--;
          if (current) lines.push(current);
          lines.push(w.slice(0, cut));
          current = '';
          w = w.slice(cut);
        }
        const next = current ? `${current} ${w}` : w;
        if (font.widthOfTextAtSize(next, size) > max) {
          lines.push(current);
          current = w;
        } else current = next;
      }
      lines.push(current);
    }
    return lines;
  };
  const write = (text: string, opts: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; x?: number; max?: number; gap?: number } = {}) => {
    const font = opts.font ?? mono;
    const size = opts.size ?? 10;
    for (const line of wrap(printable(text, font), font, size, opts.max)) {
      room(size + 4);
      y -= size + (opts.gap ?? 4);
      page.drawText(line, { x: opts.x ?? MARGIN, y, size, font, color: opts.color ?? INK });
    }
  };

  write('SPLIT SHEET', { font: anton, size: 28 });
  y -= 4;
  write(sheet.title, { font: anton, size: 20 });
  write(`Artist: ${options.owner}`, { color: GREY });
  if (sheet.isrc) write(`ISRC: ${formatIsrc(sheet.isrc)}`, { color: GREY });
  write(`Date: ${sheet.date}   Status: ${STATUS_TEXT[sheet.status]}`, { color: GREY });
  y -= 10;
  if (sheet.statement) {
    write('Statement', { font: anton, size: 13 });
    write(sheet.statement, { size: 10 });
    y -= 10;
  }

  write('Contributors and shares', { font: anton, size: 13 });
  write('Publishing and master shares each add up to exactly 100.00%.', { size: 8, color: GREY });
  y -= 4;
  const col = { name: MARGIN, pub: MARGIN + width - 150, master: MARGIN + width - 70 };
  const head = () => {
    room(20);
    y -= 14;
    page.drawText('Contributor / roles', { x: col.name, y, size: 8, font: mono, color: GREY });
    page.drawText('Publishing', { x: col.pub, y, size: 8, font: mono, color: GREY });
    page.drawText('Master', { x: col.master, y, size: 8, font: mono, color: GREY });
  };
  head();
  for (const c of sheet.contributors) {
    room(34);
    y -= 16;
    const name = printable(c.name, mono);
    page.drawText(wrap(name, mono, 10, col.pub - col.name - 10)[0] ?? '', { x: col.name, y, size: 10, font: mono, color: INK });
    page.drawText(formatBps(c.publishingBps), { x: col.pub, y, size: 10, font: mono, color: INK });
    page.drawText(formatBps(c.masterBps), { x: col.master, y, size: 10, font: mono, color: INK });
    y -= 12;
    page.drawText(`${c.userId !== null ? 'member' : 'invited'} · ${c.roles.join(', ')}`, { x: col.name, y, size: 8, font: mono, color: GREY });
  }
  y -= 16;

  write('Signatures', { font: anton, size: 13 });
  write('Each signature is the typed full name, made over the exact text whose SHA-256 is printed at the foot of every page.', { size: 8, color: GREY });
  for (const c of sheet.contributors) {
    room(40);
    y -= 6;
    const s = c.signature;
    write(c.name, { size: 10 });
    if (s.state === 'signed') write(`Signed "${s.fullName ?? ''}" on ${utc(s.signedAt!)}`, { size: 9, color: GREY, x: MARGIN + 12, max: width - 12 });
    else if (s.state === 'declined') write(`Declined on ${utc(s.declinedAt!)}: ${s.declineReason ?? ''}`, { size: 9, color: GREY, x: MARGIN + 12, max: width - 12 });
    else write('Not signed yet', { size: 9, color: GREY, x: MARGIN + 12, max: width - 12 });
  }

  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    p.drawLine({ start: { x: MARGIN, y: MARGIN + 26 }, end: { x: A4[0] - MARGIN, y: MARGIN + 26 }, thickness: 0.5, color: GREY });
    p.drawText(`SHA-256 ${sheet.contentHash}`, { x: MARGIN, y: MARGIN + 12, size: 7.5, font: courier, color: INK });
    p.drawText(`${sheet.title.length > 60 ? `${sheet.title.slice(0, 57)}...` : sheet.title}`.replace(/[^\x20-\x7e]/g, '?'), { x: MARGIN, y: MARGIN, size: 7, font: courier, color: GREY });
    const label = `Page ${i + 1} of ${pages.length}`;
    p.drawText(label, { x: A4[0] - MARGIN - courier.widthOfTextAtSize(label, 7), y: MARGIN, size: 7, font: courier, color: GREY });
  });
  return Buffer.from(await pdf.save());
}
