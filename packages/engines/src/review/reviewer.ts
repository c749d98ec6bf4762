import { analyzeLyrics } from '../lyrics/analyze';
import { scoreAnalysis } from '../lyrics/score';
import type { LyricsAnalysis, LyricsMeasures } from '../lyrics/types';

/** The scores a review gives (spec §3), each an integer 0-10. */
export const CATEGORIES = ['flow', 'marketability', 'lyrics', 'versatility', 'originality', 'vocabulary'] as const;
export type Category = (typeof CATEGORIES)[number];
const LABELS: Record<Category, string> = {
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
  { name: 'money and the hustle', words: /\b(money|cash|bands|paper|hustl\w*|grind\w*|rich|bag|racks|stack\w*|bread)\b/gi },
  { name: 'love and relationships', words: /\b(love|heart|baby|girl|kiss|miss\w*|her|lover)\b/gi },
  { name: 'struggle and pain', words: /\b(pain|struggl\w*|cry|tears|broke|hurt|lost|dark|alone|scars?)\b/gi },
  { name: 'street life', words: /\b(streets?|block|hood|corner|trap|opps?|gang|cops?)\b/gi },
  { name: 'the party and the night', words: /\b(party|club|night|dance|drinks?|shots?|lit|vibe\w*)\b/gi },
  { name: 'ambition and self-belief', words: /\b(dreams?|rise|king|queen|top|win\w*|goals?|legacy|crown|boss)\b/gi },
  { name: 'faith and family', words: /\b(god|pray\w*|faith|mama|mom|family|blessed|son|daughter)\b/gi },
];

function themesOf(lyrics: string): string[] {
  return THEMES.map((t) => ({ name: t.name, n: lyrics.match(t.words)?.length ?? 0 }))
    .filter((t) => t.n >= 2)
    .sort((a, b) => b.n - a.n)
    .slice(0, 2)
    .map((t) => t.name);
}

/** Lines that come back (a hook or refrain): the share of bars that repeat an earlier bar word for word. */
function hookShare(analysis: LyricsAnalysis): { repeatedBars: number; share: number } {
  const bars = analysis.lines.filter((l) => l.kind === 'bar').map((l) => l.text.toLowerCase().replace(/[^\p{L}\p{N} ]/gu, '').replace(/\s+/g, ' ').trim());
  const seen = new Map<string, number>();
  for (const b of bars) if (b) seen.set(b, (seen.get(b) ?? 0) + 1);
  const repeatedBars = [...seen.values()].filter((n) => n > 1).reduce((a, n) => a + n, 0);
  return { repeatedBars, share: bars.length ? repeatedBars / bars.length : 0 };
}

interface Scored {
  score: number;
  why: string;
}

function flowScore(m: LyricsMeasures): Scored {
  if (m.bars < 2) return { score: toScore(0.2), why: 'Only one bar: flow needs several bars to judge.' };
  const consistency = clamp01(1 - m.syllableStdDev / 6);
  const placement = clamp01(m.endRhymeRatio);
  const jumpShare = m.barJumps.length / Math.max(1, m.bars - 1);
  const score = toScore(0.55 * consistency + 0.45 * placement - 0.5 * jumpShare);
  const jumps = m.barJumps.slice(0, 2).map((j) => `bars ${j.fromBar}-${j.toBar} jump from ${j.from} to ${j.to} syllables`);
  return {
    score,
    why: `Bars average ${m.meanSyllables.toFixed(1)} syllables with a spread of ${m.syllableStdDev.toFixed(1)} (tighter is steadier), and ${pct(m.endRhymeRatio)} of bars land on an end rhyme.${jumps.length ? ` Where the pocket breaks: ${jumps.join('; ')}.` : ' No sudden jumps in bar length.'}`,
  };
}

function vocabularyScore(m: LyricsMeasures): Scored {
  // Richness falls naturally as a text grows; longer verses are judged a little more gently.
  const expected = m.words > 300 ? 0.4 : m.words > 120 ? 0.5 : 0.6;
  const richness = clamp01(m.vocabularyRichness / expected);
  const rare = clamp01(m.rareWordRatio / 0.3);
  const score = toScore(0.7 * richness + 0.3 * rare);
  const top = m.repetitions.slice(0, 3).map((r) => `"${r.word}" ×${r.count}`);
  return {
    score,
    why: `${m.uniqueWords} different words out of ${m.words} (${pct(m.vocabularyRichness)} unique), and ${pct(m.rareWordRatio)} of the content words are outside everyday vocabulary${m.rareWords.length ? ` (e.g. ${m.rareWords.slice(0, 4).join(', ')})` : ''}.${top.length ? ` Most repeated: ${top.join(', ')}.` : ''}`,
  };
}

function lyricsScore(m: LyricsMeasures): Scored {
  const density = clamp01(m.rhymeDensity / 0.45);
  const multis = clamp01(m.multiRhymes / Math.max(2, m.bars / 2));
  const imagery = clamp01(m.rareWordRatio / 0.25);
  const internal = clamp01(m.internalRhymes / Math.max(2, m.bars / 2));
  const score = toScore(0.4 * density + 0.25 * multis + 0.2 * imagery + 0.15 * internal);
  return {
    score,
    why: `${pct(m.rhymeDensity)} of syllables take part in a rhyme, with ${m.multiRhymes} multisyllabic and ${m.internalRhymes} internal rhyme links${m.multiExamples[0] ? ` (e.g. "${m.multiExamples[0].a}" / "${m.multiExamples[0].b}")` : ''}. Specific, less common words (a sign of concrete imagery) make up ${pct(m.rareWordRatio)} of the content words.`,
  };
}

function originalityScore(m: LyricsMeasures, hook: { share: number }): Scored {
  const clicheRate = m.cliches.length / Math.max(1, m.bars / 4);
  // Repetition outside a hook: the top words' extra uses over all words.
  const extra = m.repetitions.reduce((a, r) => a + Math.max(0, r.count - 2), 0) / Math.max(1, m.words);
  const penalty = 0.35 * clamp01(clicheRate) + 0.35 * clamp01(extra / 0.15) + 0.3 * clamp01((hook.share - 0.5) / 0.5);
  const score = toScore(0.95 - penalty);
  const cl = m.cliches.slice(0, 3).map((c) => `"${c.phrase}" (bar ${c.bar})`);
  return {
    score,
    why: `${m.cliches.length ? `${m.cliches.length} stock phrase${m.cliches.length === 1 ? '' : 's'}: ${cl.join(', ')}.` : 'No stock phrases from the cliché list.'} ${extra > 0.05 ? 'Some words carry too much of the verse; swapping repeats for fresh images would lift it.' : 'Word repetition stays in check.'}`,
  };
}

function versatilityScore(m: LyricsMeasures, facts: AudioFacts): Scored {
  const types = [m.perfectRhymes > 0, m.slantRhymes > 0, m.multiRhymes > 0, m.internalRhymes > 0].filter(Boolean).length;
  const schemes = new Set(m.schemes.filter(Boolean)).size;
  const schemeVariety = clamp01(schemes / Math.max(1, Math.min(3, m.verses)));
  // Delivery against the beat: syllables per beat with four beats to a bar.
  const perBeat = m.meanSyllables / 4;
  const pace = perBeat >= 3.5 ? 'double-time' : perBeat >= 2 ? 'on-beat' : 'laid-back';
  const tempoFit = facts.bpm === null ? 0.5 : pace === 'double-time' || m.syllableStdDev > 2.5 ? 1 : 0.6;
  const score = toScore(0.55 * (types / 4) + 0.2 * schemeVariety + 0.25 * tempoFit);
  return {
    score,
    why: `Uses ${types} of 4 rhyme kinds (perfect ${m.perfectRhymes}, slant ${m.slantRhymes}, multisyllabic ${m.multiRhymes}, internal ${m.internalRhymes}) across ${schemes || 'no'} distinct rhyme scheme${schemes === 1 ? '' : 's'} (${m.schemes.join(' | ') || 'none'}). About ${perBeat.toFixed(1)} syllables a beat: a ${pace} delivery${facts.bpm !== null ? ` at ${Math.round(facts.bpm)} BPM` : ''}${pace === 'double-time' ? '' : '; a switch-up section (double-time or a sparser pocket) would show range'}.`,
  };
}

function marketabilityScore(facts: AudioFacts, hook: { repeatedBars: number; share: number }): Scored {
  const hookFactor = hook.repeatedBars >= 2 ? clamp01(0.6 + hook.share) : 0.25;
  const d = facts.duration;
  const length = d === null ? 0.5 : d >= 120 && d <= 210 ? 1 : d >= 90 && d <= 270 ? 0.7 : 0.4;
  const l = facts.lufs;
  const loud = l === null ? 0.5 : l >= -16 && l <= -9 ? 1 : l > -9 ? 0.75 : l >= -20 ? 0.7 : 0.4;
  const peak = facts.truePeak !== null && facts.truePeak > LOUDNESS_TARGETS.truePeakCeiling ? 0.1 : 0;
  const score = toScore(0.45 * hookFactor + 0.35 * length + 0.2 * loud - peak);
  const hookText = hook.repeatedBars >= 2 ? `${hook.repeatedBars} bars come back word for word (a hook or refrain listeners can hold on to)` : 'No line comes back word for word, so there is no clear hook yet';
  return {
    score,
    why: `${hookText}. ${d === null ? 'Length not measured yet.' : `At ${formatDuration(d)} it ${d >= 120 && d <= 210 ? 'sits in the 2-3.5 minute range of most streaming singles' : 'is outside the 2-3.5 minute range of most streaming singles'}.`} ${l === null ? '' : `Loudness ${l.toFixed(1)} LUFS (see the technical check).`}`.trim(),
  };
}

function audienceOf(lyrics: string, m: LyricsMeasures, facts: AudioFacts): string {
  const themes = themesOf(lyrics);
  const style =
    facts.bpm === null ? 'hip-hop' : facts.bpm < 80 ? 'lo-fi and R&B-leaning rap' : facts.bpm < 100 ? 'boom-bap and lyrical rap' : facts.bpm < 125 ? 'mid-tempo, bounce-driven rap' : 'trap and drill';
  const lyrical = m.multiRhymes + m.internalRhymes >= m.bars ? ', and who rewind for dense wordplay' : '';
  return `Listeners of ${style}${themes.length ? ` drawn to songs about ${themes.join(' and ')}` : ''}${lyrical}.`;
}

const STREAMS_TEXT = 'No estimate: streams depend on your release plan, playlist placements and existing audience, which a track alone cannot show.';

/**
 * The built-in reviewer: every score is computed from measurable evidence (the rhyme engine's
 * measures and the audio analysis), and the text explains each score from that evidence. It
 * gives no stream figure (amendment A1). Pure and synchronous: a 64-bar verse takes a few ms.
 */
export function reviewTrack(lyrics: string, facts: AudioFacts, analysis: LyricsAnalysis = analyzeLyrics(lyrics)): BuiltInReview {
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
  // The rhyme engine's notes, without its own 1-10 score line (this review has its own scores).
  const notes = scoreAnalysis(analysis).notes.filter((n) => !/^Score \d/.test(n));

  const markdown = [
    '_Reviewed by the built-in reviewer: each score is computed from the rhyme measures of the lyrics and the audio analysis of the track, not by an AI model._',
    '',
    ...CATEGORIES.map((c) => `**${LABELS[c]}: ${scores[c]}/10**`),
    '',
    `**Estimated Streams:** ${STREAMS_TEXT}`,
    '',
    `**Audience:** ${audience}`,
    '',
    '## Detailed analysis',
    '',
    ...CATEGORIES.flatMap((c) => [`### ${LABELS[c]} (${scores[c]}/10)`, '', parts[c].why, '']),
    ...(notes.length ? ['### What to work on', '', ...notes.map((n) => `- ${n}`), ''] : []),
    technicalMarkdown(technical),
  ].join('\n');

  return { scores, audience, streams: STREAMS_TEXT, technical, markdown, measures: m };
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
  if (before.scores && after.scores) for (const c of CATEGORIES) change(LABELS[c], before.scores[c], after.scores[c], '/10', 0);
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
