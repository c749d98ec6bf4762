// Built-in song reviewer: scores from the lyric engine's measures and the audio facts.
// Imported by the app as `@members-only/engines/review` (it loads the lyric engine).
export {
  CATEGORIES,
  CATEGORY_LABELS,
  LOUDNESS_TARGETS,
  compareVersions,
  formatDuration,
  reviewTrack,
  reviewFocusOf,
  sectionOrder,
  schemePatterns,
  themesOf,
  workOn,
  technicalCheck,
  technicalMarkdown,
  type AudioFacts,
  type BuiltInReview,
  type Category,
  type ReviewFocus,
  type ReviewOptions,
  type TechnicalItem,
  type VersionSnapshot,
} from './review/reviewer';
export { COUPLETS, EVAL_FACTS, reviewPairs, runReviewEval, type ReviewEvalReport, type ReviewPair } from './review/eval-set';
