// Cover art: the built-in concept (mood and imagery from lyrics and audio facts), the model
// prompts and the cover composer (SVG per style). Rasterising happens in the server.
// Imported by the server as `@members-only/engines/cover`.
export { buildCoverConcept, hasExplicitWords, energyOf, moodOfText, motifsOfText, COVER_MOODS, MOOD_DESCRIPTIONS } from './cover/concept';
export type { CoverConcept, CoverMood, Motif, AudioFacts } from './cover/concept';
export { conceptPrompt, coverImagePrompt, coverEditPrompt, FALLBACK_CONCEPT, TRANSCRIPTION_EXCERPT, CONCEPT_EXCERPT } from './cover/prompt';
export type { CoverPromptInput } from './cover/prompt';
export { composeCover, fitTitle, svgDocument, groundAt, boxesOverlap, releaseDateLine, COVER_SIZE, SAFE_MARGIN_RATIO, TITLE_CLEARANCE_RATIO, MIN_TITLE_CONTRAST, BUILT_IN_COVER_RENDERER } from './cover/compose';
export type { CoverDesign, CoverLayout, ComposedCover, CoverFonts, Box, TitleFit } from './cover/compose';
export { COVER_STYLE_IDS, COVER_STYLE_LABELS, STYLE_FONTS, COVER_FONT_FAMILIES } from './cover/styles';
export type { CoverStyleId, CoverFontFamily } from './cover/styles';
export { readFontMetrics } from './cover/font-metrics';
export type { FontMetrics } from './cover/font-metrics';
export { paletteFor, contrast, contrastRatio, rgbLuminance, hueOf, hueDistance, COLOUR_WORDS } from './cover/palette';
export type { Palette, PaletteShift, Hsl, Rgb } from './cover/palette';
export { readEdit, readEdits } from './cover/edit';
export type { EditReading } from './cover/edit';
export { MOTIFS, MOTIF_IDS, motifById, canonicalMotif } from './cover/motifs';
export type { MotifDrawing } from './cover/motifs';
export { createRandom, hashString } from './cover/random';
