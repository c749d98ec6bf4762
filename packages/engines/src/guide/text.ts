/**
 * Term processing shared by indexing and querying: lowercasing, English stopword removal,
 * British-to-American spelling folding and a light suffix stemmer, so that "royalties",
 * "royalty", "licence" and "licensing" meet in the index.
 */

/** Common English stopwords plus question filler ("whats", "gonna", "please"). */
export const STOPWORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any anyone anything are aren as at be because been before being
  below between both but by can cannot cant could couldn d did didn do does doesn doesnt doing don dont down during each
  else even ever few for from further gonna got had has have having he her here hers herself him himself his how however
  i id if im in into is isn isnt it its itself ive just ll let lets like m many may me might more most much must my myself
  need needs no nor not now of off often on once one only or other our ours ourselves out over own please re really s
  same shall she should so some someone something such t than thank thanks that thats the their theirs them themselves
  then there these they this those through to too u under until up us ve very wanna want was we were what whats when
  where which while who whom whose why will with won wont would y yall yes yet you youre your yours yourself yourselves
  hi hey hello yo ok okay tell explain know get gets getting
  wat wut wats wuts watz shud shld shoud ur ya tryna pls plz bruh bro fr ngl rn idk abt bc cuz gotta lemme`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Words so common in this guide that they carry no signal in a question ("how do I promote my
 * song as an independent rapper"). Removed from queries only; they stay in the index.
 */
export const QUERY_STOPWORDS: ReadonlySet<string> = new Set(
  `song songs music track tracks rap rapper rappers rapping hip hop hiphop artist artists independent indie tip tips help
  advice guide best good way ways thing things stuff start started beginner new work works mean means exactly basically
  recommend recommended recommendation recommendations suggest suggestion suggestions`
    .split(/\s+/)
    .filter(Boolean),
);

/** British spellings folded to American so either spelling matches the index. */
const SPELLING: ReadonlyMap<string, string> = new Map(Object.entries({
  licence: 'license',
  licences: 'licenses',
  licenced: 'licensed',
  colour: 'color',
  colours: 'colors',
  neighbouring: 'neighboring',
  catalogue: 'catalog',
  catalogues: 'catalogs',
  favourite: 'favorite',
  practise: 'practice',
  programme: 'program',
  behaviour: 'behavior',
  analyse: 'analyze',
  artefacts: 'artifacts',
  centre: 'center',
  cheque: 'check',
  cheques: 'checks',
}));
const ISE_WORDS = /^(normal|monet|recogn|personal|organ|optim|synchron|custom|prior|summar|capital|real|visual|emphas|categor|final|minim|maxim|util|author|apolog|special|memor|stabil|standard)is(e|es|ed|ing|ation|ations|able)$/;

function foldSpelling(word: string): string {
  const mapped = SPELLING.get(word); // a Map, so "__proto__" or "constructor" are just words
  if (mapped) return mapped;
  const m = ISE_WORDS.exec(word);
  if (m) return word.replace(/is(e|es|ed|ing|ation|ations|able)$/, 'iz$1');
  return word.replace(/isation(s?)$/, 'ization$1');
}

function undouble(s: string): string {
  // "gett" -> "get", "mapp" -> "map"; keep ll/ss/zz/ff ("sell", "pass").
  if (s.length >= 3 && s[s.length - 1] === s[s.length - 2] && !/[lszf]/.test(s[s.length - 1])) return s.slice(0, -1);
  return s;
}

/** A deliberately light stemmer: plural, -ing, -ed and a trailing silent "e". */
export function stem(word: string): string {
  // "808s" -> "808", "90s" -> "90"; other words with digits stay as they are ("3000x3000").
  if (/^\d+s$/.test(word)) return word.slice(0, -1);
  if (word.length <= 3 || /\d/.test(word)) return word;
  let s = word;
  if (s.endsWith('ies') && s.length > 4) s = `${s.slice(0, -3)}y`;
  else if (s.endsWith('sses')) s = s.slice(0, -2);
  else if (s.endsWith('s') && !/(ss|us|is)$/.test(s)) s = s.slice(0, -1);
  if (s.endsWith('ing') && s.length >= 6) s = undouble(s.slice(0, -3));
  else if (s.endsWith('ed') && s.length >= 5) s = undouble(s.slice(0, -2));
  if (s.endsWith('e') && s.length >= 4) s = s.slice(0, -1);
  return s;
}

/**
 * Spellings the tokenizer would otherwise destroy, applied to article text before indexing and to
 * questions before searching: "R&B" splits into two one-letter tokens that are dropped, and
 * "2-track" into "2" (dropped) and "track" (ignored in questions).
 */
export function normaliseForIndex(text: string): string {
  return text.replace(/\bR\s*&\s*B\b/gi, 'rnb').replace(/\b(?:2|two)[- ]?tracks?\b/gi, '2track');
}

function normalise(term: string): string {
  let t = term.toLowerCase();
  // NFKD can turn lowercase-less symbols into capitals ("ℌ" -> "H"), so lowercase again.
  if (/[^\x00-\x7f]/.test(t)) t = t.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  return t.replace(/[’'`]/g, '');
}

const memo = new Map<string, string | null>();

/** Index-time term processing: lowercase, drop stopwords and single characters, fold spelling, stem. */
export function processIndexTerm(term: string): string | null {
  const cachedTerm = memo.get(term);
  if (cachedTerm !== undefined) return cachedTerm;
  const t = normalise(term);
  const out = t.length < 2 || STOPWORDS.has(t) ? null : stem(foldSpelling(t));
  if (memo.size < 50_000) memo.set(term, out);
  return out;
}

/** Query-time term processing: as at index time, and also drops generic words such as "song". */
export function processQueryTerm(term: string): string | null {
  const t = normalise(term);
  if (QUERY_STOPWORDS.has(t)) return null;
  return processIndexTerm(t);
}

/** Levenshtein distance, stopping early once it exceeds `max`. */
function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      rowMin = Math.min(rowMin, cur[j]);
    }
    if (rowMin > max) return false;
    prev = cur;
  }
  return prev[b.length] <= max;
}

const LONG_FILLER = [...STOPWORDS, ...QUERY_STOPWORDS].filter((w) => w.length >= 7);

/**
 * A misspelling of a long filler word ("recomendations", "basicaly"): one edit from 7 letters,
 * two from 10. Only asked about words the index does not know, so "trapping" (a known stem) is safe.
 */
export function isFillerTypo(token: string): boolean {
  const t = normalise(token);
  if (t.length < 7) return false;
  const max = t.length >= 10 ? 2 : 1;
  return LONG_FILLER.some((w) => withinEdits(t, w, max));
}
