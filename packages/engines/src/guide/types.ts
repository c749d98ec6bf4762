/** Tool types of the app whose quick actions the guide can bias towards. */
export type GuideToolType = 'chat' | 'lyrics' | 'coverart' | 'marketing' | 'review';

/** One article of the built-in guide. `body` is Markdown made of `##` sections. */
export interface GuideArticle {
  /** URL-safe, unique id. */
  slug: string;
  title: string;
  /**
   * The article's short answer: one or two sentences that answer its main question directly,
   * drawn from what the body says (no fact or number that the body does not state). Shown at the
   * top of the article page, and offered as the lead of a guide answer.
   */
  summary: string;
  /** Search keywords (slang, abbreviations, names) that may not appear in the body. */
  tags: string[];
  /** Tools whose questions this article serves especially well (biases ranking for that tool). */
  tools: GuideToolType[];
  /** One-line "general information, not advice" note for legal, tax and money articles. */
  disclaimer?: string;
  /** Markdown: an optional intro paragraph followed by `##` sections. No `#` title line. */
  body: string;
}

export const LEGAL_DISCLAIMER =
  'General information, not legal advice. Laws and industry practice vary by country and change over time; talk to a qualified music lawyer about your situation.';
export const TAX_DISCLAIMER =
  'General information, not tax, legal or financial advice. Tax rules depend on where you live; check with a qualified accountant.';
