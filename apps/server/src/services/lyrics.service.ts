import type { LyricsAnalysis, LyricsMeasures, LyricsScore } from '@members-only/engines/lyrics';
import {
  BUILT_IN_RHYME_ENGINE,
  LYRICS,
  LYRICS_MESSAGES,
  countNonEmptyLines,
  defaultConversationTitle,
  lyricTitleFromText,
  parseRating,
  parseSuggestions,
  withoutRatingLine,
  type CreateLyricSnippetInput,
  type LyricFeedbackResult,
  type LyricSuggestionsResult,
  type PhraseIdeasResult,
  type RhymeIdeasResult,
} from '@members-only/shared';
import type { ConversationRepository } from '../repositories/conversation.repository';
import type { UnitOfWork } from '../repositories/index';
import type { LyricSnippetRepository } from '../repositories/lyric-snippet.repository';
import type { TextProvider, TextResult } from '../providers/text/types';
import { incompleteReplyError } from '../providers/text/finish';
import { AppError, badRequest } from '../errors';
import { authorize, type Actor } from '../policies/index';

// ---------------------------------------------------------------- the engine, loaded on first use

type LyricsEngine = typeof import('@members-only/engines/lyrics');
let engine: LyricsEngine | undefined;
let loading: Promise<LyricsEngine> | undefined;

/**
 * The lyric engine holds the CMU pronouncing dictionary, the SUBTLEX word counts and, once a rhyme
 * is asked for, the rhyme index: about 7.5 MB since they are kept compactly (packages/engines
 * lyrics/lexicon.ts and word-table.ts, ADR 065), which a server nobody writes lyrics on still
 * need not carry. It is imported on the first lyric request (a few hundred milliseconds once per
 * process), not at start.
 */
export function loadLyricsEngine(): Promise<LyricsEngine> {
  loading ??= import('@members-only/engines/lyrics').then((loaded) => (engine = loaded));
  return loading;
}

/** The engine when a lyric request already loaded it (for the synchronous prompt builders below). */
function loadedEngine(): LyricsEngine {
  if (!engine) throw new Error('The lyric engine is not loaded yet: await loadLyricsEngine() or pass the analysis.');
  return engine;
}

// ---------------------------------------------------------------- prompts (exported for tests)

const fence = (text: string) => `"""\n${text.trim()}\n"""`;
const RATING_INSTRUCTION = 'End with a final line exactly in this form: Rating: N/10 (N is a whole number from 1 to 10).';

/** The last bar's ending and length, so a model (and the artist) know what the next line answers. */
function lastBar(analysis: LyricsAnalysis): { ending: string; syllables: number } | null {
  const bars = analysis.lines.filter((l) => l.kind === 'bar' && l.tokens.some((t) => t.phones.length));
  const last = bars[bars.length - 1];
  const end = last ? [...last.tokens].reverse().find((t) => t.phones.length) : undefined;
  return last && end ? { ending: end.word || end.text.toLowerCase(), syllables: last.syllables } : null;
}

export function suggestionsPrompt(text: string, analysis: LyricsAnalysis = loadedEngine().analyzeLyrics(text)): string {
  const bar = lastBar(analysis);
  const fit = bar
    ? ` Fit the flow (about ${bar.syllables} syllables) and rhyme with "${bar.ending}" (perfect, slant or multisyllabic rhymes all work).`
    : ' Fit the flow and the rhyme scheme.';
  return [
    'My lyrics so far:',
    '',
    fence(text),
    '',
    `Write ${LYRICS.suggestionCount} different options for the next line. Each continues my story and voice.${fit}`,
    `Reply with the ${LYRICS.suggestionCount} lines only, one per line, each starting with "- ". No titles, numbering or explanations.`,
  ].join('\n');
}

/** Spec §9: up to 3 lines get a shorter prompt (a first draft needs a nudge, not a review). */
export function shortFeedbackPrompt(text: string): string {
  return [
    'Here are the first lines of a new draft:',
    '',
    fence(text),
    '',
    'Give brief feedback, under 80 words: one thing that works, one thing to improve, and where the next line could go.',
    RATING_INSTRUCTION,
  ].join('\n');
}

export function fullFeedbackPrompt(text: string, score: LyricsScore): string {
  const m = score.measures;
  const measured = [
    `- Bars: ${m.bars}; syllables per bar: ${m.syllablesPerBar.join(', ')}`,
    `- Rhyme scheme: ${m.schemes.join(' | ') || 'none yet'}; rhyme density ${Math.round(m.rhymeDensity * 100)}%; multisyllabic rhymes: ${m.multiRhymes}; internal rhymes: ${m.internalRhymes}`,
    ...m.barJumps.slice(0, 3).map((j) => `- Flow jump: bars ${j.fromBar}-${j.toBar} go from ${j.from} to ${j.to} syllables`),
    ...m.cliches.slice(0, 3).map((c) => `- Cliché in bar ${c.bar}: "${c.phrase}"`),
  ];
  return [
    'Give me expert feedback on these lyrics:',
    '',
    fence(text),
    '',
    'What my rhyme engine measured (reliable counts; use them instead of recounting):',
    ...measured,
    '',
    'Cover, in short Markdown sections: what works, flow and rhythm, rhymes and wordplay, imagery and originality,',
    'and the 2-3 most important fixes (quote the bar and show a rewrite). Keep it under 250 words.',
    RATING_INSTRUCTION,
  ].join('\n');
}

/** The engine's notes as a Markdown list (the feedback when no model is configured). */
const notesMarkdown = (notes: string[]) => notes.map((n) => `- ${n}`).join('\n');

/** Feedback with the engine's full measures; the route presents them for the API. */
export type LyricFeedback = Omit<LyricFeedbackResult, 'measures'> & { measures: LyricsMeasures };

// ---------------------------------------------------------------- service

/** Lyric Assist: the notepad's saved snippets, the rhyme engine's analysis, and suggestions and feedback from the model or the engine. */
export function createLyricsService(deps: {
  snippets: LyricSnippetRepository;
  conversations: ConversationRepository;
  uow: UnitOfWork;
  text: TextProvider;
}) {
  const { snippets, conversations, uow, text } = deps;

  const conversationFor = async (actor: Actor, conversationId: number, action: 'read' | 'write') =>
    authorize(actor, action, 'conversation', await conversations.findById(conversationId));

  function engineSuggestions(lyrics: string, { nextLineIdeas }: LyricsEngine, analysis?: LyricsAnalysis): LyricSuggestionsResult {
    const ideas = nextLineIdeas(lyrics, LYRICS.suggestionCount);
    if (!ideas.length) {
      const bar = analysis ? lastBar(analysis) : null;
      const hint = bar ? `Keep it near ${bar.syllables} syllables; "${bar.ending}" has no rhymes in the dictionary, so try a slant rhyme on its vowel.` : 'Write a full line with words to rhyme with first.';
      return { suggestions: [hint], engine: BUILT_IN_RHYME_ENGINE, kind: 'rhyme-targets', targets: [] };
    }
    return {
      suggestions: ideas.map((i) => i.text),
      engine: BUILT_IN_RHYME_ENGINE,
      kind: 'rhyme-targets',
      targets: ideas.map((i) => ({ text: i.text, target: i.target, syllables: i.syllables, rhymes: i.rhymes, sound: i.sound, phrases: i.phrases, stress: i.stress })),
    };
  }

  return {
    isModel: text.isModel,

    async listSnippets(actor: Actor, conversationId: number) {
      await conversationFor(actor, conversationId, 'read');
      return snippets.listForConversation(conversationId);
    },

    async addSnippet(actor: Actor, conversationId: number, input: CreateLyricSnippetInput) {
      const conversation = await conversationFor(actor, conversationId, 'write');
      // A lyric still under its default name is named from its first line ("Lyrics Help" says nothing).
      const title = input.position === 0 && conversation.title === defaultConversationTitle('lyrics') ? lyricTitleFromText(input.content) : null;
      // The snippet and the conversation's "last edited" time (and name) move together.
      const row = await uow.run(async (r) => {
        const inserted = await r.lyricSnippets.insert({ conversationId, content: input.content, position: input.position });
        if (title) await r.conversations.rename(conversationId, title);
        else await r.conversations.touch(conversationId);
        return inserted;
      });
      return { ...row, user_id: conversation.user_id };
    },

    async removeSnippet(actor: Actor, id: number) {
      const snippet = authorize(actor, 'delete', 'lyricSnippet', await snippets.findById(id));
      await snippets.delete(snippet.id);
    },

    /** Fast (about a millisecond for a verse once the engine is loaded): the notepad calls it while the artist types. */
    async analyze(lyrics: string) {
      const { analyzeLyrics } = await loadLyricsEngine();
      return analyzeLyrics(lyrics);
    },

    async suggest(lyrics: string, signal?: AbortSignal): Promise<LyricSuggestionsResult> {
      if (!lyrics.trim()) throw badRequest(LYRICS_MESSAGES.noLyricsForSuggestions, { text: [LYRICS_MESSAGES.noLyricsForSuggestions] });
      const lyricsEngine = await loadLyricsEngine();
      const analysis = lyricsEngine.analyzeLyrics(lyrics);
      if (!text.isModel) return engineSuggestions(lyrics, lyricsEngine, analysis);
      let reply: TextResult;
      try {
        reply = await text.generate({ task: 'lyrics', turns: [{ role: 'user', content: suggestionsPrompt(lyrics, analysis) }], signal });
      } catch (error) {
        // An empty reply has nothing usable either: the engine's targets, as below.
        if (error instanceof AppError && error.code === 'upstream_empty') return engineSuggestions(lyrics, lyricsEngine, analysis);
        throw error;
      }
      // A cut-off, filtered or refused reply never becomes suggestions (its last line may be half a line).
      const incomplete = incompleteReplyError(reply);
      if (incomplete) throw incomplete;
      const lines = parseSuggestions(reply.text, LYRICS.suggestionCount);
      // A reply with nothing usable still gets the artist something honest to work with.
      if (!lines.length) return engineSuggestions(lyrics, lyricsEngine, analysis);
      return { suggestions: lines, engine: reply.engine, kind: 'model' };
    },

    /** `builtIn`: the engine's feedback even when a model is configured (no generation). */
    async feedback(lyrics: string, signal?: AbortSignal, { builtIn = false } = {}): Promise<LyricFeedback> {
      const lines = countNonEmptyLines(lyrics);
      if (lines < LYRICS.feedbackMinLines) throw badRequest(LYRICS_MESSAGES.feedbackNeedsLines, { text: [LYRICS_MESSAGES.feedbackNeedsLines] });
      const { analyzeLyrics, scoreAnalysis } = await loadLyricsEngine();
      const score = scoreAnalysis(analyzeLyrics(lyrics));
      const engine = { notes: score.notes, engineScore: score.score, measures: score.measures };
      if (!text.isModel || builtIn) {
        return { score: score.score, feedback: notesMarkdown(score.notes), engine: BUILT_IN_RHYME_ENGINE, kind: 'engine', scoreSource: 'engine', ...engine };
      }
      const prompt = lines <= LYRICS.shortFeedbackMaxLines ? shortFeedbackPrompt(lyrics) : fullFeedbackPrompt(lyrics, score);
      const reply = await text.generate({ task: 'lyrics', turns: [{ role: 'user', content: prompt }], signal });
      // Cut-off feedback would lose its fixes and rating: an error the artist can retry, like a refusal.
      const incomplete = incompleteReplyError(reply);
      if (incomplete) throw incomplete;
      const rating = parseRating(reply.text);
      return {
        score: rating ?? score.score,
        feedback: withoutRatingLine(reply.text) || reply.text.trim(),
        engine: reply.engine,
        kind: 'model',
        scoreSource: rating === null ? 'engine' : 'model',
        ...engine,
      };
    },

    /** Phrase ideas for a line's ending (built-in, no model, no quota). */
    async phrases(line: string): Promise<PhraseIdeasResult> {
      const { phraseIdeas, lineEnding } = await loadLyricsEngine();
      const ideas = phraseIdeas(line, { limit: LYRICS.phraseIdeasLimit });
      return { ending: lineEnding(line), engine: BUILT_IN_RHYME_ENGINE, ideas: ideas.map((i) => ({ text: i.text, type: i.type, score: i.score })) };
    },

    async rhymes(word: string, syllables?: number): Promise<RhymeIdeasResult> {
      const { rhymeIdeas, groupRhymeIdeas } = await loadLyricsEngine();
      const ideas = rhymeIdeas(word, { syllables, limit: LYRICS.rhymeIdeasLimit });
      const view = (i: (typeof ideas)[number]) => ({ text: i.word, type: i.type, syllables: i.syllables, score: Math.round(i.score * 100) / 100 });
      return {
        word,
        engine: BUILT_IN_RHYME_ENGINE,
        ideas: ideas.map(view),
        // Grouped by syllable count, fewest first (the rhyme panel's sections).
        groups: groupRhymeIdeas(ideas).map((g) => ({ syllables: g.syllables, ideas: g.ideas.map(view) })),
      };
    },
  };
}
export type LyricsService = ReturnType<typeof createLyricsService>;
