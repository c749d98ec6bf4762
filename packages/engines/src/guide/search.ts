import MiniSearch, { type Query, type SearchOptions, type SearchResult } from 'minisearch';
import { ARTICLES } from './articles/index';
import { expandQuery } from './synonyms';
import { isFillerTypo, normaliseForIndex, processIndexTerm, processQueryTerm } from './text';
import type { GuideArticle, GuideToolType } from './types';

/** One `##` section of an article: the unit that is indexed and quoted. */
export interface GuideSection {
  /** `${slug}#${order}` */
  id: string;
  slug: string;
  articleTitle: string;
  /** The article's short answer (indexed with every section, like the title and tags). */
  summary: string;
  /** Section heading; empty for the intro paragraph before the first `##`. */
  heading: string;
  /** Position in the article (0 = intro). */
  order: number;
  /** Section Markdown without its heading line. */
  text: string;
  tags: string;
  tools: GuideToolType[];
}

export interface GuideHit {
  section: GuideSection;
  score: number;
  /** Query terms (processed) that matched this section. */
  queryTerms: string[];
  /** Matched index terms and the fields they matched in (title, tags, heading, text). */
  match: Record<string, string[]>;
}

export interface Guide {
  readonly articles: readonly GuideArticle[];
  readonly sections: readonly GuideSection[];
  readonly index: MiniSearch<GuideSection>;
  /** Time spent splitting articles and building the index, in milliseconds. */
  readonly buildMs: number;
  search(question: string, opts?: { toolType?: GuideToolType }): GuideHit[];
  /**
   * What the question asks for, as groups of processed terms: one group per typed word (after
   * stopwords, with the terms a synonym rule linked to it), and one per slang word replaced by a
   * synonym rule (any of its expansion terms).
   */
  questionTerms(question: string): string[][];
  /**
   * The processed terms of a question with their weights: 1 for words the user typed,
   * EXPANSION_WEIGHT for terms added by synonym rules.
   */
  queryTermWeights(question: string): Map<string, number>;
  /** Inverse document frequency of a processed term over the sections (higher is rarer). */
  idf(term: string): number;
}

/** MiniSearch's default tokenizer: split on whitespace and punctuation. */
const TOKEN_SEPARATOR = /[\n\r\p{Z}\p{P}]+/u;

/** Field weights: title and tags are boosted over body text. */
export const FIELD_BOOST = { title: 3, tags: 2.5, summary: 1, heading: 2, text: 1 } as const;
/** Extra weight for sections of articles tagged for the tool the question comes from. */
export const TOOL_BOOST = 1.6;
/** Intro paragraphs are short and general; a focused `##` section is usually the better quote. */
export const INTRO_WEIGHT = 0.6;
/** Weight of synonym-expansion terms relative to the words the user typed. */
export const EXPANSION_WEIGHT = 0.6;

/** Splits an article body into its intro (if any) and `##` sections. */
export function splitSections(article: GuideArticle): GuideSection[] {
  const sections: GuideSection[] = [];
  const parts = article.body.split(/^## +/m);
  const tags = article.tags.join(' ');
  const push = (heading: string, text: string) => {
    const order = sections.length;
    sections.push({
      id: `${article.slug}#${order}`,
      slug: article.slug,
      articleTitle: article.title,
      summary: article.summary,
      heading,
      order,
      text: text.trim(),
      tags,
      tools: article.tools,
    });
  };
  const intro = parts[0].trim();
  if (intro) push('', intro);
  for (const part of parts.slice(1)) {
    const nl = part.indexOf('\n');
    const heading = (nl === -1 ? part : part.slice(0, nl)).trim();
    const text = nl === -1 ? '' : part.slice(nl + 1);
    push(heading, text);
  }
  return sections;
}

/**
 * Fuzzy matching is only for words the index does not know (likely typos): none below 5 letters,
 * one edit from 5, two from 7 ("royalites" -> "royalties"). Correctly spelled words skip it, which
 * keeps queries fast and avoids fuzzy noise.
 */
function fuzziness(term: string, vocabulary: ReadonlySet<string>): number | false {
  if (vocabulary.has(term) || /\d/.test(term) || term.length < 5) return false;
  return term.length >= 7 ? 2 : 1;
}

/** Query terms as processQueryTerm makes them, minus misspelt filler words the index does not know. */
function queryTermProcessor(vocabulary: ReadonlySet<string>): (term: string) => string | null {
  return (term) => {
    const t = processQueryTerm(term);
    return t && !vocabulary.has(t) && isFillerTypo(term) ? null : t;
  };
}

function searchOptions(vocabulary: ReadonlySet<string>): SearchOptions {
  return {
    boost: { ...FIELD_BOOST },
    prefix: (term) => term.length >= 4 && !/\d/.test(term),
    fuzzy: (term) => fuzziness(term, vocabulary),
    weights: { fuzzy: 0.35, prefix: 0.5 },
    combineWith: 'OR',
    processTerm: queryTermProcessor(vocabulary),
  };
}

/** The text of one indexed field of a section. */
function fieldText(doc: GuideSection, field: string): string {
  switch (field) {
    case 'title':
      return doc.articleTitle;
    case 'tags':
      return doc.tags;
    case 'summary':
      return doc.summary;
    case 'heading':
      return doc.heading;
    case 'text':
      return doc.text;
    default:
      return String(doc[field as keyof GuideSection] ?? '');
  }
}

function build(articles: readonly GuideArticle[]): Guide {
  const started = performance.now();
  const sections = articles.flatMap(splitSections);
  const vocabulary = new Set<string>();
  const index = new MiniSearch<GuideSection>({
    fields: ['title', 'tags', 'summary', 'heading', 'text'],
    extractField: (doc, field) => normaliseForIndex(fieldText(doc, field)),
    processTerm: (term) => {
      const t = processIndexTerm(term);
      if (t) vocabulary.add(t);
      return t;
    },
    searchOptions: searchOptions(vocabulary),
  });
  index.addAll(sections);
  // Section frequency of every indexed term, for weighting the words of a question.
  const documentFrequency = new Map<string, number>();
  for (const section of sections) {
    const terms = new Set<string>();
    for (const field of ['title', 'tags', 'summary', 'heading', 'text']) {
      for (const token of normaliseForIndex(fieldText(section, field)).split(TOKEN_SEPARATOR)) {
        const t = token ? processIndexTerm(token) : null;
        if (t) terms.add(t);
      }
    }
    for (const t of terms) documentFrequency.set(t, (documentFrequency.get(t) ?? 0) + 1);
  }
  const byId = new Map(sections.map((s) => [s.id, s]));
  const buildMs = performance.now() - started;

  function search(question: string, opts: { toolType?: GuideToolType } = {}): GuideHit[] {
    const { base, expansion } = expandQuery(question);
    const queries: Query[] = [];
    if (base) queries.push({ queries: [base] });
    // Expansion terms are spelled correctly by construction: no fuzzy matching needed.
    if (expansion) queries.push({ queries: [expansion], boostTerm: () => EXPANSION_WEIGHT, fuzzy: false });
    if (queries.length === 0) return [];
    const toolType = opts.toolType && opts.toolType !== 'chat' ? opts.toolType : undefined;
    const boostDocument = (id: string): number => {
      const section = byId.get(id);
      if (!section) return 1;
      let boost = section.heading ? 1 : INTRO_WEIGHT;
      if (toolType && section.tools.includes(toolType)) boost *= TOOL_BOOST;
      return boost;
    };
    const results: SearchResult[] = index.search({ combineWith: 'OR', queries }, { boostDocument });
    return results.map((r) => ({ section: byId.get(r.id as string)!, score: r.score, queryTerms: r.queryTerms, match: r.match }));
  }

  const processQuery = queryTermProcessor(vocabulary);
  const processAll = (text: string): string[] => [
    ...new Set(
      text
        .split(TOKEN_SEPARATOR)
        .map((t) => (t ? processQuery(t) : null))
        .filter((t): t is string => !!t),
    ),
  ];

  function questionTerms(question: string): string[][] {
    const { base, replaced, linked } = expandQuery(question);
    const groups = processAll(base).map((t) => [t]);
    // A typed word that a synonym rule linked to the articles' wording is answered by either.
    for (const { words, expand } of linked) {
      const matchedWords = new Set(processAll(words));
      const alternatives = processAll(expand);
      for (const group of groups) if (matchedWords.has(group[0])) group.push(...alternatives.filter((t) => !group.includes(t)));
    }
    for (const expansion of replaced) {
      const terms = processAll(expansion);
      if (terms.length) groups.push(terms);
    }
    return groups;
  }

  function queryTermWeights(question: string): Map<string, number> {
    const { base, expansion } = expandQuery(question);
    const weights = new Map<string, number>();
    for (const t of processAll(expansion)) weights.set(t, EXPANSION_WEIGHT);
    for (const t of processAll(base)) weights.set(t, 1);
    return weights;
  }

  const idf = (term: string): number => {
    const df = documentFrequency.get(term) ?? 0;
    return Math.log(1 + sections.length / (df + 0.5));
  };

  return { articles, sections, index, buildMs, search, questionTerms, queryTermWeights, idf };
}

let cached: Guide | undefined;

/** The guide and its search index, built on first use and cached for the life of the process. */
export function createGuide(): Guide {
  cached ??= build(ARTICLES);
  return cached;
}

/** Builds a fresh, uncached guide (for measuring build time or indexing other articles in tests). */
export function buildGuide(articles: readonly GuideArticle[] = ARTICLES): Guide {
  return build(articles);
}
