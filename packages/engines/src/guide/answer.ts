import { detectToolRequest, GUIDE_TOOLS, requestWithoutSubject, toolHint, type GuideTool } from './intent';
import { chooseLead, matches, terms } from './lead';
import { createGuide, type GuideHit, type GuideSection } from './search';
import type { GuideArticle, GuideToolType } from './types';

export const GUIDE_ENGINE = 'Built-in guide' as const;

/** The last line of every guide answer. */
/**
 * How every guide answer signs off: which engine answered, in plain words. Artists never see
 * settings; how to connect a model is on the admin pages.
 */
export const CONNECT_MODEL_LINE = '_Answered from the built-in guide of articles for independent artists, not a live AI model._';

export interface GuideAnswerOptions {
  toolType?: GuideToolType;
  /** Most sections to quote (default 3, clamped to 1..5). */
  maxSections?: number;
}

export interface GuideAnswer {
  markdown: string;
  /** Articles quoted in the answer, most relevant first (empty when nothing matched). */
  articles: { slug: string; title: string }[];
  engine: typeof GUIDE_ENGINE;
  /**
   * 'answer': quotes articles; 'route': the message asks for something to be made (a hook, a
   * beat, a cover) and the answer sends the artist to `tool`; 'no-match': the guide has nothing
   * relevant and says so, naming `tool` when one fits the subject.
   */
  kind: 'answer' | 'route' | 'no-match';
  /** The app tool the answer points to (always set for 'route'). */
  tool?: GuideTool;
  /** The short answer the markdown leads with (for 'answer'): a sentence from the article's text. */
  lead?: string;
  /** The sections quoted, in order (for 'answer'): the article and the section heading ('' for an intro). */
  sections?: { slug: string; heading: string }[];
}

/** Below this score the best section is not trusted as an answer (raw MiniSearch BM25 score). */
export const MIN_SCORE = 3;
/** Share of the question (typed words weighted by rarity, see questionCoverage) an answer must cover. */
export const MIN_COVERAGE = 0.5;
/** A word matched only by typo tolerance counts this much: it may be a different word ("iphone" -> "phone"). */
export const FUZZY_CREDIT = 0.5;
/** Further sections are quoted only if they score at least this fraction of the best one. */
export const SECTION_RATIO = 0.45;
/** ...but the second section is included down to this fraction, so answers usually quote two. */
export const SECOND_SECTION_RATIO = 0.2;
/** Other articles listed as related if their best section reaches this fraction of the top score. */
export const RELATED_RATIO = 0.35;

const DEFAULT_MAX_SECTIONS = 3;

/** What the guide says up front for tools it cannot fully perform without a model. */
const TOOL_LEADS: Record<GuideToolType, string> = {
  chat: 'Here is what the built-in guide says:',
  lyrics: 'The built-in guide cannot write or rewrite lyrics for you, but these sections walk you through doing it yourself:',
  coverart: 'The built-in guide cannot create images, but here is guidance for designing your cover:',
  marketing: 'Here is what the built-in guide suggests:',
  review: 'The built-in guide cannot hear or read your track, but you can use these checklists to review it yourself:',
};

/** Example questions offered when nothing matches, per tool. */
const EXAMPLE_QUESTIONS: Record<GuideToolType, string> = {
  chat: '"how do I get paid when my song plays on the radio?" or "what should I put on a split sheet?"',
  lyrics: '"how do I write a catchy hook?" or "how can I fix my rhymes?"',
  coverart: '"what size should my cover art be?" or "ideas for a minimalist cover"',
  marketing: '"when should I pitch my song to Spotify playlists?" or "how do I get more fans?"',
  review: '"how do I improve my flow?" or "how do I judge a song\'s commercial potential?"',
};

/** Topics suggested when nothing matches, per tool (slugs, in order). */
const SUGGESTED_TOPICS: Record<GuideToolType, string[]> = {
  chat: ['royalties-and-pros', 'distribution', 'release-planning-and-pitching', 'beat-leasing', 'mixing-rap-vocals', 'contract-red-flags', 'building-a-fan-base'],
  lyrics: ['writing-verses', 'writing-hooks', 'song-structure', 'reviewing-your-track', 'collaborations-and-features', 'copyright-registration'],
  coverart: ['cover-art-basics', 'cover-art-styles', 'music-videos-on-a-budget', 'press-kit-epk', 'merch'],
  marketing: ['release-planning-and-pitching', 'promotion-tactics', 'social-media-strategy', 'building-a-fan-base', 'collaborations-and-features', 'pre-saves'],
  review: ['reviewing-your-track', 'writing-verses', 'song-structure', 'mixing-rap-vocals', 'mastering-and-loudness', 'writing-hooks'],
};

/** How many of the leading articles are checked for coverage of the question. */
const COVERAGE_ARTICLES = 3;

/**
 * The share of the question (0..1) that the best of the leading articles answers: each typed word
 * (or slang word and its replacement) weighted by its IDF, so rare words count most.
 */
export function questionCoverage(hits: GuideHit[], questionTerms: string[][], idf: (term: string) => number = () => 1): number {
  if (questionTerms.length === 0) return 1;
  // Per article: the best credit each query term earned (1 exact or prefix, FUZZY_CREDIT by typo tolerance).
  const creditByArticle = new Map<string, Map<string, number>>();
  for (const hit of hits) {
    let credits = creditByArticle.get(hit.section.slug);
    if (!credits) {
      if (creditByArticle.size >= COVERAGE_ARTICLES) continue;
      credits = new Map();
      creditByArticle.set(hit.section.slug, credits);
    }
    const matchedTerms = Object.keys(hit.match);
    for (const q of hit.queryTerms) {
      const credit = matchedTerms.some((m) => m.startsWith(q)) ? 1 : FUZZY_CREDIT;
      credits.set(q, Math.max(credits.get(q) ?? 0, credit));
    }
  }
  const weights = questionTerms.map((group) => Math.max(...group.map(idf)));
  const total = weights.reduce((a, b) => a + b, 0);
  let best = 0;
  for (const credits of creditByArticle.values()) {
    let answered = 0;
    questionTerms.forEach((group, i) => {
      answered += weights[i] * Math.max(0, ...group.map((t) => credits.get(t) ?? 0));
    });
    best = Math.max(best, total > 0 ? answered / total : 0);
  }
  return best;
}

/**
 * Whether the search found a real answer rather than an incidental word match. The best hit must
 * (1) score above MIN_SCORE, (2) match at least one term in its article's title or tags, so the
 * question is about what the article is about ("fix my car engine" only hits body text), and
 * (3) one of the leading articles must answer at least MIN_COVERAGE of the question, each typed
 * word weighted by how rare it is in the guide (a word the guide never uses weighs the most), so
 * "learn python programming" is not answered because "program" occurs somewhere.
 */
export function isConfidentMatch(hits: GuideHit[], questionTerms: string[][], idf?: (term: string) => number): boolean {
  const top = hits[0];
  if (!top || top.score < MIN_SCORE) return false;
  const topical = Object.values(top.match).some((fields) => fields.includes('title') || fields.includes('tags'));
  if (!topical) return false;
  return questionCoverage(hits, questionTerms, idf) >= MIN_COVERAGE;
}

/** Chooses the sections to quote: the best one, then close runners-up, at most `max`. */
export function selectSections(hits: GuideHit[], max: number): GuideHit[] {
  const top = hits[0];
  if (!top) return [];
  const chosen = [top];
  for (const hit of hits.slice(1)) {
    if (chosen.length >= max) break;
    const ratio = hit.score / top.score;
    if (ratio >= SECTION_RATIO || (chosen.length === 1 && ratio >= SECOND_SECTION_RATIO)) chosen.push(hit);
    else break;
  }
  return chosen;
}

const sectionTermCache = new WeakMap<GuideSection, string[]>();
/** A section's own words (heading and text), as the search processes them. */
export function sectionTerms(section: GuideSection): string[] {
  let t = sectionTermCache.get(section);
  if (!t) {
    t = terms(`${section.heading}\n${section.text}`);
    sectionTermCache.set(section, t);
  }
  return t;
}

/**
 * The question's words that name something inside an article rather than the article itself:
 * the groups the top section's own words match and its article title does not ("what bpm is
 * drill" -> drill, since "BPM" is the article's title). Empty when the question is about the
 * article as a whole.
 */
export function specificGroups(top: GuideSection, questionTerms: string[][]): string[][] {
  const title = terms(top.articleTitle);
  const own = sectionTerms(top);
  return questionTerms.filter((group) => !group.some((t) => matches(t, title)) && group.some((t) => matches(t, own)));
}

/**
 * Keeps only sections that are about what was asked: after the best one, a section is quoted only
 * if its own heading and text name every specific thing the question asked that the best section
 * named, and its heading names what the best section's heading named (so "what bpm is drill"
 * quotes the Drill section, not the R&B one next to it).
 */
export function relevantSections(chosen: GuideHit[], questionTerms: string[][]): GuideHit[] {
  const top = chosen[0];
  if (!top) return [];
  const specific = specificGroups(top.section, questionTerms);
  // What the best section's heading names, a further section must name in its heading too: the
  // question is about that section ("808 glide how to" -> "Glide and slides" only).
  const heading = terms(top.section.heading);
  const has = (group: string[], words: string[]) => group.some((t) => matches(t, words));
  const named = questionTerms.filter((group) => has(group, heading));
  if (!specific.length && !named.length) return chosen;
  return [
    top,
    ...chosen.slice(1).filter((hit) => {
      const own = sectionTerms(hit.section);
      const h = terms(hit.section.heading);
      return named.every((group) => has(group, h)) && specific.every((group) => has(group, own));
    }),
  ];
}

function sectionMarkdown(section: GuideSection): string {
  const heading = section.heading ? `#### ${section.heading}\n\n` : '';
  return `${heading}${section.text}`;
}

function articleLabel(article: { title: string }): string {
  return `**${article.title}**`;
}

/** The tool an unanswered question on this subject is best taken to, in one sentence. */
function toolLine(tool: GuideTool): string {
  const info = GUIDE_TOOLS[tool];
  return `**${info.name}** may help with that: open it from the menu to ${info.does}.`;
}

function noMatch(question: string, toolType: GuideToolType, articles: readonly GuideArticle[]): GuideAnswer {
  const bySlug = new Map(articles.map((a) => [a.slug, a]));
  const topics = SUGGESTED_TOPICS[toolType].map((slug) => bySlug.get(slug)).filter((a): a is GuideArticle => !!a);
  const asked = question.trim() !== '';
  const hint = asked ? toolHint(question) : undefined;
  // No pointer to the tool the question was asked in: the artist is already there.
  const tool = hint && hint !== toolType ? hint : undefined;
  const intro = asked
    ? `The built-in guide has no article that answers that, so I would rather not guess.${tool ? ` ${toolLine(tool)}` : ''}`
    : 'Ask a question and the built-in guide will answer from its articles.';
  const markdown = [
    intro,
    '',
    `It covers ${articles.length} topics for independent rap and hip-hop artists, including:`,
    '',
    ...topics.map((a) => `- ${a.title}`),
    '',
    `Try asking about one of these, for example ${EXAMPLE_QUESTIONS[toolType]}.`,
    '',
    CONNECT_MODEL_LINE,
  ].join('\n');
  return { markdown, articles: [], engine: GUIDE_ENGINE, kind: 'no-match', ...(tool ? { tool } : {}) };
}

/** A request to make something: say in two sentences that the guide cannot, and which tool can. */
function routeToTool(tool: GuideTool): GuideAnswer {
  const info = GUIDE_TOOLS[tool];
  const markdown = [
    `The built-in guide answers questions from its articles; it can't ${info.cannot}. **${info.name}** is the tool for that: open it from the menu to ${info.does}.`,
    `If you want to learn how to do it yourself, ask the guide, for example ${info.ask}.`,
    CONNECT_MODEL_LINE,
  ].join('\n\n');
  return { markdown, articles: [], engine: GUIDE_ENGINE, kind: 'route', tool };
}

/**
 * Answers a question from the built-in guide. Requests to make something (a hook, a beat, a
 * cover) are sent to the app's tool for it; questions the guide cannot answer get an honest
 * "no article answers that". Otherwise the answer leads with a short answer taken from the best
 * article's text, quotes the two or three most relevant `##` sections under their article
 * titles, names the sources, and ends with the connect-a-model line.
 */
export function answerFromGuide(question: string, opts: GuideAnswerOptions = {}): GuideAnswer {
  const guide = createGuide();
  // Unknown tool types (e.g. a conversation category such as "studio") fall back to plain chat.
  const toolType: GuideToolType = opts.toolType && Object.hasOwn(TOOL_LEADS, opts.toolType) ? opts.toolType : 'chat';
  const requested = Number.isFinite(opts.maxSections) ? Math.floor(opts.maxSections!) : DEFAULT_MAX_SECTIONS;
  const max = Math.min(5, Math.max(1, requested));
  // Inside the tool that makes the thing, the guide's how-to articles are the useful answer.
  const wanted = detectToolRequest(question);
  if (wanted && wanted !== toolType) return routeToTool(wanted);
  const query = wanted ? requestWithoutSubject(question) : question;
  const hits = query.trim() ? guide.search(query, { toolType }) : [];
  if (!isConfidentMatch(hits, guide.questionTerms(query), guide.idf)) return noMatch(question, toolType, guide.articles);

  const chosen = relevantSections(selectSections(hits, max), guide.questionTerms(query));
  // Group quoted sections by article; articles and the sections within them in relevance order.
  const groups = new Map<string, GuideSection[]>();
  for (const hit of chosen) {
    const list = groups.get(hit.section.slug) ?? [];
    list.push(hit.section);
    groups.set(hit.section.slug, list);
  }
  const bySlug = new Map(guide.articles.map((a) => [a.slug, a]));
  const quoted = [...groups.keys()].map((slug) => bySlug.get(slug)!);
  const lead = chooseLead(query, bySlug.get(hits[0].section.slug)!, hits[0].section, guide);

  const parts: string[] = [TOOL_LEADS[toolType], `**Short answer:** ${lead}`];
  for (const article of quoted) {
    const sections = groups.get(article.slug)!;
    parts.push(`### ${article.title}`);
    parts.push(...sections.map(sectionMarkdown));
    if (article.disclaimer) parts.push(`_${article.disclaimer}_`);
  }

  const top = hits[0].score;
  const related: GuideArticle[] = [];
  for (const hit of hits) {
    if (related.length >= 2 || hit.score < top * RELATED_RATIO) break;
    const article = bySlug.get(hit.section.slug)!;
    if (!groups.has(article.slug) && !related.includes(article)) related.push(article);
  }

  parts.push(`Source${quoted.length > 1 ? 's' : ''}: ${quoted.map(articleLabel).join(', ')}.`);
  if (related.length) parts.push(`Related guide articles: ${related.map(articleLabel).join(', ')}.`);
  parts.push(CONNECT_MODEL_LINE);

  return {
    markdown: parts.join('\n\n'),
    articles: quoted.map((a) => ({ slug: a.slug, title: a.title })),
    engine: GUIDE_ENGINE,
    kind: 'answer',
    lead,
    sections: chosen.map((h) => ({ slug: h.section.slug, heading: h.section.heading })),
  };
}
