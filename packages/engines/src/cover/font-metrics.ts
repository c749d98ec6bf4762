/**
 * Advance widths and vertical metrics read from a TrueType/OpenType font's own tables (head, hhea,
 * hmtx, cmap format 4, OS/2), so the title is fitted with the real widths of the bundled typeface.
 * Kerning is left out: it changes a line's width by a few per cent, inside the fitting's margin.
 */
export interface FontMetrics {
  family: string;
  unitsPerEm: number;
  /** In em. */
  ascender: number;
  descender: number;
  capHeight: number;
  /** Width of `text` in em. */
  width(text: string): number;
}

export function readFontMetrics(family: string, data: Uint8Array): FontMetrics {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const tables = new Map<string, number>();
  const numTables = view.getUint16(4);
  for (let i = 0; i < numTables; i++) {
    const record = 12 + i * 16;
    const tag = String.fromCharCode(data[record]!, data[record + 1]!, data[record + 2]!, data[record + 3]!);
    tables.set(tag, view.getUint32(record + 8));
  }
  const table = (tag: string) => {
    const offset = tables.get(tag);
    if (offset === undefined) throw new Error(`The font ${family} has no ${tag} table`);
    return offset;
  };
  const head = table('head');
  const hhea = table('hhea');
  const hmtx = table('hmtx');
  const unitsPerEm = view.getUint16(head + 18);
  const ascender = view.getInt16(hhea + 4) / unitsPerEm;
  const descender = view.getInt16(hhea + 6) / unitsPerEm;
  const numberOfHMetrics = view.getUint16(hhea + 34);
  let capHeight = 0.7;
  const os2 = tables.get('OS/2');
  if (os2 !== undefined && view.getUint16(os2) >= 2) capHeight = view.getInt16(os2 + 88) / unitsPerEm || capHeight;

  // cmap: the Unicode BMP subtable (platform 3 encoding 1, or platform 0), format 4.
  const cmap = table('cmap');
  let sub = -1;
  for (let i = 0; i < view.getUint16(cmap + 2); i++) {
    const rec = cmap + 4 + i * 8;
    const platform = view.getUint16(rec);
    const encoding = view.getUint16(rec + 2);
    const offset = cmap + view.getUint32(rec + 4);
    if (view.getUint16(offset) !== 4) continue;
    if ((platform === 3 && encoding === 1) || platform === 0) sub = offset;
  }
  if (sub < 0) throw new Error(`The font ${family} has no Unicode character map`);
  const segCount = view.getUint16(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + segCount * 2 + 2;
  const deltas = starts + segCount * 2;
  const rangeOffsets = deltas + segCount * 2;

  const glyphOf = (code: number): number => {
    if (code > 0xffff) return 0;
    for (let s = 0; s < segCount; s++) {
      if (view.getUint16(ends + s * 2) < code) continue;
      const start = view.getUint16(starts + s * 2);
      if (start > code) return 0;
      const delta = view.getInt16(deltas + s * 2);
      const rangeOffset = view.getUint16(rangeOffsets + s * 2);
      if (rangeOffset === 0) return (code + delta) & 0xffff;
      const glyph = view.getUint16(rangeOffsets + s * 2 + rangeOffset + (code - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
  const advance = (glyph: number) => view.getUint16(hmtx + Math.min(glyph, numberOfHMetrics - 1) * 4) / unitsPerEm;
  const cache = new Map<number, number>();

  return {
    family,
    unitsPerEm,
    ascender,
    descender,
    capHeight,
    width(text: string) {
      let total = 0;
      for (const char of text) {
        const code = char.codePointAt(0)!;
        let w = cache.get(code);
        if (w === undefined) {
          w = advance(glyphOf(code));
          cache.set(code, w);
        }
        total += w;
      }
      return total;
    },
  };
}
