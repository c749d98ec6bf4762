/**
 * The styles of 'Try Different Style' (spec §9: the six first, in the spec's order) and three
 * typographic and abstract styles real covers use (ADR 042). The API's list is shared's
 * COVER_STYLES (the engines import nothing from the workspace); apps/server/test/vocabularies.test.ts
 * fails if the two, or their labels, differ.
 */
export const COVER_STYLE_IDS = [
  'modern-minimalist',
  'vibrant-colourful',
  'dark-moody',
  'vintage-90s',
  'luxury-opulent',
  'street-art',
  'swiss-typographic',
  'duotone-mesh',
  'grain-blur',
] as const;
export type CoverStyleId = (typeof COVER_STYLE_IDS)[number];

export const COVER_STYLE_LABELS: Record<CoverStyleId, string> = {
  'modern-minimalist': 'modern minimalist',
  'vibrant-colourful': 'vibrant colourful',
  'dark-moody': 'dark and moody',
  'vintage-90s': 'vintage 90s',
  'luxury-opulent': 'luxury opulent',
  'street-art': 'street art',
  'swiss-typographic': 'Swiss typographic',
  'duotone-mesh': 'duotone gradient',
  'grain-blur': 'grain and blur',
};

/** The typeface each style sets its title in (all bundled, SIL Open Font License). */
export const STYLE_FONTS: Record<CoverStyleId, { family: CoverFontFamily; uppercase: boolean; letterSpacing: number }> = {
  'modern-minimalist': { family: 'Anton', uppercase: true, letterSpacing: 0.04 },
  'vibrant-colourful': { family: 'Anton', uppercase: true, letterSpacing: 0 },
  'dark-moody': { family: 'Anton', uppercase: true, letterSpacing: 0.12 },
  'vintage-90s': { family: 'Abril Fatface', uppercase: false, letterSpacing: 0 },
  'luxury-opulent': { family: 'Abril Fatface', uppercase: true, letterSpacing: 0.06 },
  'street-art': { family: 'Permanent Marker', uppercase: true, letterSpacing: 0 },
  'swiss-typographic': { family: 'Anton', uppercase: true, letterSpacing: -0.01 },
  'duotone-mesh': { family: 'Abril Fatface', uppercase: false, letterSpacing: 0 },
  'grain-blur': { family: 'Space Mono', uppercase: false, letterSpacing: -0.02 },
};
export const COVER_FONT_FAMILIES = ['Anton', 'Abril Fatface', 'Permanent Marker', 'Space Mono'] as const;
export type CoverFontFamily = (typeof COVER_FONT_FAMILIES)[number];
