import type { CoverDesign, CoverLayout } from '@members-only/engines/cover';

/** One cover to make: the model's prompt and the built-in renderer's design describe the same cover. */
export interface CoverImageRequest {
  /** The full prompt (title as focal text, the label when asked, style, concept, direction). */
  prompt: string;
  design: CoverDesign;
  /** An edit of an earlier version: its image and the artist's instruction. */
  edit?: { instruction: string; previous: Buffer };
  signal?: AbortSignal;
}

export interface CoverImage {
  /** 3000×3000 sRGB PNG. */
  png: Buffer;
  /** Where the built-in renderer set the title and label; null for a model's picture. */
  layout: CoverLayout | null;
  /** Who made it: the model's name or the built-in renderer. */
  engine: string;
}

/** Cover images behind one interface: an image model, or the built-in renderer. */
export interface CoverImageProvider {
  readonly kind: 'model' | 'built-in';
  readonly engine: string;
  /** The longest prompt the model takes (a model's published maximum); the built-in renderer has none. */
  readonly maxPromptChars?: number;
  generate(request: CoverImageRequest): Promise<CoverImage>;
}
