import { ARTICLES } from './articles/index';
import type { GuideArticle, GuideToolType } from './types';

export { answerFromGuide, CONNECT_MODEL_LINE, GUIDE_ENGINE, isConfidentMatch } from './answer';
export type { GuideAnswer, GuideAnswerOptions } from './answer';
export { answerOutcome, runGuideEval } from './eval';
export type { GuideEvalMiss, GuideEvalReport, GuideEvalResult } from './eval';
export { GUIDE_EVAL_SET } from './eval-set';
export type { GuideEvalCase, GuideEvalExpectation } from './eval-set';
export { detectToolRequest, GUIDE_TOOLS, toolHint } from './intent';
export type { GuideTool, GuideToolInfo } from './intent';
export { chooseLead } from './lead';
export { buildGuide, createGuide, splitSections } from './search';
export type { Guide, GuideHit, GuideSection } from './search';
export type { GuideArticle, GuideToolType };

export interface GuideArticleSummary {
  slug: string;
  title: string;
  tags: string[];
}

/** Articles for a guide page: slug, title and tags, in guide order. */
export function listGuideArticles(): GuideArticleSummary[] {
  return ARTICLES.map((a) => ({ slug: a.slug, title: a.title, tags: [...a.tags] }));
}

/** One article as Markdown (title, disclaimer, short answer, body), or undefined for an unknown slug. */
export function getGuideArticle(slug: string): (GuideArticleSummary & { markdown: string }) | undefined {
  const a = ARTICLES.find((x) => x.slug === slug);
  if (!a) return undefined;
  const disclaimer = a.disclaimer ? `_${a.disclaimer}_\n\n` : '';
  return { slug: a.slug, title: a.title, tags: [...a.tags], markdown: `# ${a.title}\n\n${disclaimer}**In short:** ${a.summary}\n\n${a.body}\n` };
}
