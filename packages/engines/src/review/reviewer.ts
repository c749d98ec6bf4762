// The lyric engine through its public API only (another part of the engine may change its internals).
import { analyzeLyrics, rhymeIdeas, type LyricLine, type LyricsAnalysis, type LyricsMeasures } from '../lyrics';

/**
 * The scores a review gives (spec §3), each an integer 0-10. The API's list is shared's
 * REVIEW_CATEGORIES (the engines import nothing from the workspace); apps/server/test/vocabularies.test.ts
 * fails if the two, or their labels, differ.
 */
export const CATEGORIES = ['flow', 'marketability', 'lyrics', 'versatility', 'originality', 'vocabulary'] as const;
export type Category = (typeof CATEGORIES)[number];
export const CATEGORY_LABELS: Record<Category, string> = {
  flow: 'Flow',
  marketability: 'Marketability',
  lyrics: 'Lyrics',
  versatility: 'Versatility',
  originality: 'Originality',
  vocabulary: 'Vocabulary',
};

/** What the audio analysis knows about a track (null where it could not tell). */
export interface AudioFacts {
  duration: number | null;
  bpm: number | null;
  key: string | null;
  lufs: number | null;
  truePeak: number | null;
}

export interface TechnicalItem {
  label: string;
  value: string;
  status: 'ok' | 'note' | 'unknown';
  note: string;
}

export interface BuiltInReview {
  scores: Record<Category, number>;
  audience: string;
  streams: string;
  technical: TechnicalItem[];
  /** The whole review as Markdown, in the spec's format (bold 'Flow: N/10' lines first). */
  markdown: string;
  measures: LyricsMeasures;
  /** "What to work on": concrete changes, each naming bars. */
  advice: string[];
  /** Per score, the limits that held it down ("at most 6: one rhyme scheme throughout"). */
  limits: Record<Category, string[]>;
}

/** Streaming services' loudness targets (integrated LUFS) and the usual true-peak ceiling. */
export const LOUDNESS_TARGETS = { spotify: -14, youtube: -14, appleMusic: -16, truePeakCeiling: -1 } as const;

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);
const toScore = (x: number) => Math.min(10, Math.max(0, Math.round(clamp01(x) * 10)));
const pct = (x: number) => `${Math.round(x * 100)}%`;
const db = (x: number) => `${x > 0 ? '+' : ''}${x.toFixed(1)}`;

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The facts a mastering engineer checks first: loudness against streaming targets, true peak, length, tempo, key. */
export function technicalCheck(facts: AudioFacts): TechnicalItem[] {
  const items: TechnicalItem[] = [];
  if (facts.lufs === null) {
    items.push({ label: 'Integrated loudness', value: 'not measured', status: 'unknown', note: 'The analysis has not measured loudness yet.' });
  } else {
    const overSpotify = facts.lufs - LOUDNESS_TARGETS.spotify;
    const overApple = facts.lufs - LOUDNESS_TARGETS.appleMusic;
    let note: string;
    let status: TechnicalItem['status'] = 'ok';
    if (overSpotify > 3) {
      status = 'note';
      note = `${overSpotify.toFixed(1)} dB louder than Spotify and YouTube's ${LOUDNESS_TARGETS.spotify} LUFS: they turn it down by about that much, and Apple Music (${LOUDNESS_TARGETS.appleMusic} LUFS) by about ${overApple.toFixed(1)} dB. The extra limiting buys no loudness there and can cost punch; a master around -10 to -12 LUFS keeps more transients.`;
    } else if (overApple < -2) {
      status = 'note';
      note = `${(-overSpotify).toFixed(1)} dB under Spotify and YouTube's ${LOUDNESS_TARGETS.spotify} LUFS and ${(-overApple).toFixed(1)} dB under Apple Music's ${LOUDNESS_TARGETS.appleMusic}: it will play quieter than most releases next to it, or be turned up only as far as its peaks allow.`;
    } else {
      note = `${db(overSpotify)} dB against Spotify and YouTube (${LOUDNESS_TARGETS.spotify} LUFS), ${db(overApple)} dB against Apple Music (${LOUDNESS_TARGETS.appleMusic} LUFS): within the usual range for streaming.`;
    }
    items.push({ label: 'Integrated loudness', value: `${facts.lufs.toFixed(1)} LUFS`, status, note });
  }
  if (facts.truePeak === null) {
    items.push({ label: 'True peak', value: 'not measured', status: 'unknown', note: 'The analysis has not measured the true peak yet.' });
  } else if (facts.truePeak > LOUDNESS_TARGETS.truePeakCeiling) {
    items.push({
      label: 'True peak',
      value: `${facts.truePeak.toFixed(1)} dBTP`,
      status: 'note',
      note: `Above the ${LOUDNESS_TARGETS.truePeakCeiling} dBTP ceiling most distributors ask for: the encoded MP3/AAC/Ogg can clip. Lower the limiter's ceiling to ${LOUDNESS_TARGETS.truePeakCeiling} dBTP with true-peak detection on.`,
    });
  } else {
    items.push({ label: 'True peak', value: `${facts.truePeak.toFixed(1)} dBTP`, status: 'ok', note: `At or under ${LOUDNESS_TARGETS.truePeakCeiling} dBTP: safe for encoding.` });
  }
  if (facts.duration === null) items.push({ label: 'Duration', value: 'not measured', status: 'unknown', note: '' });
  else {
    const d = facts.duration;
    const note =
      d < 90 ? 'Short: fine for a snippet or interlude; most singles run 2-3.5 minutes.' : d > 300 ? 'Long for a single: listeners skip more in long tracks; consider an edit.' : 'A usual length for a single.';
    items.push({ label: 'Duration', value: formatDuration(d), status: d < 90 || d > 300 ? 'note' : 'ok', note });
  }
  items.push(
    facts.bpm === null
      ? { label: 'Tempo', value: 'not detected', status: 'unknown', note: 'No steady beat was found.' }
      : { label: 'Tempo', value: `${Math.round(facts.bpm)} BPM`, status: 'ok', note: styleFromTempo(facts.bpm) },
  );
  items.push(facts.key === null ? { label: 'Key', value: 'not detected', status: 'unknown', note: '' } : { label: 'Key', value: facts.key, status: 'ok', note: 'Useful for choosing samples, features and DJ mixes.' });
  return items;
}

function styleFromTempo(bpm: number): string {
  if (bpm < 80) return 'Slow: lo-fi, R&B or a half-time feel.';
  if (bpm < 100) return 'Classic boom-bap territory.';
  if (bpm < 125) return 'Mid-tempo: West Coast bounce, pop-rap.';
  if (bpm < 150) return 'Trap and drill tempos (often felt in half time).';
  return 'Fast: double-time, drill or club energy.';
}

const THEMES: Array<{ name: string; words: RegExp }> = [
  { name: 'money and the hustle', words: /\b(money|cash|bands|paper|hustl\w*|grind\w*|rich|bag|racks|stack\w*|bread|rent|check|pay\w*)\b/gi },
  { name: 'love and relationships', words: /\b(love|heart|baby|girl|kiss|miss\w*|lover|ex|romance)\b/gi },
  { name: 'struggle and pain', words: /\b(pain|struggl\w*|cry|tears|broke|hurt|lost|alone|scars?|overdue)\b/gi },
  { name: 'street life', words: /\b(streets?|block|hood|corner|trap|opps?|gang|cops?|avenue|stoop)\b/gi },
  { name: 'the party and the night', words: /\b(party|club|dance|drinks?|shots?|bottles?|turn(?:t|ed) up|dj)\b/gi },
  { name: 'ambition and self-belief', words: /\b(dreams?|rise|king|queen|win\w*|goals?|legacy|crown|boss|future|finish line)\b/gi },
  { name: 'faith and family', words: /\b(god|pray\w*|faith|mama|mom|mother|family|blessed|son|daughter|brother|cousin|grandpa|auntie|grandma)\b/gi },
  { name: 'making music', words: /\b(mic|microphone|verse|hooks?|rhymes?|beat|studio|record|melody|saxophone|guitar|drummer|rhythm|notebook)\b/gi },
];

/**
 * The themes the lyrics are about: a theme counts only when at least two different words of it
 * occur (a hook repeating "paper plan" is not a song about money), and each comes with the words
 * that put it there, so a reader can check.
 */
export function themesOf(lyrics: string): { name: string; words: string[] }[] {
  return THEMES.map((t) => {
    const hits = (lyrics.match(t.words) ?? []).map((w) => w.toLowerCase());
    const words = [...new Set(hits)];
    return { name: t.name, words, n: hits.length };
  })
    .filter((t) => t.words.length >= 2)
    .sort((a, b) => b.n - a.n)
    .slice(0, 2)
    .map(({ name, words }) => ({ name, words: words.slice(0, 3) }));
}

/** Lines that come back (a hook or refrain): the share of bars that repeat an earlier bar word for word. */
function hookShare(analysis: LyricsAnalysis): { repeatedBars: number; share: number; lines: Set<string> } {
  const bars = analysis.lines.filter((l) => l.kind === 'bar').map((l) => normaliseBar(l.text));
  const seen = new Map<string, number>();
  for (const b of bars) if (b) seen.set(b, (seen.get(b) ?? 0) + 1);
  const repeated = [...seen].filter(([, n]) => n > 1);
  const repeatedBars = repeated.reduce((a, [, n]) => a + n, 0);
  return { repeatedBars, share: bars.length ? repeatedBars / bars.length : 0, lines: new Set(repeated.map(([b]) => b)) };
}

const normaliseBar = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N} ]/gu, '').replace(/\s+/g, ' ').trim();

/**
 * One score with its evidence: `raw` (0..1) from the measures, then limits a reader can check.
 * `caps` are ceilings that apply (with why); `perfect` lists the conditions a 10 needs and
 * whether each is met: a 10 only when every one is.
 */
interface Scored {
  score: number;
  why: string;
  caps: string[];
}

interface Limit {
  max: number;
  applies: boolean;
  why: string;
}

function limited(raw: number, limits: Limit[], perfect: [string, boolean][]): { score: number; caps: string[] } {
  let score = toScore(raw);
  const caps: string[] = [];
  // Every limit that applies is shown, whether or not the measures alone already kept the score under it.
  for (const l of limits) {
    if (!l.applies) continue;
    score = Math.min(score, l.max);
    caps.push(`at most ${l.max}: ${l.why}`);
  }
  const missing = perfect.filter(([, ok]) => !ok).map(([c]) => c);
  if (score === 10 && missing.length) {
    score = 9;
    caps.push(`a 10 needs ${missing.join(', ')}`);
  }
  return { score, caps };
}

const capText = (caps: string[]) => (caps.length ? ` Limit: ${caps.join('; ')}.` : '');

/** Bars of a verse whose syllables sit far from the rest: the pocket breaks there. */
function outlierBars(m: LyricsMeasures): { bar: number; syllables: number; low: number; high: number }[] {
  const out: { bar: number; syllables: number; low: number; high: number }[] = [];
  const all = m.syllablesPerBar;
  if (all.length < 4) return out;
  all.forEach((syl, i) => {
    const rest = all.filter((_, j) => j !== i).sort((a, b) => a - b);
    const low = rest[Math.floor(rest.length * 0.25)]!;
    const high = rest[Math.ceil(rest.length * 0.75) - 1]!;
    if (syl > high + 4 || syl < low - 5) out.push({ bar: i + 1, syllables: syl, low, high });
  });
  return out;
}

function flowScore(m: LyricsMeasures): Scored {
  if (m.bars < 2) return { score: 2, why: 'Only one bar: flow needs several bars to judge.', caps: [] };
  const consistency = clamp01(1 - m.syllableStdDev / 6);
  const placement = clamp01(m.endRhymeRatio);
  const jumpShare = m.barJumps.length / Math.max(1, m.bars - 1);
  const outliers = outlierBars(m);
  const { score, caps } = limited(
    0.55 * consistency + 0.45 * placement - 0.5 * jumpShare,
    [
      { max: 6, applies: outliers.length > 0, why: `bar${outliers.length === 1 ? '' : 's'} ${outliers.map((o) => o.bar).join(', ')} run${outliers.length === 1 ? 's' : ''} far outside the other bars' length` },
      { max: 7, applies: m.endRhymeRatio < 0.5, why: 'fewer than half the bars land on an end rhyme' },
    ],
    [
      ['a syllable spread of 1.5 or less', m.syllableStdDev <= 1.5],
      ['no sudden jump in bar length', m.barJumps.length === 0],
      ['three bars in four landing on an end rhyme', m.endRhymeRatio >= 0.75],
      ['at least 8 bars', m.bars >= 8],
    ],
  );
  const jumps = m.barJumps.slice(0, 2).map((j) => `bars ${j.fromBar}-${j.toBar} jump from ${j.from} to ${j.to} syllables`);
  return {
    score,
    caps,
    why: `Bars average ${m.meanSyllables.toFixed(1)} syllables with a spread of ${m.syllableStdDev.toFixed(1)} (tighter is steadier), and ${pct(m.endRhymeRatio)} of bars land on an end rhyme.${jumps.length ? ` Where the pocket breaks: ${jumps.join('; ')}.` : ' No sudden jumps in bar length.'}${capText(caps)}`,
  };
}

function vocabularyScore(m: LyricsMeasures): Scored {
  // Richness falls naturally as a text grows; longer verses are judged a little more gently.
  const expected = m.words > 300 ? 0.4 : m.words > 120 ? 0.5 : 0.6;
  const richness = clamp01(m.vocabularyRichness / expected);
  const rare = clamp01(m.rareWordRatio / 0.3);
  const top = m.repetitions[0];
  const { score, caps } = limited(
    0.7 * richness + 0.3 * rare,
    [
      { max: 5, applies: m.vocabularyRichness < expected * 0.6, why: `fewer than ${pct(expected * 0.6)} of the words are different` },
      { max: 7, applies: m.rareWordRatio < 0.1, why: 'almost every content word is an everyday one' },
    ],
    [
      [`${pct(expected)} or more different words`, m.vocabularyRichness >= expected],
      ['three in ten content words outside everyday vocabulary', m.rareWordRatio >= 0.3],
      ['no word used more than four times', !top || top.count <= 4],
    ],
  );
  const tops = m.repetitions.slice(0, 3).map((r) => `"${r.word}" ×${r.count}`);
  return {
    score,
    caps,
    why: `${m.uniqueWords} different words out of ${m.words} (${pct(m.vocabularyRichness)} unique), and ${pct(m.rareWordRatio)} of the content words are outside everyday vocabulary${m.rareWords.length ? ` (e.g. ${m.rareWords.slice(0, 4).join(', ')})` : ''}.${tops.length ? ` Most repeated: ${tops.join(', ')}.` : ''}${capText(caps)}`,
  };
}

function lyricsScore(m: LyricsMeasures): Scored {
  const density = clamp01(m.rhymeDensity / 0.45);
  const multis = clamp01(m.multiRhymes / Math.max(2, m.bars / 2));
  const imagery = clamp01(m.rareWordRatio / 0.25);
  const internal = clamp01(m.internalRhymes / Math.max(2, m.bars / 2));
  const ends = clamp01(m.endRhymeRatio);
  const { score, caps } = limited(
    0.3 * density + 0.2 * multis + 0.15 * imagery + 0.1 * internal + 0.25 * ends,
    [
      { max: 5, applies: m.endRhymeRatio < 0.5, why: `only ${pct(m.endRhymeRatio)} of the bars end on a rhyme` },
      { max: 8, applies: m.multiRhymes === 0, why: 'no multisyllabic rhyme' },
    ],
    [
      ['45% of syllables in a rhyme', m.rhymeDensity >= 0.45],
      ['a multisyllabic rhyme every two bars', m.multiRhymes >= m.bars / 2],
      ['an internal rhyme every four bars', m.internalRhymes >= m.bars / 4],
      ['a quarter of the content words specific', m.rareWordRatio >= 0.25],
      ['three bars in four ending on a rhyme', m.endRhymeRatio >= 0.75],
    ],
  );
  return {
    score,
    caps,
    why: `${pct(m.rhymeDensity)} of syllables take part in a rhyme and ${pct(m.endRhymeRatio)} of bars end on one, with ${m.multiRhymes} multisyllabic and ${m.internalRhymes} internal rhyme links${m.multiExamples[0] ? ` (e.g. "${m.multiExamples[0].a}" / "${m.multiExamples[0].b}")` : ''}. Specific, less common words (a sign of concrete imagery) make up ${pct(m.rareWordRatio)} of the content words.${capText(caps)}`,
  };
}

function originalityScore(m: LyricsMeasures, hook: { share: number; lines: Set<string> }): Scored {
  const clicheRate = m.cliches.length / Math.max(1, m.bars / 4);
  // Repetition outside a hook: the top words' extra uses over all words.
  const extra = m.repetitions.reduce((a, r) => a + Math.max(0, r.count - 2), 0) / Math.max(1, m.words);
  const penalty = 0.35 * clamp01(clicheRate) + 0.35 * clamp01(extra / 0.15) + 0.3 * clamp01((hook.share - 0.5) / 0.5);
  const fresh = clamp01(m.rareWordRatio / 0.25);
  const { score, caps } = limited(
    0.75 + 0.25 * fresh - penalty,
    [
      { max: 6, applies: m.cliches.length >= Math.max(2, m.bars / 8), why: `${m.cliches.length} stock phrases in ${m.bars} bars` },
      { max: 8, applies: m.cliches.length > 0, why: 'a stock phrase from the cliché list' },
    ],
    [
      ['no stock phrase', m.cliches.length === 0],
      ['no word carrying the verse (repeats under 5% of words)', extra <= 0.05],
      ['a quarter of the content words specific', m.rareWordRatio >= 0.25],
    ],
  );
  const cl = m.cliches.slice(0, 3).map((c) => `"${c.phrase}" (bar ${c.bar})`);
  return {
    score,
    caps,
    why: `${m.cliches.length ? `${m.cliches.length} stock phrase${m.cliches.length === 1 ? '' : 's'}: ${cl.join(', ')}.` : 'No stock phrases from the cliché list.'} ${extra > 0.05 ? 'Some words carry too much of the verse.' : 'Word repetition stays in check.'}${capText(caps)}`,
  };
}

/** The rhyme pattern of each group of four bars: couplets (AABB), alternating (ABAB)... */
export function schemePatterns(schemes: readonly string[]): string[] {
  const out: string[] = [];
  for (const scheme of schemes) {
    for (let i = 0; i + 4 <= scheme.length; i += 4) {
      const g = scheme.slice(i, i + 4);
      // Relabel so "CCDD" reads as "AABB".
      const map = new Map<string, string>();
      const norm = [...g].map((ch) => (map.has(ch) ? map.get(ch)! : (map.set(ch, String.fromCharCode(65 + map.size)), map.get(ch)!))).join('');
      out.push(norm);
    }
  }
  return out;
}

const PATTERN_NAMES: Record<string, string> = { AABB: 'couplets (AABB)', ABAB: 'alternating (ABAB)', AAAA: 'one sound (AAAA)', ABBA: 'enclosed (ABBA)', ABCB: 'every other bar (ABCB)', AABA: 'AABA' };

function versatilityScore(m: LyricsMeasures, facts: AudioFacts): Scored {
  const types = [m.perfectRhymes > 0, m.slantRhymes > 0, m.multiRhymes > 0, m.internalRhymes > 0].filter(Boolean).length;
  // Patterns that rhyme at all (ABCD is no scheme).
  const patterns = [...new Set(schemePatterns(m.schemes).filter((p) => p !== 'ABCD'))];
  const schemeVariety = clamp01(patterns.length / 3);
  // Delivery against the beat: syllables per beat with four beats to a bar.
  const perBeat = m.meanSyllables / 4;
  const pace = perBeat >= 3.5 ? 'double-time' : perBeat >= 2 ? 'on-beat' : 'laid-back';
  const switchUp = pace === 'double-time' || m.syllableStdDev > 2.5;
  const tempoFit = facts.bpm === null ? 0.5 : switchUp ? 1 : 0.6;
  const { score, caps } = limited(
    0.5 * (types / 4) + 0.3 * schemeVariety + 0.2 * tempoFit,
    [{ max: 6, applies: patterns.length < 2, why: patterns.length ? `one rhyme scheme throughout (${PATTERN_NAMES[patterns[0]!] ?? patterns[0]})` : 'no rhyme scheme' }],
    [
      ['all four rhyme kinds', types === 4],
      ['three rhyme schemes', patterns.length >= 3],
      ['a change of pace (double-time or a spread of bar lengths)', switchUp],
    ],
  );
  return {
    score,
    caps,
    why: `Uses ${types} of 4 rhyme kinds (perfect ${m.perfectRhymes}, slant ${m.slantRhymes}, multisyllabic ${m.multiRhymes}, internal ${m.internalRhymes}) in ${patterns.length || 'no'} rhyme scheme${patterns.length === 1 ? '' : 's'}${patterns.length ? ` (${patterns.map((p) => PATTERN_NAMES[p] ?? p).join(', ')})` : ''}. About ${perBeat.toFixed(1)} syllables a beat: a ${pace} delivery${facts.bpm !== null ? ` at ${Math.round(facts.bpm)} BPM` : ''}.${capText(caps)}`,
  };
}

function marketabilityScore(facts: AudioFacts, hook: { repeatedBars: number; share: number }): Scored {
  const hasHook = hook.repeatedBars >= 2;
  const hookFactor = hasHook ? clamp01(0.6 + hook.share) : 0.25;
  const d = facts.duration;
  const inRange = d !== null && d >= 120 && d <= 210;
  const length = d === null ? 0.5 : inRange ? 1 : d >= 90 && d <= 270 ? 0.7 : 0.4;
  const l = facts.lufs;
  const loudOk = l !== null && l >= -16 && l <= -9;
  const loud = l === null ? 0.5 : loudOk ? 1 : l > -9 ? 0.75 : l >= -20 ? 0.7 : 0.4;
  const peakOver = facts.truePeak !== null && facts.truePeak > LOUDNESS_TARGETS.truePeakCeiling;
  const { score, caps } = limited(
    0.5 * hookFactor + 0.3 * length + 0.2 * loud - (peakOver ? 0.1 : 0),
    [{ max: 6, applies: !hasHook, why: 'no hook: no line comes back word for word' }],
    [
      ['a hook that comes back word for word', hasHook],
      ['a length of 2-3.5 minutes', inRange],
      ['loudness between -16 and -9 LUFS', loudOk],
      [`a true peak at or under ${LOUDNESS_TARGETS.truePeakCeiling} dBTP`, facts.truePeak !== null && !peakOver],
    ],
  );
  const hookText = hasHook ? `${hook.repeatedBars} bars come back word for word (a hook or refrain listeners can hold on to)` : 'No line comes back word for word, so there is no clear hook yet';
  return {
    score,
    caps,
    why: `${hookText}. ${d === null ? 'Length not measured yet.' : `At ${formatDuration(d)} it ${inRange ? 'sits in the 2-3.5 minute range of most streaming singles' : 'is outside the 2-3.5 minute range of most streaming singles'}.`} ${l === null ? '' : `Loudness ${l.toFixed(1)} LUFS (see the technical check).`}${capText(caps)}`.trim(),
  };
}

function audienceOf(lyrics: string, m: LyricsMeasures, facts: AudioFacts): string {
  const themes = themesOf(lyrics);
  const style =
    facts.bpm === null ? 'hip-hop' : facts.bpm < 80 ? 'lo-fi and R&B-leaning rap' : facts.bpm < 100 ? 'boom-bap and lyrical rap' : facts.bpm < 125 ? 'mid-tempo, bounce-driven rap' : 'trap and drill';
  const lyrical = m.multiRhymes + m.internalRhymes >= m.bars ? ', and who rewind for dense wordplay' : '';
  const about = themes.map((t) => `${t.name} (${t.words.map((w) => `"${w}"`).join(', ')})`).join(' and ');
  // The style is the track's tempo, said as such; every theme is quoted from the lyrics.
  const tempo = facts.bpm === null ? '' : ` (the track's ${Math.round(facts.bpm)} BPM)`;
  return `Listeners of ${style}${tempo}${themes.length ? ` drawn to songs about ${about}` : ''}${lyrical}.`;
}

// ------------------------------------------------------------------ what to work on

const FILLER = new Set(['and', 'now', 'i', "i'm", 'im', 'am', 'been', 'just', 'like', 'so', 'that', 'yeah', 'you', 'know', 'really', 'all', 'the', 'a', 'then', 'to', 'right', 'if', 'with', 'honestly', 'swear', 'telling', 'being', 'real', 'already', 'every', 'single', 'time', 'got', 'gotta', 'uh', 'well', 'even', 'still', 'it', 'is', 'was', "it's", 'said']);

/** A run of filler words in a bar, about `excess` syllables long, to cut. */
function fillerRun(line: LyricLine, excess: number): string | null {
  const tokens = line.tokens.filter((t) => t.word);
  let best: { text: string; syl: number } | null = null;
  for (let i = 0; i < tokens.length - 1; i++) {
    let syl = 0;
    for (let j = i; j < tokens.length - 1; j++) {
      const t = tokens[j]!;
      if (!FILLER.has(t.word.toLowerCase())) break;
      syl += t.syllables;
      if (j > i) {
        const text = line.text.slice(tokens[i]!.start - line.start, t.end - line.start);
        if (!best || Math.abs(syl - excess) < Math.abs(best.syl - excess)) best = { text, syl };
      }
      if (syl >= excess) break;
    }
  }
  return best?.text ?? null;
}

const lastWordToken = (line: LyricLine) => [...line.tokens].reverse().find((t) => t.word);

/** Concrete changes, each naming bars: what to cut, what to repeat, what to rhyme. No raw statistics. */
export function workOn(analysis: LyricsAnalysis, hook: { repeatedBars: number }, ideas: (word: string) => string[] = defaultIdeas): string[] {
  const m = analysis.measures;
  const bars = analysis.lines.filter((l): l is LyricLine & { bar: number } => l.kind === 'bar' && l.bar !== null);
  const out: string[] = [];

  for (const o of outlierBars(m).slice(0, 2)) {
    const line = bars[o.bar - 1]!;
    const range = o.low === o.high ? `${o.low}` : `${o.low}–${o.high}`;
    if (o.syllables > o.high) {
      const cut = fillerRun(line, o.syllables - o.high);
      out.push(`Bar ${o.bar} runs ${o.syllables} syllables against ${range} in the rest: ${cut ? `cut *${cut}* or split it over two bars` : 'split it over two bars or trim the words between the stressed ones'}.`);
    } else {
      out.push(`Bar ${o.bar} runs ${o.syllables} syllables against ${range} in the rest: fill it out to about ${o.low} or leave the gap on purpose as a pause the beat carries.`);
    }
  }

  if (hook.repeatedBars < 2 && bars.length >= 2) {
    // The phrase to repeat: the end of the bar that rhymes the most (its last two or three words).
    const best = [...bars].sort((a, b) => b.tokens.filter((t) => t.family).length - a.tokens.filter((t) => t.family).length || a.bar - b.bar)[0]!;
    const words = best.text.replace(/[^\p{L}\p{N}' ]+/gu, ' ').trim().split(/\s+/);
    const phrase = words.slice(-Math.min(words.length, words.length >= 6 ? 3 : 2)).join(' ');
    const a = Math.min(2, bars.length);
    const b = Math.min(4, bars.length);
    out.push(`The hook repeats no line word for word: repeat *${phrase}* (from bar ${best.bar}) at the end of bars ${a} and ${b}, or bring bar ${best.bar} back whole as a refrain.`);
  }

  // Pairs of bars whose ends rhyme with nothing in their verse (a scheme letter of their own):
  // the later bar of the pair is the one to change.
  const alone = (l: LyricLine) => l.scheme !== null && bars.filter((b) => b.verse === l.verse && b.scheme === l.scheme).length === 1;
  let unrhymed = 0;
  for (let i = 1; i < bars.length && unrhymed < 2; i += 2) {
    const line = bars[i]!;
    const partner = bars[i - 1]!;
    const last = lastWordToken(line);
    const partnerEnd = lastWordToken(partner);
    if (!last || !partnerEnd || partner.verse !== line.verse || !alone(line) || !alone(partner)) continue;
    const options = ideas(partnerEnd.word).filter((w) => w !== partnerEnd.word).slice(0, 3);
    const same = partnerEnd.word === last.word;
    out.push(
      `Bar ${line.bar} ends on *${last.text}*${same ? `, the same word as bar ${partner.bar}, which is no rhyme` : `, which rhymes with nothing near it`}: end it on a rhyme for *${partnerEnd.text}* (bar ${partner.bar})${options.length ? `, such as ${options.map((w) => `*${w}*`).join(', ')}` : ''}.`,
    );
    unrhymed++;
  }

  for (const c of m.cliches.slice(0, 2)) {
    out.push(`Bar ${c.bar} leans on the stock phrase *${c.phrase}*: swap it for a detail only you could name (a street, a person, an object in the room).`);
  }

  const hookLines = new Set(hookShare(analysis).lines);
  const repeated = m.repetitions.find((r) => r.count >= 4);
  if (repeated) {
    const where = bars.filter((l) => !hookLines.has(normaliseBar(l.text)) && l.tokens.some((t) => t.word === repeated.word)).map((l) => l.bar);
    if (where.length >= 4) {
      out.push(`*${repeated.word}* comes back in bars ${where.slice(0, 5).join(', ')}${where.length > 5 ? '…' : ''} outside the hook: keep it where it lands hardest and give the others a concrete picture instead.`);
    }
  }

  const patterns = schemePatterns(m.schemes);
  const distinct = new Set(patterns.filter((p) => p !== 'ABCD'));
  if (patterns.length >= 2 && distinct.size === 1) {
    const p = [...distinct][0]!;
    const from = Math.min(5, bars.length - 3);
    out.push(
      p === 'ABAB'
        ? `Every four bars rhyme the same way, ${PATTERN_NAMES[p]}: run one sound through bars ${from}–${from + 3} (all four ending on the same rhyme) to change the pattern.`
        : `Every four bars rhyme the same way, ${PATTERN_NAMES[p] ?? p}: switch bars ${from}–${from + 3} to alternating rhymes (bar ${from} with ${from + 2}, ${from + 1} with ${from + 3}) to change the pattern.`,
    );
  }
  return out;
}

function defaultIdeas(word: string): string[] {
  return rhymeIdeas(word, { limit: 6, order: 'rank', types: ['perfect', 'multi'] })
    .filter((i) => i.common)
    .map((i) => i.word);
}

const STREAMS_TEXT = 'No estimate: streams depend on your release plan, playlist placements and existing audience, which a track alone cannot show.';

/**
 * The built-in reviewer: every score is computed from measurable evidence (the rhyme engine's
 * measures and the audio analysis), and the text explains each score from that evidence. It
 * gives no stream figure (amendment A1). Pure and synchronous: a 64-bar verse takes a few ms.
 */
/** A focus the artist can ask a review for, the words that name it, and the sections that answer it. */
export interface ReviewFocus {
  /** How the review names the focus it followed. */
  name: string;
  categories: Category[];
}
const FOCI: { pattern: RegExp; focus: ReviewFocus }[] = [
  { pattern: /\b(lyric|lyrics|lyrical|wordplay|writing|pen)\b/i, focus: { name: 'lyrics', categories: ['lyrics', 'vocabulary'] } },
  { pattern: /\b(flow|flows|cadence|delivery|pocket|rhythm)\b/i, focus: { name: 'flow', categories: ['flow'] } },
  { pattern: /\b(structure|structured|hook|chorus|refrain|arrangement)\b/i, focus: { name: 'structure', categories: ['marketability', 'originality'] } },
  { pattern: /\b(commercial|commercially|marketab\w*|radio|playlists?|mainstream|sell|hit)\b/i, focus: { name: 'commercial potential', categories: ['marketability'] } },
];

/**
 * What a free-text focus ("How can I improve the flow of these bars") asks about, in the order
 * the text names it; [] when it names none of them. Word matches only: no guessing.
 */
export function reviewFocusOf(text: string | undefined): ReviewFocus[] {
  if (!text?.trim()) return [];
  return FOCI.map((f) => ({ f, at: text.search(f.pattern) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)
    .map(({ f }) => f.focus);
}

/** The score sections in review order: those the focus names first (in its order), then the rest. */
export function sectionOrder(foci: readonly ReviewFocus[]): Category[] {
  return [...new Set<Category>([...foci.flatMap((f) => f.categories), ...CATEGORIES])];
}

export interface ReviewOptions {
  /** What the artist asked the review to focus on (free text, e.g. from a chip). Orders the sections; never changes a score. */
  focus?: string;
}

export function reviewTrack(lyrics: string, facts: AudioFacts, analysis: LyricsAnalysis = analyzeLyrics(lyrics), options: ReviewOptions = {}): BuiltInReview {
  const m = analysis.measures;
  const hook = hookShare(analysis);
  const parts: Record<Category, Scored> = {
    flow: flowScore(m),
    marketability: marketabilityScore(facts, hook),
    lyrics: lyricsScore(m),
    versatility: versatilityScore(m, facts),
    originality: originalityScore(m, hook),
    vocabulary: vocabularyScore(m),
  };
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, parts[c].score])) as Record<Category, number>;
  const audience = audienceOf(lyrics, m, facts);
  const technical = technicalCheck(facts);
  const notes = workOn(analysis, hook);
  const foci = reviewFocusOf(options.focus);
  const order = sectionOrder(foci);
  const first = [...new Set(foci.flatMap((f) => f.categories))];
  const focusLine = !options.focus?.trim()
    ? []
    : foci.length
      ? [`_You asked about ${joinNames(foci.map((f) => f.name))}: ${joinNames(first.map((c) => CATEGORY_LABELS[c]))} come${first.length === 1 ? 's' : ''} first below. The scores are the same whatever the focus._`, '']
      : ['_Your focus names none of lyrics, flow, structure or commercial potential, so the sections are in their usual order. The scores are the same whatever the focus._', ''];

  const markdown = [
    '_Reviewed by the built-in reviewer: each score is computed from the rhyme measures of the lyrics and the audio analysis of the track, not by an AI model. A score is held down where a limit applies (one rhyme scheme caps Versatility at 6, no hook caps Marketability at 6), and a 10 needs every condition of its dimension._',
    '',
    ...CATEGORIES.map((c) => `**${CATEGORY_LABELS[c]}: ${scores[c]}/10**`),
    '',
    `**Estimated Streams:** ${STREAMS_TEXT}`,
    '',
    `**Audience:** ${audience}`,
    '',
    '## Detailed analysis',
    '',
    ...focusLine,
    ...order.flatMap((c) => [`### ${CATEGORY_LABELS[c]} (${scores[c]}/10)`, '', parts[c].why, '']),
    ...(notes.length ? ['### What to work on', '', ...notes.map((n) => `- ${n}`), ''] : []),
    technicalMarkdown(technical),
  ].join('\n');

  const limits = Object.fromEntries(CATEGORIES.map((c) => [c, parts[c].caps])) as Record<Category, string[]>;
  return { scores, audience, streams: STREAMS_TEXT, technical, markdown, measures: m, advice: notes, limits };
}

function joinNames(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

export function technicalMarkdown(items: TechnicalItem[]): string {
  return ['## Technical check', '', ...items.map((i) => `- **${i.label}:** ${i.value}${i.note ? `. ${i.note}` : ''}`)].join('\n');
}

/** One version of a track, for comparing a new mix or master with the previous upload. */
export interface VersionSnapshot {
  facts: AudioFacts;
  measures: LyricsMeasures | null;
  scores: Partial<Record<Category, number | null>> | null;
}

/** What changed since the previous version, as Markdown bullet lines (empty when nothing comparable). */
export function compareVersions(before: VersionSnapshot, after: VersionSnapshot): string[] {
  const lines: string[] = [];
  const change = (label: string, a: number | null | undefined, b: number | null | undefined, unit: string, digits = 1) => {
    if (a == null || b == null) return;
    const d = b - a;
    lines.push(`- **${label}:** ${a.toFixed(digits)}${unit} → ${b.toFixed(digits)}${unit} (${Math.abs(d) < 10 ** -digits ? 'unchanged' : `${d > 0 ? '+' : ''}${d.toFixed(digits)}`})`);
  };
  if (before.scores && after.scores) for (const c of CATEGORIES) change(CATEGORY_LABELS[c], before.scores[c], after.scores[c], '/10', 0);
  change('Integrated loudness', before.facts.lufs, after.facts.lufs, ' LUFS');
  change('True peak', before.facts.truePeak, after.facts.truePeak, ' dBTP');
  change('Tempo', before.facts.bpm, after.facts.bpm, ' BPM', 0);
  change('Duration', before.facts.duration, after.facts.duration, ' s', 0);
  if (before.measures && after.measures) {
    change('Bars', before.measures.bars, after.measures.bars, '', 0);
    change('Syllable spread per bar', before.measures.syllableStdDev, after.measures.syllableStdDev, '');
    change('Rhyme density', before.measures.rhymeDensity * 100, after.measures.rhymeDensity * 100, '%', 0);
    change('Unique words', before.measures.vocabularyRichness * 100, after.measures.vocabularyRichness * 100, '%', 0);
  }
  return lines;
}
