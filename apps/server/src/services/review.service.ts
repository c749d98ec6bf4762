import type { LyricsMeasures } from '@members-only/engines/lyrics';
import type { AudioFacts, TechnicalItem } from '@members-only/engines/review';
import {
  BUILT_IN_REVIEWER,
  REVIEW_MESSAGES,
  REVIEW_CATEGORIES,
  overallRating,
  parseReviewScores,
  type CreateTrackReviewInput,
  type ReviewRequest,
  type ReviewResponse,
} from '@members-only/shared';
import type { TrackRow } from '../db/types';
import type { TrackRepository } from '../repositories/track.repository';
import type { TrackReviewRepository } from '../repositories/track-review.repository';
import type { TextProvider } from '../providers/text/types';
import { incompleteReplyError } from '../providers/text/finish';
import { toIso } from '../db/index';
import { authorize, type Actor } from '../policies/index';
import { loadLyricsEngine } from './lyrics.service';
import type { SongService } from './song.service';
import { badRequest, notFound } from '../errors';

type ReviewEngine = typeof import('@members-only/engines/review');
let reviewEngine: Promise<ReviewEngine> | undefined;
/** Loaded on the first review, with the lyric engine it builds on (see loadLyricsEngine). */
const loadReviewEngine = () => (reviewEngine ??= loadLyricsEngine().then(() => import('@members-only/engines/review')));

const NO_FACTS: AudioFacts = { duration: null, bpm: null, key: null, lufs: null, truePeak: null };
const factsOf = (track: TrackRow | undefined): AudioFacts =>
  track ? { duration: track.duration, bpm: track.bpm, key: track.musical_key, lufs: track.lufs, truePeak: track.true_peak } : NO_FACTS;

const fence = (text: string) => `"""\n${text.trim()}\n"""`;
const pct = (x: number) => `${Math.round(x * 100)}%`;

/** The model's prompt: the transcription, the rhyme engine's measures and the audio facts, and the spec's answer format. */
export function reviewPrompt(lyrics: string, m: LyricsMeasures, facts: AudioFacts, formatDuration: (s: number) => string, focus?: string): string {
  const audio = [
    `- Duration: ${facts.duration === null ? 'not measured' : formatDuration(facts.duration)}`,
    `- Tempo: ${facts.bpm === null ? 'not detected' : `${Math.round(facts.bpm)} BPM`}`,
    `- Key: ${facts.key ?? 'not detected'}`,
    `- Integrated loudness: ${facts.lufs === null ? 'not measured' : `${facts.lufs.toFixed(1)} LUFS`} (Spotify and YouTube normalise to -14 LUFS, Apple Music to -16)`,
    `- True peak: ${facts.truePeak === null ? 'not measured' : `${facts.truePeak.toFixed(1)} dBTP`} (distributors ask for -1 dBTP or lower)`,
  ];
  const measured = [
    `- Bars: ${m.bars}; syllables per bar: ${m.syllablesPerBar.slice(0, 64).join(', ')} (mean ${m.meanSyllables.toFixed(1)}, spread ${m.syllableStdDev.toFixed(1)})`,
    `- Rhyme scheme: ${m.schemes.join(' | ') || 'none'}; rhyme density ${pct(m.rhymeDensity)}; bars ending on a rhyme ${pct(m.endRhymeRatio)}`,
    `- Rhyme links: perfect ${m.perfectRhymes}, slant ${m.slantRhymes}, multisyllabic ${m.multiRhymes}, internal ${m.internalRhymes}`,
    `- Vocabulary: ${m.uniqueWords} unique of ${m.words} words (${pct(m.vocabularyRichness)}); uncommon content words ${pct(m.rareWordRatio)}`,
    ...(m.repetitions.length ? [`- Most repeated: ${m.repetitions.slice(0, 5).map((r) => `"${r.word}" x${r.count}`).join(', ')}`] : []),
    ...m.barJumps.slice(0, 3).map((j) => `- Flow jump: bars ${j.fromBar}-${j.toBar} go from ${j.from} to ${j.to} syllables`),
    ...m.cliches.slice(0, 3).map((c) => `- Cliché in bar ${c.bar}: "${c.phrase}"`),
  ];
  return [
    'Review my track. The lyrics (transcription):',
    '',
    fence(lyrics),
    '',
    'What my rhyme engine measured in the lyrics (reliable counts; use them instead of recounting):',
    ...measured,
    '',
    'What the audio analysis measured:',
    ...audio,
    '',
    'Answer in Markdown, starting with exactly these eight lines (N is a whole number from 0 to 10):',
    ...REVIEW_CATEGORIES.map((c) => `**${c[0]!.toUpperCase()}${c.slice(1)}: N/10**`),
    '**Estimated Streams:** your own rough guess for a first year as an independent release, or "No estimate"',
    '**Audience:** who this track is for, in one sentence',
    '',
    'Then "## Detailed analysis": one short section per score explaining it from the lyrics and the measures above',
    '(quote bars), a note on the mix and master from the audio facts, and the 3 most important fixes. Under 450 words.',
    ...(focus?.trim()
      ? [
          '',
          'What I want the review to focus on (put the sections it asks about first and say which focus you followed; score every dimension exactly as you would without it):',
          fence(focus),
        ]
      : []),
  ].join('\n');
}

/** The model's stream line is its guess, and says so (amendment A1). */
const STREAM_LINE = /^([\s>*_#-]*)(?:Estimated Streams|Streams)[\s*_]*(?:\([^)\n]*\))?[\s*_]*:[\s*_]*(.+?)[\s*_]*$/im;
function labelStreamGuess(text: string): string {
  return text.replace(STREAM_LINE, (_all, lead: string, value: string) =>
    /^no estimate/i.test(value) ? `${lead}**Estimated Streams:** No estimate` : `${lead}**Estimated Streams:** The model's guess: ${value.replace(/^the model's guess:\s*/i, '')}`,
  );
}

/** Song Review: scores and analysis of a track's lyrics and audio from the model or the built-in reviewer, and the saved reviews per track. */
export function createReviewService(deps: { tracks: TrackRepository; reviews: TrackReviewRepository; text: TextProvider; songs?: Pick<SongService, 'context'> }) {
  const { tracks, reviews, text, songs } = deps;

  /** What changed since the previous upload with the same title, as a Markdown section (or ''). */
  async function comparison(engine: ReviewEngine, track: TrackRow, facts: AudioFacts, measures: LyricsMeasures, scores: ReviewResponse['scores']) {
    const previous = await reviews.previousVersion(track);
    if (!previous) return { section: '', comparedWith: null };
    const { analyzeLyrics } = await loadLyricsEngine();
    const last = await reviews.latestForTrack(previous.id);
    const lines = engine.compareVersions(
      { facts: factsOf(previous), measures: previous.transcription ? analyzeLyrics(previous.transcription).measures : null, scores: last ? parseReviewScores(last.review_text).scores : null },
      { facts, measures, scores },
    );
    if (!lines.length) return { section: '', comparedWith: null };
    const when = toIso(previous.created_at);
    return {
      section: [`## Compared with the previous version (uploaded ${when.slice(0, 10)})`, '', ...lines].join('\n'),
      comparedWith: { trackId: previous.id, createdAt: when },
    };
  }

  return {
    async review(actor: Actor, request: ReviewRequest, signal?: AbortSignal): Promise<ReviewResponse> {
      // A song (issue 26): its newest version unless a track is named, its lyrics unless the body has them.
      const song = request.songId === undefined ? undefined : songs ? await songs.context(actor, request.songId) : undefined;
      if (request.songId !== undefined && !song) throw notFound('Song');
      const trackId = request.trackId ?? song?.latest?.id;
      const track = trackId === undefined ? undefined : authorize(actor, 'read', 'track', await tracks.findById(trackId));
      if (song && track && track.song_id !== song.song.id) throw badRequest('That track is not a version of this song.', { trackId: ['Not a version of this song'] });
      const lyrics = request.lyrics ?? (song?.lyricsSource === 'lyric-assist' ? song.lyrics : track?.transcription?.trim() || song?.lyrics);
      if (!lyrics) throw badRequest(REVIEW_MESSAGES.noTranscription, { lyrics: [REVIEW_MESSAGES.noTranscription] });
      const input = { ...request, lyrics };
      const facts = factsOf(track);
      const engine = await loadReviewEngine();
      const { analyzeLyrics } = await loadLyricsEngine();
      const analysis = analyzeLyrics(input.lyrics);
      const technical: TechnicalItem[] = engine.technicalCheck(facts);

      let body: string;
      let engineName: string;
      let kind: ReviewResponse['kind'];
      if (!text.isModel) {
        body = engine.reviewTrack(input.lyrics, facts, analysis, { focus: input.focus }).markdown;
        engineName = BUILT_IN_REVIEWER;
        kind = 'engine';
      } else {
        const reply = await text.generate({
          task: 'review',
          turns: [{ role: 'user', content: reviewPrompt(input.lyrics, analysis.measures, facts, engine.formatDuration, input.focus) }],
          signal,
        });
        const incomplete = incompleteReplyError(reply);
        if (incomplete) throw incomplete;
        // The measured facts follow the model's words, from the analysis rather than the model.
        body = `${labelStreamGuess(reply.text.trim())}\n\n${engine.technicalMarkdown(technical)}`;
        engineName = reply.engine;
        kind = 'model';
      }
      const parsed = parseReviewScores(body);
      const compared = track ? await comparison(engine, track, facts, analysis.measures, parsed.scores) : { section: '', comparedWith: null };
      const response = compared.section ? `${body}\n\n${compared.section}` : body;
      return {
        response,
        engine: engineName,
        kind,
        scores: parsed.scores,
        rating: overallRating(parsed.scores),
        streams: parsed.streams,
        audience: parsed.audience,
        technical,
        comparedWith: compared.comparedWith,
      };
    },

    async list(actor: Actor, trackId: number) {
      authorize(actor, 'read', 'track', await tracks.findById(trackId));
      return reviews.listForTrack(trackId);
    },

    async save(actor: Actor, trackId: number, input: CreateTrackReviewInput) {
      const track = authorize(actor, 'update', 'track', await tracks.findById(trackId));
      return reviews.insert({ trackId: track.id, userId: actor.id, reviewText: input.reviewText, rating: input.rating, engine: input.engine ?? null });
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
