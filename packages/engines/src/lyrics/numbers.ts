// Spell digits as words so "24", "1999", "3rd" and "90s" get real
// pronunciations (and syllable counts) from the dictionary.

const ONES = [
  'zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten',
  'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: Array<[number, string]> = [
  [1e12, 'trillion'],
  [1e9, 'billion'],
  [1e6, 'million'],
  [1e3, 'thousand'],
];

function under100(n: number): string[] {
  if (n < 20) return [ONES[n]];
  const t = TENS[Math.floor(n / 10)];
  return n % 10 === 0 ? [t] : [t, ONES[n % 10]];
}

function under1000(n: number): string[] {
  const out: string[] = [];
  if (n >= 100) {
    out.push(ONES[Math.floor(n / 100)], 'hundred');
    n %= 100;
    if (n === 0) return out;
  }
  return out.concat(under100(n));
}

/** Cardinal words for a non-negative integer (< 10^15). */
export function cardinalWords(n: number): string[] {
  if (n === 0) return ['zero'];
  const out: string[] = [];
  for (const [size, name] of SCALES) {
    if (n >= size) {
      out.push(...under1000(Math.floor(n / size)), name);
      n %= size;
    }
  }
  if (n > 0) out.push(...under1000(n));
  return out;
}

/** How a rapper would say a digit string: years as years, long codes digit by digit. */
export function digitsToWords(digits: string): string[] {
  if (!/^\d+$/.test(digits)) return [];
  // "007", "0800" or very long strings: read digit by digit.
  if ((digits.length > 1 && digits[0] === '0') || digits.length > 15) {
    return [...digits].map((d) => ONES[Number(d)]);
  }
  const n = Number(digits);
  if (digits.length === 4) {
    // 1999 -> nineteen ninety nine; 2010 -> twenty ten; 1900 -> nineteen hundred
    const hi = Math.floor(n / 100);
    const lo = n % 100;
    if (hi >= 11 && hi <= 19) return lo === 0 ? [...under100(hi), 'hundred'] : [...under100(hi), ...(lo < 10 ? ['oh', ONES[lo]] : under100(lo))];
    if (hi >= 20 && hi <= 99 && lo >= 10 && n >= 2010) return [...under100(hi), ...under100(lo)];
  }
  return cardinalWords(n);
}

const ORDINAL_IRREGULAR: Record<string, string> = {
  one: 'first', two: 'second', three: 'third', five: 'fifth', eight: 'eighth', nine: 'ninth', twelve: 'twelfth',
};

/** "1st", "22nd", "100th" -> words; "90s" -> "nineties". */
export function numberTokenToWords(token: string): string[] {
  const ord = /^(\d+)(st|nd|rd|th)$/.exec(token);
  if (ord) {
    const words = digitsToWords(ord[1]);
    const last = words.pop() ?? '';
    const ordinal = ORDINAL_IRREGULAR[last] ?? (last.endsWith('y') ? `${last.slice(0, -1)}ieth` : `${last}th`);
    return [...words, ordinal];
  }
  const plural = /^(\d+)'?s$/.exec(token);
  if (plural) {
    const words = digitsToWords(plural[1]);
    const last = words.pop() ?? '';
    const pl = last.endsWith('y') ? `${last.slice(0, -1)}ies` : last.endsWith('x') ? `${last}es` : `${last}s`;
    return [...words, pl];
  }
  return digitsToWords(token);
}
